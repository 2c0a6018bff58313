import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type Mail, STATUS_COLOUR, T } from './model';

/** A message's status as a coloured chip. */
export const MailStatusField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Mail>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[record.status] ?? 'default'}
      label={translate(`${T}.statuses.${record.status}`, { _: record.status })}
    />
  );
};
