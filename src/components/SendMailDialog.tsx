import SendIcon from '@mui/icons-material/Send';
import { TextInput, type Validator } from 'react-admin';
import { EMAIL_MAX_LENGTH } from '../../contract/rules';
import { DialogForm } from '../kit/DialogForm';

export interface SendMailDialogProps {
  /** Catalogue keys of the dialog's title, its explanation, the address field and the send button. */
  title: string;
  explanation: string;
  explanationOptions?: Record<string, unknown>;
  emailLabel: string;
  sendLabel: string;
  /** The address the field starts with (the user's own, or empty). */
  defaultEmail: string | null;
  /** The address's rule: not empty, then an email (docs/requirements/billing-services-validation.md), in the screen's own words. */
  validate: Validator;
  /** Sends to the trimmed address and says so; a failure is notified here and keeps the dialog open. */
  send: (email: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Send something (an activation code, an OTP code) to one address (docs/requirements/billing-services-screens.md row actions, docs/requirements/billing-services-validation.md, docs/requirements/error-messages.md): the
 * address starts as the user's own and may be changed; an invalid one is refused before anything is sent.
 * The server's refusal is shown as it comes (a warning), and the dialog stays open; a success closes it.
 */
export const SendMailDialog = ({
  emailLabel,
  sendLabel,
  defaultEmail,
  validate,
  send,
  ...texts
}: SendMailDialogProps) => (
  <DialogForm<{ email?: string }>
    {...texts}
    defaultValues={{ email: defaultEmail ?? '' }}
    submit={(values) => send((values.email ?? '').trim())}
    refresh={false}
    submitLabel={sendLabel}
    submitIcon={<SendIcon />}
  >
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
  </DialogForm>
);
