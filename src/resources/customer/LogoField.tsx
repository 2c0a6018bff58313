import BusinessIcon from '@mui/icons-material/Business';
import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Customer } from './customerFields';

/** The customer's logo as an avatar; the company icon when it has none. */
export const LogoField = ({ size = 32 }: { size?: number; label?: string }) => {
  const record = useRecordContext<Customer>();
  if (!record) return null;
  return (
    <Avatar
      src={record.logo ?? undefined}
      alt={record.companyName}
      variant="rounded"
      sx={{ width: size, height: size }}
    >
      <BusinessIcon fontSize="small" />
    </Avatar>
  );
};
