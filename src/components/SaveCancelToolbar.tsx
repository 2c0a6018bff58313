import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, SaveButton, Toolbar } from 'react-admin';

/**
 * A form's footer: Save, and Cancel back to the list (docs/requirements/portal-routes-and-menus.md); a form's
 * own buttons (`children`) above them.
 */
export const SaveCancelToolbar = ({ children }: { children?: ReactNode }) => (
  <Toolbar sx={children ? { flexDirection: 'column', alignItems: 'stretch', gap: 2 } : undefined}>
    {children}
    <Stack direction="row" spacing={2}>
      <SaveButton />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
  </Toolbar>
);
