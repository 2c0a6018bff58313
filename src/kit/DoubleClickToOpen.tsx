import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * Double-clicking a table row triggers that row's action (docs/requirements/portal-routes-and-menus.md): it opens the record's edit or show
 * page. Wrap a list's <DataTable>; rows keep their single-click behaviour.
 */
export const DoubleClickToOpen = ({
  children,
  type = 'edit',
}: {
  children: ReactNode;
  type?: 'edit' | 'show';
}) => {
  const { data, resource } = useListContext();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  return (
    <Box
      onDoubleClick={(event) => {
        const row = (event.target as HTMLElement).closest('tbody tr');
        if (!row?.parentElement || !data) return;
        const record = data[Array.from(row.parentElement.children).indexOf(row)];
        if (record) navigate(createPath({ resource, id: record.id, type }));
      }}
    >
      {children}
    </Box>
  );
};
