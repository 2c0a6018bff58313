import { useState } from 'react';
import { TextInput, useDataProvider } from 'react-admin';
import { isIpAddress } from '../../../../contract/connector';
import { RADIUS_LIMITS, type RadiusSecretAnswer } from '../../../../contract/radius';
import { SecretDialog } from '../../../components/SecretDialog';
import type { PortalDataProvider } from '../../../dataProviders';
import { ConnectorStep, useConnectorStep } from '../ConnectorStep';
import type { StepProps } from './types';

/** The shared secret's dialog: shown once, when the connector is made. */
const SECRET_TEXTS = {
  title: 'portal.wizard.radius.secret.title',
  body: 'portal.wizard.radius.secret.body',
  label: 'portal.wizard.radius.secret.label',
};

/**
 * The RADIUS connector of the VPN: one of the customer's, or one added here from a name and the VPN's IP
 * address (POST radius: the gateway makes the shared secret and answers it once, shown in the secret
 * dialog). A connector added here is given to the service at once; a chosen one when Next is pressed. Both
 * go through validate-update (and 'Warning connector setting!' when another service uses it) and update.
 */
const nameRule = (value: unknown) => {
  const name = typeof value === 'string' ? value.trim() : '';
  return name === '' || name.length > RADIUS_LIMITS.name ? 'portal.wizard.radius.nameRequired' : undefined;
};
const ipRule = (value: unknown) =>
  isIpAddress(typeof value === 'string' ? value.trim() : '') ? undefined : 'portal.wizard.radius.ipInvalid';

export const RadiusStep = ({ service, pack, first, onBack, onNext, onChanged, remember }: StepProps) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const step = useConnectorStep({ service, pack, onNext, onChanged }, 'radius', 'portal.wizard.radius');
  const [secret, setSecret] = useState<string | null>(null);

  const create = step.addWith({
    make: async (values) => {
      const name = (values.name ?? '').trim();
      const { data } = await dataProvider.create<RadiusSecretAnswer & { id: string }>('radius', {
        data: { name, ipAddress: (values.ipAddress ?? '').trim() },
      });
      return { id: String(data.id), name, secret: data.sharedSecret };
    },
    done: (made) => {
      remember({ radiusSecret: { connectorId: made.id, secret: made.secret } });
      setSecret(made.secret);
    },
  });

  return (
    <ConnectorStep
      step={step}
      title="portal.wizard.steps.radius"
      onAdd={create}
      first={first}
      onBack={onBack}
      dialogs={
        secret !== null && (
          <SecretDialog texts={SECRET_TEXTS} secret={secret} onClose={() => setSecret(null)} />
        )
      }
    >
      <TextInput
        source="name"
        label="portal.wizard.radius.name"
        defaultValue=""
        validate={nameRule}
        isRequired
        slotProps={{ htmlInput: { maxLength: RADIUS_LIMITS.name } }}
      />
      <TextInput
        source="ipAddress"
        label="portal.wizard.radius.ipAddress"
        defaultValue=""
        validate={ipRule}
        isRequired
        helperText="portal.wizard.radius.ipHelp"
        slotProps={{ htmlInput: { maxLength: RADIUS_LIMITS.ipAddress } }}
      />
    </ConnectorStep>
  );
};
