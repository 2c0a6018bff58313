import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button, Form, SaveButton, TextInput, useNotify, useTranslate, type Validator } from 'react-admin';
import { EMAIL_MAX_LENGTH } from '../../contract/rules';
import { errorNotification } from '../kit/notifyError';

export interface SendMailDialogProps {
  /** Catalogue keys of the dialog's title, its explanation, the address field and the send button. */
  title: string;
  explanation: string;
  explanationOptions?: Record<string, unknown>;
  emailLabel: string;
  sendLabel: string;
  /** The address the field starts with (the user's own, or empty). */
  defaultEmail: string | null;
  /** The address's rule: not empty, then an email (spec 02 §5), in the screen's own words. */
  validate: Validator;
  /** Sends to the trimmed address and says so; a failure is notified here and keeps the dialog open. */
  send: (email: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Send something (an activation code, an OTP code) to one address (spec 02 §2 row actions, §5, §8): the
 * address starts as the user's own and may be changed; an invalid one is refused before anything is sent.
 * The server's refusal is shown as it comes (a warning), and the dialog stays open; a success closes it.
 */
export const SendMailDialog = ({
  title,
  explanation,
  explanationOptions,
  emailLabel,
  sendLabel,
  defaultEmail,
  validate,
  send,
  onClose,
}: SendMailDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { mutate, isPending } = useMutation({
    mutationFn: send,
    onSuccess: onClose,
    onError: (error) => notify(...errorNotification(error)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Form
        noValidate
        defaultValues={{ email: defaultEmail ?? '' }}
        onSubmit={(values: { email?: string }) => mutate((values.email ?? '').trim())}
      >
        <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate(explanation, explanationOptions)}</DialogContentText>
          <TextInput
            source="email"
            type="email"
            label={emailLabel}
            validate={validate}
            isRequired
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton label={sendLabel} icon={<SendIcon />} disabled={isPending} alwaysEnable={!isPending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
