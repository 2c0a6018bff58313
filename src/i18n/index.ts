import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, LOCALES } from '../../contract/locales';
import { AVAILABLE_LOCALES, customerOfSession, fetchCatalogue, PLURAL_FORM, storedLocale } from './catalogue';
import { shell } from './en/shell';

export { LOCALE_NAMES, storedLocale } from './catalogue';

/**
 * The portal's messages. Each locale's catalogue is the server's merged one (`GET /api/i18n/{locale}`: the
 * files contract/i18n/<locale>.json, the operator's overrides, and the signed-in customer's over those), so
 * that an override reaches every portal at its next catalogue load, without a release. The browser keeps it
 * and asks again at each load (its ETag makes that a 304 when nothing changed). Until the first one has
 * come, the English sign-in page's part (./en/shell) answers: every page waits for its catalogue
 * (loadCatalogue) before it is first drawn.
 */

/** polyglot's view of each language's plural forms (./catalogue). */
export const polyglotPluralRules = {
  pluralTypes: PLURAL_FORM,
  pluralTypeToLanguages: Object.fromEntries(LOCALES.map((locale) => [locale, [locale]])),
};

let initial = true;

const polyglot = polyglotI18nProvider(
  (asked) => {
    // The first call, when the provider is made, must answer at once: with the sign-in page's part.
    if (initial) {
      initial = false;
      return shell;
    }
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    return fetchCatalogue(locale, customerOfSession());
  },
  DEFAULT_LOCALE,
  AVAILABLE_LOCALES,
  { allowMissing: false, pluralRules: polyglotPluralRules },
);

/** The titles react-admin gives a record's pages: the resource's name, then the record's. */
const RECORD_TITLES = new Set(['ra.page.show', 'ra.page.edit']);

/**
 * A record's page is titled with the resource's name and the record's ("Directory Acme LDAP"), unless the
 * record's name already holds the resource's: "Professional Token Pack", not "Token Pack Professional Token
 * Pack".
 */
const recordTitle = (options: Record<string, unknown> | undefined): string | undefined => {
  const name = options?.name;
  const record = options?.recordRepresentation;
  if (typeof name !== 'string' || typeof record !== 'string' || name === '') return undefined;
  return record.toLocaleLowerCase().includes(name.toLocaleLowerCase()) ? record : undefined;
};

export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) =>
    (RECORD_TITLES.has(key) ? recordTitle(options) : undefined) ?? polyglot.translate(key, options),
  changeLocale: (locale) => changeLocale(locale),
};

/** Which catalogue a locale's is: the session's customer's (another customer's is another catalogue). */
const catalogueKey = (locale: string) => `${locale}:${customerOfSession() ?? ''}`;

let changing: { key: string; promise: Promise<void> } | undefined;

/**
 * Changes the language, once for the calls made while the same change (locale and customer) is under
 * way. Two of react-admin's I18nContextProviders watch the chosen language (the portal's, src/Portal.tsx,
 * and <Admin>'s within it); each asks for the change and, once it is made, draws its whole tree again. Two
 * changes meant two catalogue loads that ended apart, and a menu opened after the first drawing was closed
 * by the second. Sharing one change ends both at once, in one drawing. `fresh`: load it anew all the same.
 */
function changeLocale(locale: string, { fresh = false } = {}): Promise<void> {
  const key = catalogueKey(locale);
  if (!fresh && changing?.key === key) return changing.promise;
  const attempt = {
    key,
    promise: Promise.resolve(polyglot.changeLocale(locale)).then(() => {
      // The page says its language (screen readers and the browser's hyphenation read it).
      if (typeof document !== 'undefined') document.documentElement.lang = polyglot.getLocale();
    }),
  };
  const settled = () => {
    if (changing === attempt) changing = undefined;
  };
  attempt.promise.then(settled, settled);
  changing = attempt;
  return attempt.promise;
}

/**
 * Where numbers and money are written as the interface's language writes them (1,234.50 and $750.00 in
 * English; 1.234,5 and 750,00 US$ in Vietnamese): a decimal comma in an English sentence reads as a
 * thousands separator. Dates are written the vi-VN way whatever the language (src/kit/dates.tsx).
 */
export const numberLocale = (): string => (i18nProvider.getLocale() === 'vi' ? 'vi-VN' : 'en-US');

let loading: { key: string; promise: Promise<void> } | undefined;

/**
 * Loads the catalogue of the browser's locale for the session's customer, once for each: every page waits
 * for it before its first drawing, and a sign-in (another customer) or a sign-out loads it again. A failed
 * load may be tried again. `again`: load it even if it is the one drawn (an override was just saved).
 */
export const loadCatalogue = ({ again = false }: { again?: boolean } = {}): Promise<void> => {
  const locale = storedLocale();
  const key = catalogueKey(locale);
  if (again || loading?.key !== key) {
    const promise = changeLocale(locale, { fresh: again });
    const attempt = { key, promise };
    promise.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading.promise;
};
