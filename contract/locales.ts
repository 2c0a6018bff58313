/**
 * The locales the portal speaks, English first (the source language): translations.ts's, kept apart from its
 * schemas so that the sign-in page reads them without the schema library (src/signIn).
 */
export const LOCALES = ['en', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
