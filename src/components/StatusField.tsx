import type { RaRecord } from 'react-admin';
import { StateChip } from '../kit/StateChip';

/** Colours of the status values (docs/requirements/billing-services-states.md: active green, expired red, pending amber, cancelled grey…). */
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
  const statusOf = (record: RaRecord) => String(record[source]);
  return (
    <StateChip
      text={(record) => `portal.status.${statusOf(record)}`}
      color={(record) => COLOUR[statusOf(record)] ?? 'default'}
      outlined={(record) => (COLOUR[statusOf(record)] ?? 'default') === 'default'}
      showFor={(record) => Boolean(record[source])}
    />
  );
};
