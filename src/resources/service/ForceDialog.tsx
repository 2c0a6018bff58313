import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { DialogContentText, List, ListItem, ListItemText, Stack } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import type { LaunchValidation } from '../../../contract/service';
import { TitledDialog } from '../../kit/DialogForm';
import { errorNotification } from '../../kit/notifyError';
import { type Force, T, type UsedConnector, usedConnectorsOf } from './model';

interface ForceDialogProps {
  used: readonly UsedConnector[];
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'Warning connector setting!' (docs/requirements/billing-services-validation.md, docs/requirements/error-messages.md): which chosen connector another service uses, that a
 * connector serves one service only, and that the other service stops working through it.
 */
export const ForceDialog = ({ used, loading, onConfirm, onCancel }: ForceDialogProps) => {
  const translate = useTranslate();
  return (
    <TitledDialog
      title={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
          <WarningAmberIcon color="warning" aria-hidden />
          <span>{translate(`${T}.force.title`)}</span>
        </Stack>
      }
      explanation={`${T}.force.intro`}
      onClose={onCancel}
      fullWidth={false}
      actions={
        <>
          <Button label={`${T}.force.cancel`} onClick={onCancel} disabled={loading} />
          <Button
            label={`${T}.force.confirm`}
            variant="contained"
            color="warning"
            onClick={onConfirm}
            disabled={loading}
          />
        </>
      }
    >
      <List dense aria-label={translate(`${T}.force.listLabel`)}>
        {used.map((connector) => (
          <ListItem key={`${connector.connectorId}:${connector.serviceInstanceId}`}>
            <ListItemText
              primary={translate(`${T}.force.usedBy`, {
                connector: connector.connectorName,
                service: connector.serviceInstanceName,
              })}
            />
          </ListItem>
        ))}
      </List>
      <DialogContentText sx={{ mb: 1 }}>{translate(`${T}.force.consequence`)}</DialogContentText>
      <DialogContentText sx={{ fontWeight: 'bold', color: 'text.primary' }}>
        {translate(`${T}.force.question`)}
      </DialogContentText>
    </TitledDialog>
  );
};

export interface ForceRule<V> {
  /** Checks the server's validation first, then saves; or asks about the connectors another service uses. */
  validate: (values: V, force: Force) => Promise<LaunchValidation>;
  save: (values: V, force: Force) => Promise<void>;
}

/**
 * The force rule of a launch and of a service's change (docs/requirements/billing-services-validation.md): the server's validation runs before
 * saving; when it answers not successful with used connectors and force is 'false', the warning asks, and
 * confirming validates and saves again with force 'true'. A save the server refuses shows its messageKey as
 * a warning (a refusal naming used connectors asks the same question).
 */
export const useForceRule = <V,>({
  validate,
  save,
}: ForceRule<V>): { submit: (values: V) => Promise<void>; dialog: ReactElement | null } => {
  const notify = useNotify();
  const [pending, setPending] = useState<{ values: V; used: UsedConnector[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (values: V, force: Force) => {
    let validation: LaunchValidation;
    try {
      validation = await validate(values, force);
    } catch (error) {
      notify(...errorNotification(error));
      return;
    }
    if (!validation.success) {
      if (force === 'false' && validation.usedConnectors.length > 0)
        setPending({ values, used: validation.usedConnectors });
      else notify(`${T}.validation.refused`, { type: 'warning' });
      return;
    }
    try {
      await save(values, force);
    } catch (error) {
      const used = usedConnectorsOf(error);
      if (force === 'false' && used) setPending({ values, used });
      else notify(...errorNotification(error));
    }
  };

  const dialog = pending ? (
    <ForceDialog
      used={pending.used}
      loading={busy}
      onCancel={() => setPending(null)}
      onConfirm={async () => {
        setBusy(true);
        try {
          await attempt(pending.values, 'true');
        } finally {
          setBusy(false);
          setPending(null);
        }
      }}
    />
  ) : null;
  return { submit: (values: V) => attempt(values, 'false'), dialog };
};
