import { type Static, Type } from 'typebox';
import { closed, closedQuery, NullableString } from './fields.ts';
import { defineCalls, defineErrors, definePermissions, defineResource } from './kit.ts';
import { LOCALES } from './locales.ts';

/**
 * Translations (spec 01 §1 the vi-VN locale, §8 every message): the portal speaks English and Vietnamese.
 * Each locale's catalogue is one plain file (contract/i18n/<locale>.json; the English one is made from the
 * portal's sources by `npm run registry`), and `npm run i18n:check` says what is missing. Overrides change
 * a message without a release: an operator's apply to everyone, a customer administrator's (permission
 * `translations`) to that customer's accounts alone, over the operator's. Every portal loads its merged
 * catalogue with one public GET (`GET /api/i18n/{locale}`, `?customerId=` for a customer's), cached with an
 * ETag.
 */

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales.ts';

export const TRANSLATION_LIMITS = {
  /** The longest key: `resources.service-launch.launch.steps.directory.help`… */
  key: 300,
  /** The longest override text (the documentation's longest paragraph is about 600). */
  text: 4000,
  search: 200,
} as const;

/** The list's filter of state: keys without a Vietnamese text, or with an override in the caller's scope. */
export const TRANSLATION_STATES = ['missing', 'overridden'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** Each locale's text of one key: null where it has none. */
const ByLocale = Type.Object({ en: NullableString, vi: NullableString });
export type ByLocale = Static<typeof ByLocale>;

/** One message of the catalogue, by key, as the translations screen lists it. */
export const TranslationRecord = Type.Object({
  /** The key itself (`portal.menu.dashboard`). */
  id: Type.String(),
  /** The catalogue's own text in each locale (the files), null where the file has none. */
  base: ByLocale,
  /** The override of the caller's scope in each locale: the operator's, or the caller's customer's. */
  override: ByLocale,
  /** For a customer: the operator's override in each locale, which the customer's own wins over. */
  inherited: ByLocale,
  /** The placeholders an override must keep (`minUser` of `%{minUser}`). */
  placeholders: Type.Array(Type.String()),
});
export type TranslationRecord = Static<typeof TranslationRecord>;

/** An edit in place: one locale's override of one key; null (or empty) removes it. */
export const TranslationUpdateBody = Type.Object(
  {
    locale: Type.Enum([...LOCALES]),
    text: Type.Union([Type.String({ maxLength: TRANSLATION_LIMITS.text }), Type.Null()]),
  },
  closed,
);
export type TranslationUpdateBody = Static<typeof TranslationUpdateBody>;

const KeyParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: TRANSLATION_LIMITS.key }) });
const LocaleQuery = Type.Object(
  { locale: Type.Enum([...LOCALES]), customerId: Type.Optional(Type.String({ maxLength: 100 })) },
  closedQuery,
);

export const TRANSLATION_ERRORS = defineErrors({
  keyNotFound: {
    status: 404,
    key: 'error.translation.keyNotFound',
    text: 'There is no message with this key in the catalogue.',
  },
  placeholders: {
    status: 400,
    key: 'error.translation.placeholders',
    text: 'The text must keep the placeholders of the message: %{placeholders}.',
    field: 'text',
  },
  pluralForms: {
    status: 400,
    key: 'error.translation.pluralForms',
    text: 'In this language the message has %{smart_count} form: write one text, without vertical bars. |||| In this language the message has %{smart_count} forms: for a count of 1, then for any other count, separated by four vertical bars.',
    field: 'text',
  },
  localeNotFound: {
    status: 404,
    key: 'error.translation.localeNotFound',
    text: 'The portal has no catalogue in this language.',
  },
});

export const translations = defineResource({
  name: 'translations',
  base: '/translations',
  customerScoped: false,
  permission: 'translations',
  audit: { table: 'Translation', name: 'Translations' },
  list: {
    // The messages of the catalogues, not a table's rows: the screen exports its overrides (exportOverrides).
    exported: false,
    by: 'pageSearch',
    path: '{base}',
    sorted: true,
    summary:
      "Every key of the catalogue with its English and Vietnamese texts and the caller's overrides (q searches keys and texts; state missing or overridden)",
    access: { permission: 'translations:view', customer: { from: 'query', optional: true } },
    schema: {
      querystring: Type.Object(
        {
          page: Type.Optional(Type.Integer({ minimum: 0 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
          sort: Type.Optional(Type.Literal('id')),
          order: Type.Optional(Type.Enum(['ASC', 'DESC'])),
          q: Type.Optional(Type.String({ maxLength: TRANSLATION_LIMITS.search })),
          state: Type.Optional(Type.Enum([...TRANSLATION_STATES])),
          customerId: Type.Optional(Type.String({ maxLength: 100 })),
        },
        closedQuery,
      ),
    },
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'One key of the catalogue with its texts and overrides',
    access: { permission: 'translations:view', customer: { from: 'query', optional: true } },
    errors: [404],
    schema: { params: KeyParams, response: { 200: TranslationRecord } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{id}',
    body: 'data',
    summary: "Sets or removes one locale's override of a key, in the caller's scope",
    access: { permission: 'translations:modify', customer: { from: 'query', optional: true } },
    errors: [404],
    schema: { params: KeyParams, body: TranslationUpdateBody, response: { 200: TranslationRecord } },
  },
  actions: {
    exportOverrides: {
      by: 'download',
      method: 'GET',
      path: '{base}/export',
      query: ['locale'],
      fileName: 'overrides.json',
      summary:
        "The caller's overrides of a locale as a catalogue file (nested JSON, like contract/i18n/<locale>.json)",
      access: { permission: 'translations:view', customer: { from: 'query', optional: true } },
      schema: { querystring: LocaleQuery },
    },
  },
});

/**
 * The public catalogue, and the signed-in account's language. The catalogue answers an ETag, and 304 to a
 * request whose If-None-Match holds it.
 */
export const i18n = defineCalls({
  name: 'i18n',
  calls: {
    catalogue: {
      method: 'GET',
      path: '/i18n/{locale}',
      summary:
        "A locale's merged catalogue: the file's messages, the operator's overrides, and with customerId that customer's",
      access: { public: true },
      errors: [304, 404],
      schema: {
        params: Type.Object({ locale: Type.String({ maxLength: 20 }) }),
        querystring: Type.Object(
          { customerId: Type.Optional(Type.String({ format: 'uuid', maxLength: 100 })) },
          closedQuery,
        ),
      },
    },
    setLocale: {
      method: 'PUT',
      path: '/account/locale',
      summary: "Keeps the signed-in account's language, applied at its next sign-in in any browser",
      access: { duringPasswordChange: true },
      schema: {
        body: Type.Object({ locale: Type.Enum([...LOCALES]) }, closed),
        response: { 200: Type.Object({ locale: Type.Enum([...LOCALES]) }) },
      },
    },
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  translations: {
    scope: 'both',
    actions: ['view', 'modify'],
    asset: {
      name: 'Translations',
      description:
        "The portal's messages in each language: the provider's overrides for everyone, a customer's for its own accounts",
    },
  },
});
