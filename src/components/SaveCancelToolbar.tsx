import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import { ListButton, SaveButton, Toolbar } from 'react-admin';

/** A form's footer: Save, and Cancel back to the list (docs/requirements/portal-routes-and-menus.md). */
export const SaveCancelToolbar = () => (
  <Toolbar>
    <Stack direction="row" spacing={2}>
      <SaveButton />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
  </Toolbar>
);
