import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { StateChip } from '../../kit/StateChip';
import { type ActivationCode, STATUS_COLOUR } from './model';

/** A code's status as a chip: New blue, Activated green, Expired red (docs/requirements/billing-services-screens.md). */
export const ActivationStatusField = (_: { source?: string; label?: string }) => (
  <StateChip<ActivationCode>
    text={(record) => `portal.status.${record.status}`}
    color={(record) => STATUS_COLOUR[record.status]}
  />
);

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
