/** One user as a directory lists it, in the portal's words (whatever the directory calls its attributes). */
export interface DirectoryEntry {
  /** The entry's DN (LDAP), object id (Azure AD) or id (REST): how the directory names it. */
  dn: string;
  username: string;
  email: string | null;
  displayName: string | null;
  mobilePhone: string | null;
  /** The directory's immutable identifier as an Office 365 sign-in names the user (LDAP: ldapClient.ts). */
  immutableId?: string | null;
}
