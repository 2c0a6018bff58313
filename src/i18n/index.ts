import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import type { Catalogue } from './en/index';
import { shell } from './en/shell';

/** Locales a user can pick; add a catalogue folder beside en/ and list it here and below. */
export const LOCALES = [{ locale: 'en', name: 'English' }];

/**
 * Each locale's catalogue in two parts: what the first pages need (the sign-in page, the documentation,
 * the sign-in callbacks), loaded with them, and the whole, loaded with the signed-in portal and the
 * public pages (loadCatalogue), so that the sign-in page does not carry the resources' texts.
 */
const CATALOGUES: Record<string, { shell: typeof shell; load: () => Promise<Catalogue> }> = {
  en: { shell, load: () => import('./en/index').then((module) => module.en) },
};

const loaded: Record<string, Catalogue> = {};
const catalogueOf = (locale: string) => CATALOGUES[locale] ?? CATALOGUES.en;
let initial = true;

const polyglot = polyglotI18nProvider(
  (locale) => {
    const whole = loaded[locale];
    if (whole) return whole;
    // The first call, when the provider is made, must answer at once: with the first pages' part.
    if (initial) {
      initial = false;
      return catalogueOf(locale).shell;
    }
    return catalogueOf(locale)
      .load()
      .then((catalogue) => {
        loaded[locale] = catalogue;
        return catalogue;
      });
  },
  'en',
  LOCALES,
  { allowMissing: false },
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
};

let loading: Promise<void> | undefined;

/**
 * Loads the whole catalogue of the current locale, once; the signed-in portal and the public pages wait
 * for it before their first drawing. A failed load may be tried again.
 */
export const loadCatalogue = (): Promise<void> => {
  if (!loading) {
    const attempt = i18nProvider.changeLocale(i18nProvider.getLocale());
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
};
