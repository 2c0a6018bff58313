import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { BASE_CATALOGUES } from '../../../contract/i18n/catalogues.ts';
import {
  flatten,
  type Messages,
  merged,
  nest,
  PLURAL_FORMS,
  placeholdersOf,
  pluralFormsOf,
} from '../../../contract/i18n/messages.ts';
import {
  type ByLocale,
  LOCALES,
  type Locale,
  TRANSLATION_ERRORS,
  type TranslationRecord,
  type TranslationState,
} from '../../../contract/translations.ts';
import type { Database } from '../../db/client.ts';
import { accounts, translationOverrides } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { AuditWriter } from '../../kit/call.ts';

/**
 * The catalogue's messages and their overrides (contract/translations.ts). The files' messages are read
 * once; an override is a row of the provider (customer null, everyone's) or of a customer (its accounts',
 * over the provider's). Whose rows a call reads and writes is its scope: the provider's for an operator, a
 * customer's for that customer's administrators (and for an operator who names it).
 */

/** Each locale's messages as the files give them, by flat key. */
const BASE: Readonly<Record<Locale, ReadonlyMap<string, string>>> = {
  en: flatten(BASE_CATALOGUES.en),
  vi: flatten(BASE_CATALOGUES.vi),
};

/** Every key, in order: the English catalogue has them all. */
const KEYS = [...BASE.en.keys()].sort();

/** A fingerprint of each locale's files, for the merged catalogue's ETag. */
const BASE_FINGERPRINT: Readonly<Record<Locale, string>> = {
  en: fingerprint(JSON.stringify(BASE_CATALOGUES.en)),
  vi: fingerprint(JSON.stringify(BASE_CATALOGUES.vi)),
};

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

interface OverrideRow {
  customerId: string | null;
  locale: string;
  key: string;
  text: string;
}

const EMPTY: ByLocale = { en: null, vi: null };

/** The rows of a scope, and for a customer the provider's beneath them. */
function scopeCondition(customer: string | null, locale?: Locale): SQL | undefined {
  const whose = customer
    ? or(isNull(translationOverrides.customerId), eq(translationOverrides.customerId, customer))
    : isNull(translationOverrides.customerId);
  return locale ? and(whose, eq(translationOverrides.locale, locale)) : whose;
}

async function overridesOf(tx: Database, customer: string | null, locale?: Locale): Promise<OverrideRow[]> {
  return tx
    .select({
      customerId: translationOverrides.customerId,
      locale: translationOverrides.locale,
      key: translationOverrides.key,
      text: translationOverrides.text,
    })
    .from(translationOverrides)
    .where(scopeCondition(customer, locale));
}

/** Each key's overrides in the caller's scope (`own`) and, for a customer, the provider's (`inherited`). */
function byKey(rows: readonly OverrideRow[], customer: string | null) {
  const own = new Map<string, ByLocale>();
  const inherited = new Map<string, ByLocale>();
  for (const row of rows) {
    if (!LOCALES.includes(row.locale as Locale)) continue;
    const into = (row.customerId ?? null) === customer ? own : inherited;
    into.set(row.key, { ...(into.get(row.key) ?? EMPTY), [row.locale]: row.text });
  }
  return { own, inherited };
}

function recordOf(
  key: string,
  own: ByLocale | undefined,
  inherited: ByLocale | undefined,
): TranslationRecord {
  const en = BASE.en.get(key) ?? null;
  return {
    id: key,
    base: { en, vi: BASE.vi.get(key) ?? null },
    override: own ?? EMPTY,
    inherited: inherited ?? EMPTY,
    placeholders: en === null ? [] : placeholdersOf(en),
  };
}

const hasAny = (texts: ByLocale | undefined) => Boolean(texts && (texts.en !== null || texts.vi !== null));

export interface TranslationAsk {
  q?: string;
  state?: TranslationState;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** The keys of the catalogue with their texts, searched and filtered, a page of them and the total. */
export async function listTranslations(
  tx: Database,
  customer: string | null,
  ask: TranslationAsk,
): Promise<{ rows: TranslationRecord[]; total: number }> {
  const { own, inherited } = byKey(await overridesOf(tx, customer), customer);
  const words = (ask.q ?? '').trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const found = KEYS.map((key) => recordOf(key, own.get(key), inherited.get(key))).filter((record) => {
    if (ask.state === 'overridden' && !hasAny(own.get(record.id))) return false;
    if (ask.state === 'missing' && (record.base.vi ?? record.override.vi ?? record.inherited.vi) !== null)
      return false;
    if (words.length === 0) return true;
    const haystack = [
      record.id,
      record.base.en,
      record.base.vi,
      record.override.en,
      record.override.vi,
      record.inherited.en,
      record.inherited.vi,
    ]
      .filter((text): text is string => text !== null)
      .join('\n')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  if (ask.order === 'DESC') found.reverse();
  return { rows: found.slice(ask.offset, ask.offset + ask.limit), total: found.length };
}

const knownKey = (key: string) => {
  if (!BASE.en.has(key)) throw fail(TRANSLATION_ERRORS.keyNotFound);
};

/** One key with its texts and the overrides the caller sees. */
export async function translationOf(tx: Database, customer: string | null, key: string) {
  knownKey(key);
  const rows = (await overridesOf(tx, customer)).filter((row) => row.key === key);
  const { own, inherited } = byKey(rows, customer);
  return recordOf(key, own.get(key), inherited.get(key));
}

/**
 * Refuses a text that would not show as its message does: its placeholders must be the English message's
 * (the portal fills those, and only those), and a plural message needs the locale's number of forms.
 */
function checkText(key: string, locale: Locale, text: string): void {
  const source = BASE.en.get(key)!;
  const wanted = placeholdersOf(source);
  if (placeholdersOf(text).join() !== wanted.join()) {
    throw fail(TRANSLATION_ERRORS.placeholders, {
      placeholders: wanted.length > 0 ? wanted.map((name) => `%{${name}}`).join(', ') : '—',
      // The translations screen's field of the locale.
      field: locale,
    });
  }
  const forms = pluralFormsOf(source) > 1 ? PLURAL_FORMS[locale]! : 1;
  if (pluralFormsOf(text) !== forms)
    throw fail(TRANSLATION_ERRORS.pluralForms, { smart_count: forms, field: locale });
}

/**
 * Puts `text` (null: nothing) as the override `where` names, and answers the text it had. Two first writes
 * of a key that arrive together both succeed: the second's insert waits for the first's, finds its row and
 * updates it (on PostgreSQL; PGlite runs one transaction at a time).
 */
async function replaceOverride(
  tx: Database,
  row: { customerId: string | null; locale: Locale; key: string; text: string | null; by: string },
  where: SQL | undefined,
): Promise<string | null> {
  if (row.text === null) {
    const [removed] = await tx
      .delete(translationOverrides)
      .where(where)
      .returning({ text: translationOverrides.text });
    return removed?.text ?? null;
  }
  const inserted = await tx
    .insert(translationOverrides)
    .values({
      customerId: row.customerId,
      locale: row.locale,
      key: row.key,
      text: row.text,
      modifiedBy: row.by,
    })
    .onConflictDoNothing()
    .returning({ id: translationOverrides.id });
  if (inserted.length > 0) return null;
  const [before] = await tx
    .select({ text: translationOverrides.text })
    .from(translationOverrides)
    .where(where)
    .for('update');
  if (before && before.text !== row.text) {
    await tx
      .update(translationOverrides)
      .set({ text: row.text, modifiedBy: row.by, modifiedDate: new Date() })
      .where(where);
  }
  return before?.text ?? null;
}

/** Sets (or, with an empty text, removes) one locale's override of a key in the caller's scope; audited. */
export async function setOverride(
  tx: Database,
  audit: AuditWriter,
  by: { customer: string | null; account: string },
  key: string,
  locale: Locale,
  text: string | null,
): Promise<TranslationRecord> {
  knownKey(key);
  const next = text === null || text.trim() === '' ? null : text;
  if (next !== null) checkText(key, locale, next);
  const whose = by.customer
    ? eq(translationOverrides.customerId, by.customer)
    : isNull(translationOverrides.customerId);
  const where = and(whose, eq(translationOverrides.locale, locale), eq(translationOverrides.key, key));
  const was = await replaceOverride(
    tx,
    { customerId: by.customer, locale, key, text: next, by: by.account },
    where,
  );
  if (was !== next) {
    await audit({
      table: 'Translation',
      action: was === null ? 'CREATE' : next === null ? 'DELETE' : 'UPDATE',
      entityId: key,
      entityName: `${key} (${locale})`,
      changes: { [locale]: { before: was, after: next } },
    });
  }
  return translationOf(tx, by.customer, key);
}

/** The overrides of the caller's scope in a locale, nested as a catalogue file. */
export async function exportedOverrides(tx: Database, customer: string | null, locale: Locale) {
  const rows = (await overridesOf(tx, customer, locale)).filter(
    (row) => (row.customerId ?? null) === customer && BASE.en.has(row.key),
  );
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return nest(rows.map((row) => [row.key, row.text] as const));
}

/** The merged catalogues lately answered, by ETag: most portals load the same few. */
const answered = new Map<string, string>();
const ANSWERED_MAX = 32;

/**
 * A locale's merged catalogue: the files' messages, the provider's overrides over them, and a customer's
 * over those. Its ETag is made from the files and the overrides that apply, so that every instance gives
 * the same one and any change of an override gives a new one; `body` is made only when asked.
 */
export async function mergedCatalogue(db: Database, locale: Locale, customer: string | null) {
  const rows = (await overridesOf(db, customer, locale)).filter((row) => BASE.en.has(row.key));
  rows.sort(
    (a, b) =>
      Number(a.customerId !== null) - Number(b.customerId !== null) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const etag = `"${BASE_FINGERPRINT[locale]}-${fingerprint(JSON.stringify(rows.map((row) => [row.customerId !== null, row.key, row.text])))}"`;
  const body = () => {
    const known = answered.get(etag);
    if (known) return known;
    let messages: Messages = BASE_CATALOGUES[locale];
    const provider = rows.filter((row) => row.customerId === null);
    const own = rows.filter((row) => row.customerId !== null);
    if (provider.length > 0) messages = merged(messages, nest(provider.map((row) => [row.key, row.text])));
    if (own.length > 0) messages = merged(messages, nest(own.map((row) => [row.key, row.text])));
    const text = JSON.stringify(messages);
    if (answered.size >= ANSWERED_MAX) answered.delete(answered.keys().next().value!);
    answered.set(etag, text);
    return text;
  };
  return { etag, body };
}

/** The encodings a merged catalogue is sent in, best first: about 190 kB of JSON is some 35 kB in brotli. */
export type CatalogueEncoding = 'br' | 'gzip' | 'identity';

const encoded = new Map<string, Buffer>();

/** The encoding to send for an Accept-Encoding header (one refused with q=0 is not sent). */
export function encodingFor(acceptEncoding: string | undefined): CatalogueEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(
        ([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter)),
      )
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The ETag of a catalogue sent in an encoding: each coding of it is its own representation. */
export const etagIn = (etag: string, encoding: CatalogueEncoding): string =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;

/** A merged catalogue's body in an encoding, compressed once per ETag. */
export function encodedBody(etag: string, text: () => string, encoding: CatalogueEncoding): Buffer | string {
  if (encoding === 'identity') return text();
  const key = `${encoding}:${etag}`;
  const known = encoded.get(key);
  if (known) return known;
  const raw = Buffer.from(text());
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw, { level: 9 });
  if (encoded.size >= ANSWERED_MAX) encoded.delete(encoded.keys().next().value!);
  encoded.set(key, body);
  return body;
}

/**
 * Whether an If-None-Match header holds the ETag in any of its codings (a list, weak or not, or `*`): a 304
 * says the copy the client has, whichever coding it came in, is current.
 */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const codings = (['identity', 'br', 'gzip'] as const).map((encoding) => etagIn(etag, encoding));
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || codings.includes(tag));
}

/** Keeps the language an account chose: its next sign-in, in any browser, speaks it. */
export async function setAccountLocale(tx: Database, accountId: string, locale: Locale): Promise<void> {
  await tx.update(accounts).set({ locale }).where(eq(accounts.id, accountId));
}
