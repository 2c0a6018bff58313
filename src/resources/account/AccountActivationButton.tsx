import { useGetIdentity } from 'react-admin';
import { ActivationButton } from '../../components/ActivationButtons';

/** Activate or Deactivate for an account; one's own account cannot be deactivated, and the button says so. */
export const AccountActivationButton = () => {
  const { identity } = useGetIdentity();
  return (
    <ActivationButton
      nameSource="email"
      deactivateRefusedFor={(record) =>
        identity && record.id === identity.id ? 'error.account.selfDeactivate' : undefined
      }
    />
  );
};
