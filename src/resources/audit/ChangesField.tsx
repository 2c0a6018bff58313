import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { type AuditEntry, readable, tellsCounts } from './model';

/**
 * An entry's changes, one line per field: "field: before → after" (a creation has no before, a deletion no
 * after: '—'); a directory synchronisation's or CSV import's counts as "added: 3". Long values wrap; secrets read as the server sends them ('••••••').
 */
export const ChangesField = () => {
  const record = useRecordContext<AuditEntry>();
  const changes = Object.entries(record?.changes ?? {});
  // A synchronisation's or an import's entry holds counts (added, updated…): each reads as its value alone.
  const counts = tellsCounts(record);
  if (changes.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: 'none', overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: 160 }}
    >
      {changes.map(([field, change]) => (
        <Typography component="li" variant="body2" key={field}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {field}
          </Box>
          {counts
            ? `: ${readable(change.after)}`
            : `: ${readable(change.before)} → ${readable(change.after)}`}
        </Typography>
      ))}
    </Box>
  );
};
