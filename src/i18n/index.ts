import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en/index';

/** Locales a user can pick; add a catalogue beside en.ts and list it here. */
export const LOCALES = [{ locale: 'en', name: 'English' }];

const catalogues: Record<string, typeof en> = { en };

export const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale] ?? en, 'en', LOCALES, {
  allowMissing: false,
});
