import { SecretDialog } from '../../components/SecretDialog';

export interface InitialPasswordDialogProps {
  email: string;
  password: string;
  onClose: () => void;
}

const TEXTS = {
  title: 'resources.account.initialPassword.title',
  body: 'resources.account.initialPassword.body',
  label: 'resources.account.initialPassword.label',
  copy: 'resources.account.initialPassword.copy',
  copied: 'resources.account.initialPassword.copied',
  close: 'resources.account.initialPassword.close',
};

/**
 * The initial password of a new account, shown once: with a copy button and the reminder that the user
 * must change it at the first sign-in. Only the Done button closes it.
 */
export const InitialPasswordDialog = ({ email, password, onClose }: InitialPasswordDialogProps) => (
  <SecretDialog texts={TEXTS} args={{ email }} secret={password} onClose={onClose} />
);
