import AddIcon from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { isDomainName } from '../../../../contract/connector';
import { SAML_LIMITS, type SamlDefaults } from '../../../../contract/saml';
import { errorNotification } from '../../../components/notifyError';
import type { PortalDataProvider } from '../../../dataProviders';
import { assignedId, ConnectorPicker, useConnectorOptions } from '../ConnectorPicker';
import { useAssignConnector } from '../useAssignConnector';
import type { StepProps } from './types';
import { WizardNav } from './WizardNav';

/**
 * The Office 365 (SAML) connector and the Microsoft 365 domain to federate. A connector is one of the
 * customer's, or one added here from a name: it starts from the provider's SAML setting (GET saml defaults,
 * as the connector's own create page does) and is given to the service at once; a chosen one when Next is
 * pressed (validate-update, 'Warning connector setting!' when another service uses it, then update).
 */
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
  const notify = useNotify();
  const { options, isPending, added } = useConnectorOptions('saml');
  const assigned = assignedId(service, 'saml');
  const [chosen, setChosen] = useState(assigned);
  const { assign, saving, dialog } = useAssignConnector(service);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const [domain, setDomain] = useState(memory.domain ?? '');
  const [domainTouched, setDomainTouched] = useState(false);
  const showForm = adding || (!isPending && options.length === 0);
  const nameError = name.trim() === '' || name.trim().length > SAML_LIMITS.name;
  const domainError = !isDomainName(domain.trim());

  const give = async (id: string, connectorName: string) => {
    const saved = await assign({ id, kind: 'saml', name: connectorName });
    if (saved) onChanged(saved, pack);
    return saved;
  };

  const next = async () => {
    setDomainTouched(true);
    if (domainError || !chosen) return;
    remember({ domain: domain.trim() });
    if (chosen === assigned) {
      onNext();
      return;
    }
    const option = options.find((candidate) => candidate.id === chosen);
    if (option && (await give(option.id, option.name))) onNext();
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    if (nameError) return;
    setCreating(true);
    try {
      const { data: defaults } = await dataProvider.defaults<SamlDefaults>('saml', {});
      const { data } = await dataProvider.create<{ id: string }>('saml', {
        data: { ...defaults, name: name.trim() },
      });
      notify('portal.wizard.saml.created', { type: 'info' });
      added({ id: String(data.id), name: name.trim() });
      setChosen(String(data.id));
      setAdding(false);
      setName('');
      setNameTouched(false);
      await give(String(data.id), name.trim());
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setCreating(false);
    }
  };

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('portal.wizard.steps.saml')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('portal.wizard.saml.intro')}</Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('portal.wizard.loading')} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {options.length > 0 ? (
            <ConnectorPicker
              label="portal.wizard.saml.label"
              options={options}
              value={chosen}
              onChange={setChosen}
              disabled={saving || creating}
              helperText={chosen ? undefined : 'portal.wizard.saml.required'}
            />
          ) : (
            <Typography color="text.secondary">{translate('portal.wizard.saml.none')}</Typography>
          )}
          {showForm ? (
            <Paper
              variant="outlined"
              component="form"
              noValidate
              onSubmit={create}
              sx={{ p: 2, width: '100%', maxWidth: 480 }}
            >
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {translate('portal.wizard.saml.addTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('portal.wizard.saml.addHelp')}
              </Typography>
              <Stack spacing={2}>
                <TextField
                  label={translate('portal.wizard.saml.name')}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  required
                  slotProps={{ htmlInput: { maxLength: SAML_LIMITS.name } }}
                  error={nameTouched && nameError}
                  helperText={nameTouched && nameError ? translate('portal.wizard.saml.nameRequired') : ' '}
                />
                <Box>
                  <Button
                    type="submit"
                    variant="outlined"
                    disabled={creating || saving}
                    startIcon={<AddIcon />}
                  >
                    {translate('portal.wizard.saml.create')}
                  </Button>
                </Box>
              </Stack>
            </Paper>
          ) : (
            <Button onClick={() => setAdding(true)} startIcon={<AddIcon />}>
              {translate('portal.wizard.saml.addTitle')}
            </Button>
          )}
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
        </Stack>
      )}
      {dialog}
      <WizardNav
        first={first}
        onBack={onBack}
        onNext={() => void next()}
        nextDisabled={!chosen || creating}
        busy={saving}
      />
    </>
  );
};
