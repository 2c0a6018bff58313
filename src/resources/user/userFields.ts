import type { RaRecord } from 'react-admin';
import { USER_LIMITS, USER_STATUSES, type UserRecord } from '../../../contract/user';

/** A user as the server answers it; `tokenPackIds` arrives with token packs (until then, none). */
export type User = UserRecord & RaRecord & { tokenPackIds?: string[] };

export const STATUS_CHOICES = USER_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));
export { USER_LIMITS };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What an edit sends: the fields an administrator may change. */
export const toUserUpdate = (values: Partial<User>) => ({
  displayName: text(values.displayName) || null,
  email: text(values.email) || null,
  mobilePhone: text(values.mobilePhone) || null,
  status: values.status,
});
