import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { OtpCode } from './model';

/**
 * The OTP secret (base32), in a monospace face that keeps 0 and O, 1 and I apart. In the table it stays on
 * one line (the table scrolls); in the phone's simple list (`wrap`) it breaks anywhere to fit the screen.
 */
export const SeedField = ({ wrap = false }: { source?: string; label?: string; wrap?: boolean }) => {
  const record = useRecordContext<OtpCode>();
  if (!record) return null;
  return (
    <Box
      component="span"
      sx={{ fontFamily: 'monospace', ...(wrap ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }) }}
    >
      {record.seedNumber}
    </Box>
  );
};
