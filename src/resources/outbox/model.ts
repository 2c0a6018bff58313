import type { MailMessage, MailStatus } from '../../../contract/mail';
import { MAIL_STATUSES } from '../../../contract/mail';

export const T = 'resources.outbox';

export type Mail = MailMessage;

/** Sent green, failed red, queued amber, kept in the outbox blue. */
export const STATUS_COLOUR: Record<MailStatus, 'success' | 'error' | 'warning' | 'info'> = {
  SENT: 'success',
  FAILED: 'error',
  QUEUED: 'warning',
  OUTBOX: 'info',
};

export const STATUS_CHOICES = MAIL_STATUSES.map((status) => ({
  id: status,
  name: `${T}.statuses.${status}`,
}));
