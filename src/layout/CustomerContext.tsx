import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import { Button, Chip, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalAuthProvider } from '../authProvider';
import { SCOPE, useSession } from '../session';

/**
 * In the app bar while an operator is inside a customer: the customer's name and a Return button that
 * clears the customer, sets the scope back to provider and goes to /customer.
 */
export const CustomerContext = () => {
  const session = useSession();
  const translate = useTranslate();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (session?.originalScope !== SCOPE.PROVIDER || session.currentScope !== SCOPE.CUSTOMER || !authProvider) {
    return null;
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 1 }}>
      <Chip
        label={translate('portal.customerContext.inside', { name: session.customerName ?? '' })}
        sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.6)' }}
        variant="outlined"
      />
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<KeyboardReturnIcon />}
        onClick={async () => {
          await authProvider.returnToProvider();
          queryClient.clear();
          navigate('/customer');
        }}
      >
        {translate('portal.customerContext.return')}
      </Button>
    </Stack>
  );
};
