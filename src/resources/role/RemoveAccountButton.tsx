import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { errorNotification } from '../../kit/notifyError';
import type { AccountOfRole, Role } from './roleFields';

/** Takes the row's account out of the role, after confirmation (POST /account/role/remove_account). */
export const RemoveAccountButton = ({ role }: { role: Role }) => {
  const row = useRecordContext<AccountOfRole>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (accountId: string) =>
      dataProvider.removeAccount('role', { data: { roleId: role.id, accountIds: [accountId] } }),
    onSuccess: () => {
      setOpen(false);
      notify('resources.role.notifications.accountsRemoved', {
        type: 'info',
        messageArgs: { smart_count: 1 },
      });
      refresh();
    },
    onError: (error) => {
      setOpen(false);
      notify(...errorNotification(error));
    },
  });
  if (!row) return null;
  return (
    <>
      <Button label="resources.role.accounts.remove" color="error" onClick={() => setOpen(true)}>
        <PersonRemoveIcon />
      </Button>
      <ConfirmDialog
        open={open}
        content="resources.role.accounts.removeContent"
        translateOptions={{ email: row.email, name: role.displayName || role.name }}
        loading={isPending}
        onAccept={() => mutate(row.accountId)}
        onReject={() => setOpen(false)}
      />
    </>
  );
};
