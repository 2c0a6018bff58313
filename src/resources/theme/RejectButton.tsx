import BlockIcon from '@mui/icons-material/Block';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { THEME_LIMITS } from '../../../contract/theme';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { SCOPE, useSession } from '../../session';
import { T, type Theme } from './themeFields';

/**
 * A provider operator inside a customer (theme:configure, provider scope) refuses the customer's theme,
 * saying why (POST /whitelabelapp/theme/reject); the customer sees the reason on the theme.
 */
export const RejectButton = () => {
  const record = useRecordContext<Theme>();
  const session = useSession();
  const { canAccess } = useCanAccess({ resource: 'theme', action: 'configure' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const operator = session?.originalScope === SCOPE.PROVIDER && session.currentScope === SCOPE.CUSTOMER;
  if (!record || !operator || !canAccess) return null;

  const close = () => {
    setOpen(false);
    setReason('');
    setTried(false);
  };
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    if (missing) return;
    setBusy(true);
    try {
      await dataProvider.reject('theme', {
        data: { themeId: record.id, customerId: record.customerId, reason: reason.trim() },
      });
      notify(`${T}.notifications.rejected`, { type: 'info' });
      close();
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={`${T}.reject.action`} color="error" onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogTitle id={titleId}>{translate(`${T}.reject.title`, { name: record.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate(`${T}.reject.body`)}</DialogContentText>
            <TextField
              label={translate(`${T}.reject.reason`)}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={3}
              fullWidth
              autoFocus
              error={tried && missing}
              helperText={tried && missing ? translate(`${T}.reject.reasonRequired`) : ' '}
              slotProps={{ htmlInput: { maxLength: THEME_LIMITS.rejectReason } }}
            />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={close} disabled={busy} />
            <Button
              label={`${T}.reject.action`}
              type="submit"
              color="error"
              variant="contained"
              disabled={busy}
            />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
