import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** Colours of the status values (spec 02 §4: active green, expired red, pending amber, cancelled grey…). */
const COLOUR: Record<string, 'success' | 'default' | 'warning' | 'error' | 'info'> = {
  ACTIVE: 'success',
  PUBLISHED: 'success',
  APPROVED: 'success',
  STARTED: 'success',
  INACTIVE: 'default',
  UNPUBLISHED: 'default',
  CANCELED: 'default',
  CANCEL: 'default',
  CLOSED: 'default',
  STOPPED: 'default',
  PENDING: 'warning',
  SUBMITTED: 'warning',
  OPEN: 'info',
  EXPIRED: 'error',
};

/** A record's status as a coloured chip with its translated name (`portal.status.<VALUE>`). */
export const StatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  return (
    <Chip
      size="small"
      color={COLOUR[value] ?? 'default'}
      variant={COLOUR[value] === 'default' ? 'outlined' : 'filled'}
      label={translate(`portal.status.${value}`, { _: value })}
    />
  );
};
