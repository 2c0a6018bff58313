import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button, Form, SaveButton, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { EMAIL_MAX_LENGTH } from '../../../contract/rules';
import { errorNotification } from '../../components/notifyError';
import type { PortalDataProvider } from '../../dataProviders';
import { type ActivationCode, RESOURCE, type SendMailAnswer, T, validateSendTo } from './model';

/**
 * Send one code by email (spec 02 §2 row action, §5, §8): the address starts as the user's own and may be
 * changed; an empty one says 'Email must not be empty' and a malformed one 'Please input a valid email.',
 * and nothing is sent. The server's refusal is shown as it comes, and the dialog stays open.
 */
export const SendMailDialog = ({ code, onClose }: { code: ActivationCode; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const { mutate, isPending } = useMutation({
    mutationFn: (email: string) =>
      dataProvider.sendMail<SendMailAnswer>(RESOURCE, { data: { ids: [code.id], email } }),
    onSuccess: ({ data }) => {
      if (data.queued > 0) notify(`${T}.notifications.sent`, { type: 'info' });
      else notify(`${T}.notifications.noneSent`, { type: 'warning' });
      onClose();
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Form
        noValidate
        defaultValues={{ email: code.email ?? '' }}
        onSubmit={(values: { email?: string }) => mutate((values.email ?? '').trim())}
      >
        <DialogTitle id={titleId}>{translate(`${T}.sendMailDialog.title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(`${T}.sendMailDialog.explanation`, { username: code.username })}
          </DialogContentText>
          <TextInput
            source="email"
            type="email"
            label={`${T}.sendMailDialog.email`}
            validate={validateSendTo}
            isRequired
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton
            label={`${T}.actions.send`}
            icon={<SendIcon />}
            disabled={isPending}
            alwaysEnable={!isPending}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
