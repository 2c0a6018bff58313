import type { MailMessage, MailStatus } from '../../../contract/mail';
import { MAIL_STATUSES } from '../../../contract/mail';

export const T = 'resources.outbox';

export type Mail = MailMessage;

/**
 * Sent green, failed red, queued grey, kept in the outbox in the primary blue (colours whose white text
 * keeps the contrast axe asks for: MUI's info and warning do not).
 */
export const STATUS_COLOUR: Record<MailStatus, 'success' | 'error' | 'default' | 'primary'> = {
  SENT: 'success',
  FAILED: 'error',
  QUEUED: 'default',
  OUTBOX: 'primary',
};

export const STATUS_CHOICES = MAIL_STATUSES.map((status) => ({
  id: status,
  name: `${T}.statuses.${status}`,
}));
