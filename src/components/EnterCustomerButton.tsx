import LoginIcon from '@mui/icons-material/Login';
import { useQueryClient } from '@tanstack/react-query';
import { Button, useAuthProvider, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalAuthProvider } from '../authProvider';

/**
 * An operator enters a customer's context (docs/requirements/portal-states.md Scope): the current scope becomes customer and
 * the customer menu shows. Used on the customer list and show pages.
 */
export const EnterCustomerButton = ({ label = 'portal.customerContext.enter' }: { label?: string }) => {
  const record = useRecordContext<{ id: string; companyName: string }>();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!record || !authProvider) return null;
  return (
    <Button
      label={label}
      onClick={async (event) => {
        event.stopPropagation();
        await authProvider.enterCustomer({ id: String(record.id), name: record.companyName });
        queryClient.clear();
        navigate('/report');
      }}
    >
      <LoginIcon />
    </Button>
  );
};
