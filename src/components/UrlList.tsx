import { List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Addresses to copy into another system (endpoints, identity provider URLs), each under its label (a
 * catalogue key), in monospace, wrapping anywhere so a long one never widens the page.
 */
export const UrlList = ({ entries }: { entries: readonly { label: string; url: string }[] }) => {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {entries.map(({ label, url }) => (
        <ListItem key={label} disableGutters>
          <ListItemText
            primary={translate(label)}
            secondary={url}
            slotProps={{ secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
};
