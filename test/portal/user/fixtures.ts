import type { UserRecord } from '../../../contract/user';

/**
 * A user of the customer c1, in its directory d1 (Head office, LDAP), active, whose app is not activated yet
 * (`<username> Doe`, `<username>@acme.test`), with the fields given.
 */
export const directoryUserOf = (
  id: string,
  username: string,
  fields: Partial<UserRecord> = {},
): UserRecord => ({
  id,
  username,
  displayName: `${username} Doe`,
  email: `${username}@acme.test`,
  mobilePhone: null,
  status: 'ACTIVE',
  directoryId: 'd1',
  directoryName: 'Head office',
  source: 'LDAP',
  appActivated: false,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
  ...fields,
});
