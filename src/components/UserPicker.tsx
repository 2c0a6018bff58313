import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Button as MuiButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useGetList, useTranslate } from 'react-admin';

/**
 * docs/requirements/constants-and-limits.md: the picker reads 100 users at a time, newest first (the spec's "by id,
 * descending" where ids grew with time; ours are random, so by creation date).
 */
export const USER_PICKER_PAGE = 100;

interface PickedUser {
  id: string;
  username: string;
  displayName?: string | null;
  email?: string | null;
}

export interface UserPickerProps {
  title: string;
  /** What the choice is for (a catalogue key, with `%{count}`). */
  hint?: string;
  /** How many must be chosen at least. */
  atLeast?: number;
  initial?: readonly string[];
  onSelect: (ids: string[]) => void;
  onClose: () => void;
}

const label = (user: PickedUser) => user.displayName || user.username;

/**
 * The dual-list user picker (docs/requirements/billing-services-screens.md): a search box, the customer's active users and the ones selected,
 * and a button 'Select (n) users', disabled while none (or fewer than `atLeast`) are selected.
 */
export const UserPicker = ({
  title,
  hint,
  atLeast = 1,
  initial = [],
  onSelect,
  onClose,
}: UserPickerProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Map<string, PickedUser>>(
    new Map(initial.map((id) => [id, { id, username: id }])),
  );
  const { data: users = [], isPending } = useGetList<PickedUser>('users', {
    pagination: { page: 1, perPage: USER_PICKER_PAGE },
    sort: { field: 'createdDate', order: 'DESC' },
    filter: { status: 'ACTIVE', ...(q.trim() ? { q: q.trim() } : {}) },
  });
  const toggle = (user: PickedUser) => {
    const next = new Map(selected);
    if (next.has(user.id)) next.delete(user.id);
    else next.set(user.id, user);
    setSelected(next);
  };
  // The newest users, shown by name: a directory's users are often all made by one synchronisation.
  const available = users
    .filter((user) => !selected.has(user.id))
    .sort((a, b) => label(a).localeCompare(label(b), undefined, { numeric: true }));
  const column = (heading: string, rows: PickedUser[], checked: boolean, empty?: string) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {translate(heading)}
      </Typography>
      <List
        dense
        sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        aria-label={translate(heading)}
      >
        {rows.length === 0 && empty && (
          <ListItem>
            <ListItemText secondary={translate(empty)} />
          </ListItem>
        )}
        {rows.map((user) => (
          <ListItem key={user.id} disablePadding>
            <ListItemButton onClick={() => toggle(user)} role="checkbox" aria-checked={checked}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {checked ? (
                  <CheckBoxIcon color="primary" aria-hidden />
                ) : (
                  <CheckBoxOutlineBlankIcon aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText primary={label(user)} secondary={user.email || user.username} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      <DialogContent>
        {hint && <Typography sx={{ mb: 2 }}>{translate(hint, { count: atLeast })}</Typography>}
        <TextField
          label={translate('portal.userPicker.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          fullWidth
          sx={{ mb: 2 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {column('portal.userPicker.available', isPending ? [] : available, false)}
          {column(
            'portal.userPicker.selected',
            [...selected.values()],
            true,
            'portal.userPicker.noneSelected',
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <MuiButton
          variant="contained"
          disabled={selected.size === 0 || selected.size < atLeast}
          onClick={() => onSelect([...selected.keys()])}
        >
          {translate('portal.userPicker.select', { smart_count: selected.size })}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};
