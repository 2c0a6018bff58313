import { Box, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type ActivationCode, STATUS_COLOUR } from './model';

/** A code's status as a chip: New blue, Activated green, Expired red (spec 02 §2). */
export const ActivationStatusField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<ActivationCode>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[record.status] ?? 'default'}
      label={translate(`portal.status.${record.status}`, { _: record.status })}
    />
  );
};

/** The code itself, in a monospace face that keeps 0 and O, 1 and I apart. */
export const CodeField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<ActivationCode>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {record.code}
    </Box>
  );
};
