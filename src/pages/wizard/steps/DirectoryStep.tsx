import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CONNECTOR_TYPE_IDS, type ConnectorKind } from '../../../../contract/connector';
import { assignedId, ConnectorPicker, useConnectorOptions } from '../ConnectorPicker';
import { useAssignConnector } from '../useAssignConnector';
import { typeIdOfKind } from '../wizardState';
import type { StepProps } from './types';
import { WizardNav } from './WizardNav';

/** Where a directory is added (the ldap resource's create page), in a new tab: the wizard stays as it is. */
const ADD_DIRECTORY_PATH = '/ldap/create';

/**
 * The directory whose users sign in through the service: one of the customer's directories, as the
 * connector lookups list them (ldap, or ldap_2fa when the service already uses a directory as such), or a
 * link to add one (the list is read again when the wizard's tab comes back to the front). Next gives it to the service (validate-update, then update, keeping its other connectors).
 */
export const DirectoryStep = ({ service, pack, first, onBack, onNext, onChanged }: StepProps) => {
  const translate = useTranslate();
  const current = service.connectors.find(
    (connector) => typeIdOfKind(connector.type) === CONNECTOR_TYPE_IDS.ldap,
  );
  const kind: ConnectorKind = current?.type === 'ldap_2fa' ? 'ldap_2fa' : 'ldap';
  const { options, isPending } = useConnectorOptions(kind);
  const assigned = assignedId(service, kind);
  const [chosen, setChosen] = useState(assigned);
  const { assign, saving, dialog } = useAssignConnector(service);

  const next = async () => {
    if (chosen === assigned) {
      onNext();
      return;
    }
    const option = options.find((candidate) => candidate.id === chosen);
    if (!option) return;
    const saved = await assign({ id: option.id, kind, name: option.name });
    if (saved) {
      onChanged(saved, pack);
      onNext();
    }
  };

  const addLink = (
    <Button
      component={RouterLink}
      to={ADD_DIRECTORY_PATH}
      target="_blank"
      rel="noopener"
      startIcon={<AddIcon />}
    >
      {translate('portal.wizard.directory.add')}
    </Button>
  );

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('portal.wizard.steps.directory')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('portal.wizard.directory.intro')}</Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('portal.wizard.loading')} />
      ) : options.length === 0 ? (
        <Alert severity="info" action={addLink}>
          <strong>{translate('portal.wizard.directory.noneTitle')}</strong>{' '}
          {translate('portal.wizard.directory.noneBody')}
        </Alert>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ConnectorPicker
            label="portal.wizard.directory.label"
            options={options}
            value={chosen}
            onChange={setChosen}
            disabled={saving}
            helperText={chosen ? undefined : 'portal.wizard.directory.required'}
          />
          <Box>{addLink}</Box>
        </Stack>
      )}
      {dialog}
      <WizardNav
        first={first}
        onBack={onBack}
        onNext={() => void next()}
        nextDisabled={!chosen}
        busy={saving}
      />
    </>
  );
};
