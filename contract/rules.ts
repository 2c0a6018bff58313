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

// ——— Password (spec 01 §5, §9) ———

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; bounds the cost of hashing what a client sends. */
export const PASSWORD_MAX_LENGTH = 1024;

/** At least 8 characters, with an uppercase letter, a lowercase letter and a digit. */
export const meetsPasswordRules = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH &&
  password.length <= PASSWORD_MAX_LENGTH &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /[0-9]/.test(password);

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

// ——— Slugs (spec 01 §5) ———

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

// ——— Uploads (spec 02 §9) ———

/** The upload size limit constant: an image of at most 2000000 bytes. */
export const UPLOAD_MAX_BYTES = 2_000_000;
