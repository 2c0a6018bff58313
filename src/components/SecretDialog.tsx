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

/** The catalogue keys of a secret's dialog. */
export interface SecretTexts {
  title: string;
  /** Says whether the secret is shown once or can be read again, and what to do with it. */
  body: string;
  label: string;
  copy?: string;
  copied?: string;
  close?: string;
}

export interface SecretDialogProps {
  texts: SecretTexts;
  /** Placeholders of the body (`%{name}`). */
  args?: Record<string, unknown>;
  secret: string;
  onClose: () => void;
}

/**
 * A secret the server made or revealed (a first password, a shared secret, an API key, a client secret),
 * with a copy button and what to do with it. Only the Done button closes it, so that a secret shown once is
 * not dismissed by a stray click.
 */
export const SecretDialog = ({ texts, args, secret, onClose }: SecretDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const copyLabel = translate(texts.copy ?? 'portal.secret.copy');
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    notify(texts.copied ?? 'portal.secret.copied', { type: 'info' });
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate(texts.title, args)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(texts.body, args)}</DialogContentText>
        <TextField
          label={translate(texts.label)}
          value={secret}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              sx: { fontFamily: 'monospace' },
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={copyLabel}>
                    <IconButton aria-label={copyLabel} onClick={() => void copy()} edge="end">
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
          {translate(texts.close ?? 'portal.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
