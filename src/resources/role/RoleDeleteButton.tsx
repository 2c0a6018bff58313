import DeleteIcon from '@mui/icons-material/Delete';
import { CanAccess, useDeleteWithConfirmController, useRecordContext } from 'react-admin';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { RefusableButton } from '../../kit/RefusableButton';
import { deleteRefusalOf, type Role } from './roleFields';

/**
 * Deletes the role after confirmation, with react-admin's delete-with-confirm controller and the portal's
 * yes/no dialog (spec 01 §2). A role in use or built in is not offered for deletion (the server would refuse
 * it): the button says why. Guarded by `role:modify` (chosen: the
 * permission catalogue has no role:delete).
 */
export const RoleDeleteButton = () => {
  const record = useRecordContext<Role>();
  const { open, isPending, handleDialogOpen, handleDialogClose, handleDelete } =
    useDeleteWithConfirmController<Role>({ record, mutationMode: 'pessimistic', redirect: 'list' });
  if (!record) return null;
  return (
    <CanAccess resource="role" action="modify">
      <RefusableButton
        label="ra.action.delete"
        color="error"
        onClick={handleDialogOpen}
        refusal={deleteRefusalOf(record)}
      >
        <DeleteIcon />
      </RefusableButton>
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
