import DeleteIcon from '@mui/icons-material/Delete';
import { Button, CanAccess, useDeleteWithConfirmController, useRecordContext } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Role } from './roleFields';

/**
 * Deletes the role after confirmation, with react-admin's delete-with-confirm controller and the portal's
 * yes/no dialog (spec 01 §2). The server refuses a role in use ('error.record.inUse') or a built-in one
 * ('error.role.builtIn'): the refusal is shown and the role stays. Guarded by `role:modify` (chosen: the
 * permission catalogue has no role:delete).
 */
export const RoleDeleteButton = () => {
  const record = useRecordContext<Role>();
  const { open, isPending, handleDialogOpen, handleDialogClose, handleDelete } =
    useDeleteWithConfirmController<Role>({ record, mutationMode: 'pessimistic', redirect: 'list' });
  if (!record) return null;
  return (
    <CanAccess resource="role" action="modify">
      <Button label="ra.action.delete" color="error" onClick={handleDialogOpen}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title="resources.role.delete.title"
        content="resources.role.delete.content"
        translateOptions={{ name: record.displayName || record.name }}
        loading={isPending}
        onAccept={handleDelete}
        onReject={handleDialogClose}
      />
    </CanAccess>
  );
};
