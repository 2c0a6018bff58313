import type { TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../contract/locales';
import { API_URL } from '../config';
import { sessionStore } from '../session';

/**
 * Where the portal's messages come from, for both its translators: react-admin's (polyglot, src/i18n/index.ts)
 * and the sign-in page's own (src/i18n/phrases.ts).
 */

/** Each locale, named in its own language (a language menu's names are not translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', vi: 'Tiếng Việt' };

export const AVAILABLE_LOCALES = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/**
 * Which of a text's plural forms (`one |||| other`) a count takes: English has two, Vietnamese one (its nouns
 * do not change with the count, CLDR's `other` only). polyglot alone would give Vietnamese English's rule.
 */
export const PLURAL_FORM: Readonly<Record<Locale, (count: number) => number>> = {
  en: (count) => (count === 1 ? 0 : 1),
  vi: () => 0,
};

/** Where the catalogue of a locale comes from: the signed-in customer's, else everyone's. */
export const customerOfSession = (): string | null => sessionStore.get()?.customerId ?? null;

const catalogueUrl = (locale: Locale, customer: string | null) =>
  `${API_URL}/i18n/${locale}${customer ? `?customerId=${encodeURIComponent(customer)}` : ''}`;

const requestCatalogue = async (url: string): Promise<TranslationMessages> => {
  const answer = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`The catalogue ${url} did not load (${answer.status})`);
  return answer.json();
};

/** A catalogue asked for before the page's code ran (src/signIn/firstScript.js, on the sign-in page). */
interface CatalogueAhead {
  url: string;
  answer: Promise<TranslationMessages>;
}
const pageWindow = () =>
  typeof window === 'undefined' ? undefined : (window as { portalCatalogueAhead?: CatalogueAhead });

/**
 * The catalogue of `locale` for `customer`, as the server merges it (revalidated with its ETag). The first
 * ask for the address the sign-in page asked for ahead takes that answer (asking again should it have failed).
 */
export function fetchCatalogue(locale: Locale, customer: string | null): Promise<TranslationMessages> {
  const url = catalogueUrl(locale, customer);
  const page = pageWindow();
  const ahead = page?.portalCatalogueAhead;
  if (page && ahead) delete page.portalCatalogueAhead;
  return ahead?.url === url ? ahead.answer.catch(() => requestCatalogue(url)) : requestCatalogue(url);
}

/** The locale the browser chose (react-admin's store, `RaStore.locale`), else English. */
export const storedLocale = (): Locale => {
  try {
    const stored = JSON.parse(window.localStorage.getItem('RaStore.locale') ?? 'null');
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};
