import {
  ACTIVATION_CODE_STATUSES,
  type ActivationCodeRecord,
  type ActivationCodeStatus,
} from '../../../contract/activationCode';
import { isEmail } from '../../../contract/rules';

/** The catalogue's root for these screens. */
export const T = 'resources.activation-code';

export const RESOURCE = 'activation-code';

export type ActivationCode = ActivationCodeRecord;

/** Spec 02 §2: New blue, Activated green, Expired red. */
// New in the primary blue: MUI's info blue is too light for white text (axe colour contrast).
export const STATUS_COLOUR: Record<ActivationCodeStatus, 'primary' | 'success' | 'error'> = {
  NEW: 'primary',
  ACTIVATED: 'success',
  EXPIRED: 'error',
};

export const STATUS_CHOICES = ACTIVATION_CODE_STATUSES.map((status) => ({
  id: status,
  name: `portal.status.${status}`,
}));

/** The emailExist filter: a select (the query carries `true` or `false`). */
export const EMAIL_EXIST_CHOICES = [
  { id: 'true', name: `${T}.emailExist.true` },
  { id: 'false', name: `${T}.emailExist.false` },
];

/** The send-by-email address: not empty (spec 02 §5, verbatim), then an email (the contract's rule). */
export const validateSendTo = (value: unknown): string | undefined => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return `${T}.validation.emailEmpty`;
  return isEmail(text) ? undefined : `${T}.validation.emailInvalid`;
};

/** What send-mail answers: how many messages were queued, how many codes had no address. */
export interface SendMailAnswer {
  queued: number;
  skipped: number;
}
