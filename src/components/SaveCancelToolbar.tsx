import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import { ListButton, SaveButton, Toolbar } from 'react-admin';

/** A form's footer: Save, and Cancel back to the list (spec 01 §2). */
export const SaveCancelToolbar = () => (
  <Toolbar>
    <Stack direction="row" spacing={2}>
      <SaveButton />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
  </Toolbar>
);
