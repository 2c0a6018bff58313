import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CloudConfig } from './model';

/** Whether a company password is stored: the password itself is never shown nor sent back. */
export const PasswordStateField = (_: { label?: string }) => {
  const record = useRecordContext<CloudConfig>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.companyPasswordSet ? 'success' : 'default'}
      label={translate(`resources.vos-cloud-config.password.${record.companyPasswordSet ? 'set' : 'notSet'}`)}
    />
  );
};
