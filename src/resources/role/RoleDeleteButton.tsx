import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, CanAccess, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorNotification } from '../../components/notifyError';
import type { Role } from './roleFields';

/**
 * Deletes the role after confirmation. The server refuses a role in use ('error.record.inUse') or a
 * built-in one ('error.role.builtIn'): the refusal is shown and the role stays.
 * Guarded by `role:modify` (chosen: the permission catalogue has no role:delete).
 */
export const RoleDeleteButton = () => {
  const record = useRecordContext<Role>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<Role>();
  if (!record) return null;
  const accept = () =>
    remove(
      'role',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.role.notifications.deleted', { type: 'info' });
          redirect('list', 'role');
        },
        onError: (error) => {
          setOpen(false);
          notify(...errorNotification(error));
        },
      },
    );
  return (
    <CanAccess resource="role" action="modify">
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title="resources.role.delete.title"
        content="resources.role.delete.content"
        translateOptions={{ name: record.displayName || record.name }}
        loading={isPending}
        onAccept={accept}
        onReject={() => setOpen(false)}
      />
    </CanAccess>
  );
};
