import { TextField } from '@mui/material';
import { useState } from 'react';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { isDomainName } from '../../../../contract/rules';
import { SAML_LIMITS, type SamlDefaults } from '../../../../contract/saml';
import type { PortalDataProvider } from '../../../dataProviders';
import { ConnectorStep, useConnectorStep } from '../ConnectorStep';
import type { StepProps } from './types';

/**
 * The Office 365 (SAML) connector and the Microsoft 365 domain to federate. A connector is one of the
 * customer's, or one added here from a name: it starts from the provider's SAML setting (GET saml defaults,
 * as the connector's own create page does) and is given to the service at once; a chosen one when Next is
 * pressed (validate-update, 'Warning connector setting!' when another service uses it, then update).
 */
const nameRule = (value: unknown) => {
  const name = typeof value === 'string' ? value.trim() : '';
  return name === '' || name.length > SAML_LIMITS.name ? 'portal.wizard.saml.nameRequired' : undefined;
};

export const SamlStep = ({
  service,
  pack,
  first,
  onBack,
  onNext,
  onChanged,
  memory,
  remember,
}: StepProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const step = useConnectorStep({ service, pack, onNext, onChanged }, 'saml', 'portal.wizard.saml');
  const [domain, setDomain] = useState(memory.domain ?? '');
  const [domainTouched, setDomainTouched] = useState(false);
  const domainError = !isDomainName(domain.trim());

  const next = async () => {
    setDomainTouched(true);
    if (domainError || !step.chosen) return;
    remember({ domain: domain.trim() });
    await step.next();
  };

  const create = step.addWith({
    make: async (values) => {
      const name = (values.name ?? '').trim();
      const { data: defaults } = await dataProvider.defaults<SamlDefaults>('saml', {});
      const { data } = await dataProvider.create<{ id: string }>('saml', { data: { ...defaults, name } });
      return { id: String(data.id), name };
    },
  });

  return (
    <ConnectorStep
      step={step}
      title="portal.wizard.steps.saml"
      onAdd={create}
      addHelp="portal.wizard.saml.addHelp"
      first={first}
      onBack={onBack}
      onNext={next}
      below={
        <TextField
          label={translate('portal.wizard.saml.domain')}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          onBlur={() => setDomainTouched(true)}
          required
          slotProps={{ htmlInput: { maxLength: SAML_LIMITS.domain } }}
          error={domainTouched && domainError}
          helperText={translate(
            domainTouched && domainError
              ? 'portal.wizard.saml.domainInvalid'
              : 'portal.wizard.saml.domainHelp',
          )}
          fullWidth
          sx={{ maxWidth: 480 }}
        />
      }
    >
      <TextInput
        source="name"
        label="portal.wizard.saml.name"
        defaultValue=""
        validate={nameRule}
        isRequired
        slotProps={{ htmlInput: { maxLength: SAML_LIMITS.name } }}
      />
    </ConnectorStep>
  );
};
