import DeleteIcon from '@mui/icons-material/Delete';
import { type MouseEvent, useState } from 'react';
import {
  useCanAccess,
  useDelete,
  useDeleteMany,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { ConfirmedDeleteButton } from '../../components/ConfirmedDeleteButton';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { errorNotification } from '../../kit/notifyError';
import { RefusableButton } from '../../kit/RefusableButton';
import { isLocked, T, type Theme } from './themeFields';

/**
 * Deleting a theme is guarded by theme:configure (the contract's delete; the permission catalogue has no
 * theme:delete).
 */
const useCanDelete = () => useCanAccess({ resource: 'theme', action: 'configure' }).canAccess === true;

/**
 * Deletes the theme after confirmation. A theme a token pack shows cannot be deleted: the button says why
 * (the server would answer 409 THEME_IN_USE, which is shown in its words should it still come).
 */
export const ThemeDeleteButton = ({ redirectTo }: { redirectTo?: 'list' }) => {
  const record = useRecordContext<Theme>();
  const canDelete = useCanDelete();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete<Theme>();
  if (!record || !canDelete) return null;
  const accept = () =>
    remove(
      'theme',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(`${T}.notifications.deleted`, { type: 'info', messageArgs: { smart_count: 1 } });
          if (redirectTo) redirect(redirectTo, 'theme');
        },
        onError: (error) => {
          setOpen(false);
          notify(...errorNotification(error));
        },
      },
    );
  return (
    <>
      <RefusableButton
        label="ra.action.delete"
        color="error"
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
        refusal={isLocked(record) ? 'error.theme.inUse' : undefined}
      >
        <DeleteIcon />
      </RefusableButton>
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

/** Deletes the selected themes after confirmation; a refusal (409 THEME_IN_USE) is shown in the server's words. */
export const ThemeBulkDeleteButton = () => {
  const { selectedIds } = useListContext<Theme>();
  const canDelete = useCanDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('theme');
  const [removeMany] = useDeleteMany<Theme>();
  if (!canDelete) return null;
  return (
    <ConfirmedDeleteButton
      title={`${T}.delete.manyTitle`}
      content={`${T}.delete.manyContent`}
      translateOptions={{ smart_count: selectedIds.length }}
      remove={async () => {
        try {
          await removeMany(
            'theme',
            { ids: selectedIds },
            { mutationMode: 'pessimistic', returnPromise: true },
          );
        } catch (error) {
          // Some of them may be gone: the list shows what is left.
          refresh();
          throw error;
        }
        notify(`${T}.notifications.deleted`, {
          type: 'info',
          messageArgs: { smart_count: selectedIds.length },
        });
        unselectAll();
      }}
    />
  );
};
