import type { OwnProfile } from '../../../contract/account';
import type { OwnProfileRecord } from '../../../contract/selfService';

/** The profile fields every save sends (the contract requires them). */
const REQUIRED = ['firstName', 'lastName', 'mobilePhone'] as const;
/** The fields a save sends when they changed: one left out keeps its value; an emptied one is null. */
const OPTIONAL = [
  'organization',
  'address',
  'contactNumber',
  'otherInfo',
  'avatar',
  'recoveryEmail',
] as const;

type Values = Partial<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * PUT /account/profile (contract/account.ts OwnProfile): the name and mobile phone, and the other fields
 * that changed from the `saved` profile. A recovery email is sent only when it changed, so that saving the
 * name does not ask for the same address to be verified again.
 */
export const profileChanges = (values: Values, saved: OwnProfileRecord): OwnProfile => {
  const body: Record<string, string | null> = Object.fromEntries(
    REQUIRED.map((field) => [field, text(values[field])]),
  );
  for (const field of OPTIONAL) {
    const now = text(values[field]) || null;
    if (now !== (text(saved[field]) || null)) body[field] = now;
  }
  return body as OwnProfile;
};

/** The profile once a save succeeded: a new recovery email waits for its verification. */
export const savedProfile = (saved: OwnProfileRecord, sent: OwnProfile): OwnProfileRecord => ({
  ...saved,
  ...(sent as Partial<OwnProfileRecord>),
  recoveryEmailVerified: 'recoveryEmail' in sent ? false : saved.recoveryEmailVerified,
});
