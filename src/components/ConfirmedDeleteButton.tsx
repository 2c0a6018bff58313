import DeleteIcon from '@mui/icons-material/Delete';
import { ConfirmedButton, type ConfirmedButtonProps } from './ConfirmedButton';

/**
 * A Delete button that asks first (ConfirmDialog, spec 01 §2): `remove` runs on Yes; the dialog closes when
 * it settles, and a failure is notified in the server's words.
 */
export const ConfirmedDeleteButton = ({
  remove,
  ...confirmation
}: Pick<ConfirmedButtonProps, 'title' | 'content' | 'translateOptions'> & {
  remove: () => Promise<unknown>;
}) => (
  <ConfirmedButton
    label="ra.action.delete"
    color="error"
    icon={<DeleteIcon />}
    run={remove}
    {...confirmation}
  />
);
