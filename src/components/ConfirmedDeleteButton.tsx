import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { errorNotification } from './notifyError';

/**
 * A Delete button that asks first (ConfirmDialog, spec 01 §2): `remove` runs on Yes; the dialog closes when
 * it settles, and a failure is notified in the server's words.
 */
export const ConfirmedDeleteButton = ({
  title,
  content,
  translateOptions,
  remove,
}: {
  title: string;
  content: string;
  translateOptions?: Record<string, unknown>;
  remove: () => Promise<unknown>;
}) => {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      await remove();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setConfirming(true)}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={title}
        content={content}
        translateOptions={translateOptions}
        loading={busy}
        onAccept={() => void accept()}
        onReject={() => setConfirming(false)}
      />
    </>
  );
};
