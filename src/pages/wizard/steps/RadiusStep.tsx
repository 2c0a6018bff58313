import { TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
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
export const RadiusStep = ({ service, pack, first, onBack, onNext, onChanged, remember }: StepProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const step = useConnectorStep({ service, pack, onNext, onChanged }, 'radius', 'portal.wizard.radius');
  const [form, setForm] = useState({ name: '', ipAddress: '' });
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const nameError = form.name.trim() === '' || form.name.trim().length > RADIUS_LIMITS.name;
  const ipError = !isIpAddress(form.ipAddress.trim());

  const create = step.addWith({
    touch: () => setTouched(true),
    valid: !(nameError || ipError),
    make: async () => {
      const name = form.name.trim();
      const { data } = await dataProvider.create<RadiusSecretAnswer & { id: string }>('radius', {
        data: { name, ipAddress: form.ipAddress.trim() },
      });
      return { id: String(data.id), name, secret: data.sharedSecret };
    },
    done: (made) => {
      remember({ radiusSecret: { connectorId: made.id, secret: made.secret } });
      setSecret(made.secret);
      setForm({ name: '', ipAddress: '' });
      setTouched(false);
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
      <TextField
        label={translate('portal.wizard.radius.name')}
        value={form.name}
        onChange={(event) => setForm({ ...form, name: event.target.value })}
        required
        slotProps={{ htmlInput: { maxLength: RADIUS_LIMITS.name } }}
        error={touched && nameError}
        helperText={touched && nameError ? translate('portal.wizard.radius.nameRequired') : ' '}
      />
      <TextField
        label={translate('portal.wizard.radius.ipAddress')}
        value={form.ipAddress}
        onChange={(event) => setForm({ ...form, ipAddress: event.target.value })}
        required
        slotProps={{ htmlInput: { maxLength: RADIUS_LIMITS.ipAddress } }}
        error={touched && ipError}
        helperText={translate(
          touched && ipError ? 'portal.wizard.radius.ipInvalid' : 'portal.wizard.radius.ipHelp',
        )}
      />
    </ConnectorStep>
  );
};
