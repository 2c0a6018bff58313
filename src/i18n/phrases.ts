import type { I18nProvider } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import { AVAILABLE_LOCALES, customerOfSession, fetchCatalogue, PLURAL_FORM } from './catalogue';

/**
 * The sign-in page's own translator: the same catalogue as the portal's (the server's, ./catalogue), read
 * with polyglot's rules (ra-i18n-polyglot, src/i18n/index.ts) in a few lines rather than with polyglot and
 * its polyfills. The page loads about 15 kB less, and test/portal/i18n/phrases.test.ts holds both
 * translators to the same text for every key of every locale.
 * - a key's text, else the `_` option, else the key itself;
 * - `smart_count` picks a plural form among those `||||` separates (PLURAL_FORM), trimmed;
 * - `%{name}` takes the option `name`, unless it is missing or null.
 */

const PLURAL_SEPARATOR = '||||';
const PLACEHOLDER = /%\{(.*?)\}/g;

type Phrases = ReadonlyMap<string, string>;

/** The catalogue's texts by dotted key, as polyglot reads a nested catalogue. */
export const flattenMessages = (messages: object): Phrases => {
  const phrases = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') phrases.set(prefix, node);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
  };
  walk(messages, '');
  return phrases;
};

type Options = Record<string, unknown> | number | undefined;

/** The text of `key` in `phrases`, in `locale`, with `options` put in. */
export const translatePhrase = (phrases: Phrases, locale: Locale, key: string, given?: Options): string => {
  const options: Record<string, unknown> = typeof given === 'number' ? { smart_count: given } : (given ?? {});
  const phrase = phrases.get(key) ?? (typeof options._ === 'string' ? options._ : undefined);
  if (phrase === undefined) return key;
  let text = phrase;
  const count = options.smart_count;
  if (count != null && phrase) {
    const forms = phrase.split(PLURAL_SEPARATOR);
    text = (forms[PLURAL_FORM[locale](Number(count))] || forms[0]).trim();
  }
  return text.replace(PLACEHOLDER, (expression, name: string) =>
    Object.hasOwn(options, name) && options[name] != null ? String(options[name]) : expression,
  );
};

/**
 * An i18nProvider over the server's catalogue: `changeLocale` loads the locale's (for the session's customer)
 * before it answers; until the first has loaded, every key is its own text, or that of `messages` (in the
 * default locale) when given.
 */
export const createPhrasesProvider = (messages?: object): I18nProvider => {
  let locale: Locale = DEFAULT_LOCALE;
  let phrases: Phrases = messages ? flattenMessages(messages) : new Map();
  return {
    translate: (key, options) => translatePhrase(phrases, locale, key, options),
    changeLocale: async (asked) => {
      const next = isLocale(asked) ? asked : DEFAULT_LOCALE;
      phrases = flattenMessages(await fetchCatalogue(next, customerOfSession()));
      locale = next;
      if (typeof document !== 'undefined') document.documentElement.lang = next;
    },
    getLocale: () => locale,
    getLocales: () => AVAILABLE_LOCALES,
  };
};
