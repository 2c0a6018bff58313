import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, useCanAccess, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorNotification } from '../../components/notifyError';
import { T, type TokenPack } from './tokenPackFields';

/**
 * Deletes the pack after confirmation (token-pack:delete), then opens the list. The server refuses a pack
 * that still has services (409 error.tokenPack.hasServices): its reason is shown and the pack stays.
 */
export const PackDeleteButton = () => {
  const record = useRecordContext<TokenPack>();
  const { canAccess } = useCanAccess({ resource: 'token-pack-v2', action: 'delete' });
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete<TokenPack>();
  if (!record || !canAccess) return null;
  const accept = () =>
    remove(
      'token-pack-v2',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(`${T}.notifications.deleted`, { type: 'info', messageArgs: { smart_count: 1 } });
          redirect('list', 'token-pack-v2');
        },
        onError: (error) => {
          setOpen(false);
          notify(...errorNotification(error));
        },
      },
    );
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={`${T}.delete.title`}
        content={`${T}.delete.content`}
        translateOptions={{ name: record.name }}
        loading={isPending}
        onAccept={accept}
        onReject={() => setOpen(false)}
      />
    </>
  );
};
