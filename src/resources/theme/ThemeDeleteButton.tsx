import { useCanAccess, useRefresh } from 'react-admin';
import { DeleteButton } from '../../kit/DeleteButton';
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
  const canDelete = useCanDelete();
  if (!canDelete) return null;
  return (
    <DeleteButton<Theme>
      nameOf={(record) => record.name}
      refusal={(record) => (isLocked(record) ? 'error.theme.inUse' : undefined)}
      redirect={redirectTo}
      refresh={false}
    />
  );
};

/** Deletes the selected themes after confirmation; a refusal (409 THEME_IN_USE) is shown in the server's words. */
export const ThemeBulkDeleteButton = () => {
  const canDelete = useCanDelete();
  // Some of them may be gone: the list shows what is left.
  const refresh = useRefresh();
  if (!canDelete) return null;
  return (
    <DeleteButton<Theme>
      on="selected"
      confirm={{ title: `${T}.delete.manyTitle`, content: `${T}.delete.manyContent` }}
      refresh={false}
      onError={refresh}
    />
  );
};
