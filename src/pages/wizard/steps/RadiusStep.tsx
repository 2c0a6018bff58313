import AddIcon from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { isIpAddress } from '../../../../contract/connector';
import { RADIUS_LIMITS, type RadiusSecretAnswer } from '../../../../contract/radius';
import { errorNotification } from '../../../components/notifyError';
import { SecretDialog } from '../../../components/SecretDialog';
import type { PortalDataProvider } from '../../../dataProviders';
import { assignedId, ConnectorPicker, useConnectorOptions } from '../ConnectorPicker';
import { useAssignConnector } from '../useAssignConnector';
import type { StepProps } from './types';
import { WizardNav } from './WizardNav';

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
  const notify = useNotify();
  const { options, isPending, added } = useConnectorOptions('radius');
  const assigned = assignedId(service, 'radius');
  const [chosen, setChosen] = useState(assigned);
  const { assign, saving, dialog } = useAssignConnector(service);
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ name: '', ipAddress: '' });
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const showForm = adding || (!isPending && options.length === 0);

  const nameError = form.name.trim() === '' || form.name.trim().length > RADIUS_LIMITS.name;
  const ipError = !isIpAddress(form.ipAddress.trim());

  const give = async (id: string, name: string) => {
    const saved = await assign({ id, kind: 'radius', name });
    if (saved) onChanged(saved, pack);
    return saved;
  };

  const next = async () => {
    if (chosen === assigned) {
      onNext();
      return;
    }
    const option = options.find((candidate) => candidate.id === chosen);
    if (option && (await give(option.id, option.name))) onNext();
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || ipError) return;
    setCreating(true);
    try {
      const name = form.name.trim();
      const { data } = await dataProvider.create<RadiusSecretAnswer & { id: string }>('radius', {
        data: { name, ipAddress: form.ipAddress.trim() },
      });
      notify('portal.wizard.radius.created', { type: 'info' });
      added({ id: String(data.id), name });
      remember({ radiusSecret: { connectorId: String(data.id), secret: data.sharedSecret } });
      setSecret(data.sharedSecret);
      setChosen(String(data.id));
      setAdding(false);
      setForm({ name: '', ipAddress: '' });
      setTouched(false);
      await give(String(data.id), name);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setCreating(false);
    }
  };

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('portal.wizard.steps.radius')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('portal.wizard.radius.intro')}</Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('portal.wizard.loading')} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {options.length > 0 ? (
            <ConnectorPicker
              label="portal.wizard.radius.label"
              options={options}
              value={chosen}
              onChange={setChosen}
              disabled={saving || creating}
              helperText={chosen ? undefined : 'portal.wizard.radius.required'}
            />
          ) : (
            <Typography color="text.secondary">{translate('portal.wizard.radius.none')}</Typography>
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
                {translate('portal.wizard.radius.addTitle')}
              </Typography>
              <Stack spacing={2}>
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
                <Box>
                  <Button
                    type="submit"
                    variant="outlined"
                    disabled={creating || saving}
                    startIcon={<AddIcon />}
                  >
                    {translate('portal.wizard.radius.create')}
                  </Button>
                </Box>
              </Stack>
            </Paper>
          ) : (
            <Button onClick={() => setAdding(true)} startIcon={<AddIcon />}>
              {translate('portal.wizard.radius.addTitle')}
            </Button>
          )}
        </Stack>
      )}
      {dialog}
      {secret !== null && (
        <SecretDialog texts={SECRET_TEXTS} secret={secret} onClose={() => setSecret(null)} />
      )}
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
