/**
 * The rules both sides apply to the same values: email, password, picture URL, http(s) URL and slug.
 * Plain functions without dependencies: the portal's validators and the server's schemas call the same ones.
 */

// ——— Email ———

export const EMAIL_MAX_LENGTH = 320;
const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;

/** Whether `value` (already trimmed) is an email address. */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);

/** An email as it is stored and compared: trimmed, lower-case. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

// ——— Password (docs/requirements/portal-validation.md, docs/requirements/constants-and-limits.md) ———

export const PASSWORD_MIN_LENGTH = 8;
/** The longest new password: any passphrase fits. */
export const NEW_PASSWORD_MAX_LENGTH = 128;
/**
 * The longest password a request may carry (sign-in, an old password): bounds the cost of hashing what a
 * client sends, and lets a password set before the 128-character cap still sign in.
 */
export const PASSWORD_MAX_LENGTH = 1024;
/** How many of an account's passwords a new one may equal none of: the current one and the 4 before it. */
export const PASSWORD_HISTORY = 5;
/** An email's name shorter than this is not looked for in a password (every password would hold `jo`). */
export const EMAIL_NAME_MIN_LENGTH = 3;

/** The spec's rule: at least 8 characters, with an uppercase letter, a lowercase letter and a digit. */
export const meetsPasswordRules = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /[0-9]/.test(password);

/** The part of an email before its last `@`, lower-case (`ann.lee` of `Ann.Lee@example.com`). */
export const emailName = (email: string): string => {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  return at < 0 ? normalized : normalized.slice(0, at);
};

/** Whether `password` holds the name of `email` (ignoring case), when that name is long enough to tell. */
export const holdsEmailName = (password: string, email: string | null | undefined): boolean => {
  const name = email ? emailName(email) : '';
  return name.length >= EMAIL_NAME_MIN_LENGTH && password.toLowerCase().includes(name);
};

/**
 * The password rules either side can check alone, in the order they are told: at most 128 characters
 * (`tooLong`), the spec's rule (`policy`), not holding the email's name (`containsEmail`). The server adds
 * the common passwords and the account's last passwords (server/domain/passwords.ts). Answers the first rule
 * broken, named as its error in PASSWORD_ERRORS (contract/session.ts), or undefined.
 */
export function brokenPasswordRule(
  password: string,
  email?: string | null,
): 'tooLong' | 'policy' | 'containsEmail' | undefined {
  if (password.length > NEW_PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!meetsPasswordRules(password)) return 'policy';
  if (holdsEmailName(password, email)) return 'containsEmail';
  return undefined;
}

// ——— Usernames taken from a file (a directory's CSV import) ———

/**
 * Why a username cannot be taken, or undefined: one beginning with `=`, `+`, `-` or `@` is a formula to a
 * spreadsheet that opens an export of the users; one holding `../` (or `..\`) climbs out of a folder where
 * it names a file.
 */
export function unsafeUsername(username: string): 'formula' | 'path' | undefined {
  if (/^[=+\-@\t\r]/.test(username)) return 'formula';
  if (/\.\.[/\\]/.test(username)) return 'path';
  return undefined;
}

// ——— Pictures kept on a record (a customer's logo, an account's avatar) ———

export const IMAGE_URL_MAX_LENGTH = 200_000;

/** An https URL or a `data:image/…` URL. */
export const isImageUrl = (value: string): boolean =>
  value.startsWith('https://') || value.startsWith('data:image/');

// ——— http(s) URLs ———

export const URL_MAX_LENGTH = 2048;

/** An absolute http: or https: URL with a host, without spaces. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

// ——— Slugs (docs/requirements/portal-validation.md) ———

/** Lower-case letters and digits, words joined by single hyphens: what the slug helper makes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_SUFFIX_LENGTH = 8;

export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value);

/**
 * The slug helper: strips accents, lower-cases, turns spaces into hyphens and removes other symbols. Runs of
 * spaces or hyphens become one hyphen and the result is trimmed of hyphens, so that it is always a valid slug
 * (or empty); at most `maxLength` characters.
 */
export const slugify = (text: string, maxLength = 100): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');

/** The slug with a random suffix of 8 lower-case letters (`random` answers a number in [0, 1)). */
export const slugifyWithSuffix = (text: string, random: () => number = Math.random): string => {
  const suffix = Array.from({ length: SLUG_SUFFIX_LENGTH }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join('');
  const base = slugify(text, 100 - SLUG_SUFFIX_LENGTH - 1);
  return base ? `${base}-${suffix}` : suffix;
};

// ——— Text ———

/** Text that is empty once trimmed. */
export const isBlank = (value: string): boolean => value.trim() === '';

// ——— Uploads (docs/requirements/constants-and-limits.md) ———

/** The upload size limit constant: an image of at most 2000000 bytes. */
export const UPLOAD_MAX_BYTES = 2_000_000;

// ——— Directories (docs/requirements/portal-entities.md Directory) ———

export const HOST_MAX_LENGTH = 253;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DNS_NAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An IPv4 address. */
export const isIpv4 = (value: string): boolean => IPV4.test(value);

/** An IPv6 address (with `::` compression and an optional trailing IPv4 part), without brackets or zone. */
export function isIpv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const groups = halves.flatMap(groupsOf);
  const last = groups.at(-1);
  const ipv4Tail = last?.includes('.') === true;
  if (ipv4Tail && !isIpv4(last as string)) return false;
  const hexGroups = ipv4Tail ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = hexGroups.length + (ipv4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** An IP address (v4 or v6) or a domain name: where a directory server is reached. */
export const isHost = (value: string): boolean =>
  value.length <= HOST_MAX_LENGTH && (isIpv4(value) || isIpv6(value) || DNS_NAME.test(value));

export const DN_MAX_LENGTH = 1000;
/** One `attribute=value` of a DN: a name or OID, then a value with `\`-escapes (RFC 4514), or `#hex`. */
const RDN_PART =
  /^\s*([A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)*)\s*=\s*(#[0-9A-Fa-f]+|(?:[^,+"\\<>;=]|\\[,+"\\<>;=# ]|\\[0-9A-Fa-f]{2})+)\s*$/;

/** A distinguished name: `attribute=value` pairs joined by commas (multi-valued with `+`), per RFC 4514. */
export function isDistinguishedName(value: string): boolean {
  if (value.trim() === '' || value.length > DN_MAX_LENGTH) return false;
  return splitDn(value).every((part) => RDN_PART.test(part));
}

/** The parts of a DN split at unescaped `,` and `+`. */
function splitDn(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (char === '\\') {
      current += char + (value[index + 1] ?? '');
      index++;
    } else if (char === ',' || char === '+') {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** An LDAP attribute name (`mail`, `sAMAccountName`, `telephoneNumber`). */
export const isAttributeName = (value: string): boolean => /^[A-Za-z][A-Za-z0-9-]{0,99}$/.test(value);

/** The placeholder of the user login pattern: where the login name goes. */
export const USERNAME_PLACEHOLDER = '{username}';

/**
 * A user login pattern: an LDAP search filter in parentheses, with balanced parentheses, that holds
 * `{username}` where the login name goes: `(&(objectClass=inetOrgPerson)(uid={username}))`.
 */
export function isLoginPattern(value: string): boolean {
  if (!value.startsWith('(') || !value.endsWith(')') || !value.includes(USERNAME_PLACEHOLDER)) return false;
  let depth = 0;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '\\') index += 2;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth < 0) return false;
      if (depth === 0 && index !== value.length - 1) return false;
    }
  }
  return depth === 0;
}

/** An Azure AD tenant: a GUID, or a domain name such as contoso.onmicrosoft.com. */
export const isTenantId = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ||
  (DNS_NAME.test(value) && value.includes('.'));

/** A TCP port. */
export const isPort = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= 65535;

/** An IPv4 or IPv6 address (no zone, no prefix). */
export const isIpAddress = (value: string): boolean => isIpv4(value) || isIpv6(value);

/** A DNS domain name (not an IP address): labels of letters, digits and hyphens, a dot between them. */
export const isDomainName = (value: string): boolean =>
  isHost(value) &&
  !isIpAddress(value) &&
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value);
