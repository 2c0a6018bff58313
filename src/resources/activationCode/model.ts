import {
  ACTIVATION_CODE_STATUSES,
  type ActivationCodeRecord,
  type ActivationCodeStatus,
} from '../../../contract/activationCode';

/** The catalogue's root for these screens. */
export const T = 'resources.activation-code';

export const RESOURCE = 'activation-code';

export type ActivationCode = ActivationCodeRecord;

/** docs/requirements/billing-services-screens.md: New blue, Activated green, Expired red. */
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
