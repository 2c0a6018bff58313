import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { useId } from 'react';
import { useNotify, useTranslate } from 'react-admin';

export interface InitialPasswordDialogProps {
  email: string;
  password: string;
  onClose: () => void;
}

/**
 * The initial password of a new account, shown once: with a copy button and the reminder that the user
 * must change it at the first sign-in. Only the Done button closes it.
 */
export const InitialPasswordDialog = ({ email, password, onClose }: InitialPasswordDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(password);
    notify('resources.account.initialPassword.copied', { type: 'info' });
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate('resources.account.initialPassword.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('resources.account.initialPassword.body', { email })}
        </DialogContentText>
        <TextField
          label={translate('resources.account.initialPassword.label')}
          value={password}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              sx: { fontFamily: 'monospace' },
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={translate('resources.account.initialPassword.copy')}>
                    <IconButton
                      aria-label={translate('resources.account.initialPassword.copy')}
                      onClick={() => void copy()}
                      edge="end"
                    >
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.account.initialPassword.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
