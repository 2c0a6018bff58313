import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BASE_CATALOGUES } from '../../../contract/i18n/catalogues.ts';
import { flatten, type Messages, placeholdersOf } from '../../../contract/i18n/messages.ts';
import { TRANSLATION_ERRORS } from '../../../contract/translations.ts';
import { auditLog, translationOverrides } from '../../../server/db/schema.ts';
import { AUDITOR_ROLE, TRANSLATOR_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn, tokenWithRole } from '../fixtures/admin.ts';
import { type Customer, customerWithAdmin } from '../fixtures/billing.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * Translations (contract/translations.ts): an operator overrides a message for everyone, a customer
 * administrator for its customer's accounts alone (over the operator's); the public merged catalogue of a
 * locale (GET /api/i18n/{locale}, `?customerId=` for a customer's) carries them, with an ETag and 304; the
 * overrides are listed, searched, refused when they would not show as the message does, audited and
 * exported; an account keeps its language.
 */

const ctx = sharedTestContext();
let operator: string;
let acme: Customer;
let globex: Customer;

const EN = flatten(BASE_CATALOGUES.en);
const VI = flatten(BASE_CATALOGUES.vi);
const TITLE = 'portal.login.title';

/** An English message with a placeholder and one form: `Create %{item}`. */
const WITH_PLACEHOLDER = 'ra.action.create_item';
/** An English message of two plural forms: `1 item selected |||| %{smart_count} items selected`. */
const PLURAL = 'ra.action.bulk_actions';

const withCustomer = (customerId?: string) => (customerId ? `?customerId=${customerId}` : '');

const calls = {
  catalogue: (locale: string, options: { customerId?: string; ifNoneMatch?: string } = {}) =>
    ctx.call('GET', `/api/i18n/${locale}${withCustomer(options.customerId)}`, {
      headers: options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {},
    }),
  list: (token: string, query: Record<string, string | number> = {}) =>
    ctx.call(
      'GET',
      `/api/translations?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      { token },
    ),
  one: (token: string, key: string, customerId?: string) =>
    ctx.call('GET', `/api/translations/${key}${withCustomer(customerId)}`, { token }),
  set: (token: string, key: string, locale: string, text: string | null, customerId?: string) =>
    ctx.call('PUT', `/api/translations/${key}${withCustomer(customerId)}`, {
      token,
      json: { locale, text },
    }),
  export: (token: string, locale: string, customerId?: string) =>
    ctx.call(
      'GET',
      `/api/translations/export?locale=${locale}${customerId ? `&customerId=${customerId}` : ''}`,
      { token },
    ),
};

/** Sets an override and expects it taken. */
async function override(
  token: string,
  key: string,
  locale: string,
  text: string | null,
  customerId?: string,
) {
  const answer = await calls.set(token, key, locale, text, customerId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The text of `key` in the merged catalogue of `locale` (for a customer, with its id). */
async function shown(locale: string, key: string, customerId?: string): Promise<string | undefined> {
  const answer = await calls.catalogue(locale, { customerId });
  expect(answer.status).toBe(200);
  return flatten(answer.body as Messages).get(key);
}

const idsOf = (answer: { body: { content: { id: string }[] } }) => answer.body.content.map((row) => row.id);

const errorOf = (name: keyof typeof TRANSLATION_ERRORS) => TRANSLATION_ERRORS[name].key;

beforeAll(async () => {
  operator = await ctx.signInOperator();
  acme = await customerWithAdmin(ctx, 'Acme Words');
  globex = await customerWithAdmin(ctx, 'Globex Words');
});

beforeEach(async () => {
  await ctx.db.delete(translationOverrides);
  await ctx.db.delete(auditLog);
});

describe('the messages these tests use', () => {
  it('are in the English catalogue with the placeholders and forms the tests rely on', () => {
    expect(EN.get(TITLE)).toBe('Sign In');
    expect(placeholdersOf(EN.get(WITH_PLACEHOLDER)!)).toEqual(['item']);
    expect(EN.get(WITH_PLACEHOLDER)).not.toContain('||||');
    expect(EN.get(PLURAL)!.split(' |||| ')).toHaveLength(2);
    expect(placeholdersOf(EN.get(PLURAL)!)).toEqual(['smart_count']);
  });
});

describe('the merged catalogue', () => {
  it('answers the files’ messages to anyone, without a token, with an ETag', async () => {
    const en = await calls.catalogue('en');
    expect(en.status).toBe(200);
    expect(en.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(en.body).toEqual(BASE_CATALOGUES.en);
    const vi = await calls.catalogue('vi');
    expect(vi.status).toBe(200);
    expect(flatten(vi.body).get(TITLE)).toBe(VI.get(TITLE));
    expect(vi.headers.etag).not.toBe(en.headers.etag);
  });

  it("carries an operator's override to everyone: the anonymous catalogue and every customer's", async () => {
    await override(operator, TITLE, 'en', 'Welcome back');
    expect(await shown('en', TITLE)).toBe('Welcome back');
    expect(await shown('en', TITLE, acme.id)).toBe('Welcome back');
    expect(await shown('en', TITLE, globex.id)).toBe('Welcome back');
    // Only the locale it was written for.
    expect(await shown('vi', TITLE)).toBe(VI.get(TITLE));
    // The rest of the catalogue is the file's.
    const other = [...EN.keys()].find((key) => key !== TITLE)!;
    expect(await shown('en', other)).toBe(EN.get(other));
  });

  it('answers 304 without a body to If-None-Match of its ETag, and a new ETag once an override changes', async () => {
    await override(operator, TITLE, 'en', 'Welcome back');
    const first = await calls.catalogue('en');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    const again = await calls.catalogue('en', { ifNoneMatch: etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or a weak one, that holds it is a match too.
    expect((await calls.catalogue('en', { ifNoneMatch: `"other", W/${etag}` })).status).toBe(304);
    expect((await calls.catalogue('en', { ifNoneMatch: '*' })).status).toBe(304);
    expect((await calls.catalogue('en', { ifNoneMatch: '"other"' })).status).toBe(200);

    await override(operator, TITLE, 'en', 'Welcome back again');
    const stale = await calls.catalogue('en', { ifNoneMatch: etag });
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).not.toBe(etag);
    expect(flatten(stale.body).get(TITLE)).toBe('Welcome back again');
    expect((await calls.catalogue('en', { ifNoneMatch: stale.headers.etag as string })).status).toBe(304);
  });

  it("gives a customer's catalogue its own ETag once the customer has an override", async () => {
    const before = await calls.catalogue('en', { customerId: acme.id });
    await override(acme.admin, TITLE, 'en', 'Acme sign-in');
    const after = await calls.catalogue('en', { customerId: acme.id });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(
      (await calls.catalogue('en', { customerId: acme.id, ifNoneMatch: before.headers.etag as string }))
        .status,
    ).toBe(200);
    // Another customer's catalogue, and everyone's, are as they were.
    const globexAnswer = await calls.catalogue('en', {
      customerId: globex.id,
      ifNoneMatch: before.headers.etag as string,
    });
    expect(globexAnswer.status).toBe(304);
  });

  it('sends the catalogue compressed to a client that accepts brotli or gzip', async () => {
    await override(operator, TITLE, 'en', 'Welcome back');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/i18n/en',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      const messages = JSON.parse(decode(response.rawPayload).toString('utf8'));
      expect(flatten(messages).get(TITLE)).toBe('Welcome back');
      expect(flatten(messages).size).toBe(EN.size);
    }
    const plain = await calls.catalogue('en');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 to a locale the portal does not speak', async () => {
    const answer = await calls.catalogue('fr');
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe(errorOf('localeNotFound'));
  });

  it('refuses a customerId that is not an id', async () => {
    const answer = await calls.catalogue('en', { customerId: 'acme' });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
  });
});

describe("a customer's overrides", () => {
  it("show in that customer's catalogue over the operator's, and nowhere else", async () => {
    await override(operator, TITLE, 'en', 'Operator sign-in');
    await override(acme.admin, TITLE, 'en', 'Acme sign-in');
    expect(await shown('en', TITLE, acme.id)).toBe('Acme sign-in');
    expect(await shown('en', TITLE, globex.id)).toBe('Operator sign-in');
    expect(await shown('en', TITLE)).toBe('Operator sign-in');
  });

  it('show in no other catalogue when the operator has none either', async () => {
    await override(acme.admin, TITLE, 'vi', 'Vào Acme');
    expect(await shown('vi', TITLE, acme.id)).toBe('Vào Acme');
    expect(await shown('vi', TITLE, globex.id)).toBe(VI.get(TITLE));
    expect(await shown('vi', TITLE)).toBe(VI.get(TITLE));
    expect(await shown('en', TITLE, acme.id)).toBe(EN.get(TITLE));
  });

  it("are read by the customer administrator as its override, with the operator's as inherited", async () => {
    await override(operator, TITLE, 'en', 'Operator sign-in');
    const written = await override(acme.admin, TITLE, 'vi', 'Vào Acme');
    const expected = {
      id: TITLE,
      base: { en: EN.get(TITLE), vi: VI.get(TITLE) },
      override: { en: null, vi: 'Vào Acme' },
      inherited: { en: 'Operator sign-in', vi: null },
      placeholders: [],
    };
    expect(written).toEqual(expected);
    const read = await calls.one(acme.admin, TITLE);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);

    const listed = await calls.list(acme.admin, { q: TITLE });
    expect(listed.body.content.find((row: { id: string }) => row.id === TITLE)).toEqual(expected);

    // The operator sees its own, and none of a customer's.
    expect((await calls.one(operator, TITLE)).body).toMatchObject({
      override: { en: 'Operator sign-in', vi: null },
      inherited: { en: null, vi: null },
    });
    // Another customer's administrator: the operator's as inherited, Acme's nowhere.
    expect((await calls.one(globex.admin, TITLE)).body).toMatchObject({
      override: { en: null, vi: null },
      inherited: { en: 'Operator sign-in', vi: null },
    });
  });

  it("cannot be read or changed by another customer's administrator, whatever customerId it sends", async () => {
    await override(acme.admin, TITLE, 'en', 'Acme sign-in');
    const refused = [
      await calls.one(globex.admin, TITLE, acme.id),
      await calls.set(globex.admin, TITLE, 'en', 'Hijacked', acme.id),
      await calls.set(globex.admin, TITLE, 'en', null, acme.id),
      await calls.list(globex.admin, { customerId: acme.id }),
      await calls.export(globex.admin, 'en', acme.id),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe('error.customer.notFound');
    }
    expect(await shown('en', TITLE, acme.id)).toBe('Acme sign-in');
    expect((await calls.list(globex.admin, { state: 'overridden' })).body.totalElements).toBe(0);
    expect(await shown('en', TITLE, globex.id)).toBe(EN.get(TITLE));
  });

  it("are written and read by an operator who names the customer, as that customer's", async () => {
    await override(operator, TITLE, 'en', 'For Acme', acme.id);
    expect(await shown('en', TITLE, acme.id)).toBe('For Acme');
    expect(await shown('en', TITLE)).toBe(EN.get(TITLE));
    expect((await calls.one(acme.admin, TITLE)).body.override.en).toBe('For Acme');
    expect((await calls.one(operator, TITLE, acme.id)).body.override.en).toBe('For Acme');
    expect((await calls.one(operator, TITLE)).body.override.en).toBeNull();
  });

  it("once removed, let the operator's override show again", async () => {
    await override(operator, TITLE, 'en', 'Operator sign-in');
    await override(acme.admin, TITLE, 'en', 'Acme sign-in');
    const removed = await override(acme.admin, TITLE, 'en', null);
    expect(removed.override).toEqual({ en: null, vi: null });
    expect(removed.inherited.en).toBe('Operator sign-in');
    expect(await shown('en', TITLE, acme.id)).toBe('Operator sign-in');
  });
});

describe('the list', () => {
  it('lists every key of the catalogue, by key, 25 to a page by default', async () => {
    const answer = await calls.list(operator);
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(EN.size);
    const sorted = [...EN.keys()].sort();
    expect(idsOf(answer)).toEqual(sorted.slice(0, 25));
    expect(answer.body.content[0]).toEqual({
      id: sorted[0],
      base: { en: EN.get(sorted[0]!), vi: VI.get(sorted[0]!) ?? null },
      override: { en: null, vi: null },
      inherited: { en: null, vi: null },
      placeholders: placeholdersOf(EN.get(sorted[0]!)!),
    });
    expect((await calls.list(acme.admin)).body.totalElements).toBe(EN.size);
  });

  it('pages, and reverses with order DESC', async () => {
    const sorted = [...EN.keys()].sort();
    const first = await calls.list(operator, { pageSize: 10, page: 0 });
    const second = await calls.list(operator, { pageSize: 10, page: 1 });
    expect(idsOf(first)).toEqual(sorted.slice(0, 10));
    expect(idsOf(second)).toEqual(sorted.slice(10, 20));
    expect(second.body.totalElements).toBe(EN.size);
    const last = await calls.list(operator, { pageSize: 10, page: Math.floor((EN.size - 1) / 10) });
    expect(idsOf(last)).toEqual(sorted.slice(Math.floor((EN.size - 1) / 10) * 10));
    const descending = await calls.list(operator, { pageSize: 3, sort: 'id', order: 'DESC' });
    expect(idsOf(descending)).toEqual(sorted.slice(-3).reverse());
    expect((await calls.list(operator, { pageSize: 10, page: 10_000 })).body.content).toEqual([]);
  });

  it('searches keys and texts with q, every word', async () => {
    const found = await calls.list(operator, { q: 'login.title', pageSize: 500 });
    expect(found.status).toBe(200);
    expect(idsOf(found)).toContain(TITLE);
    expect(found.body.totalElements).toBeLessThan(EN.size);
    expect(found.body.totalElements).toBe(found.body.content.length);

    // By the text of an override too.
    await override(operator, TITLE, 'en', 'Welcome to Zanzibar');
    const byOverride = await calls.list(operator, { q: 'zanzibar' });
    expect(idsOf(byOverride)).toEqual([TITLE]);
    expect(byOverride.body.totalElements).toBe(1);
    expect(idsOf(await calls.list(operator, { q: 'zanzibar welcome' }))).toEqual([TITLE]);
    expect((await calls.list(operator, { q: 'zanzibar nothing-like-this' })).body.totalElements).toBe(0);
  });

  it("lists with state overridden only the keys the caller's scope overrides", async () => {
    const [a, b, c] = [...EN.keys()]
      .sort()
      .filter((key) => placeholdersOf(EN.get(key)!).length === 0 && !EN.get(key)!.includes('||||'));
    await override(operator, a!, 'en', 'Operator A');
    await override(operator, b!, 'vi', 'Nhà cung cấp B');
    await override(acme.admin, c!, 'en', 'Acme C');

    const operators = await calls.list(operator, { state: 'overridden' });
    expect(operators.status).toBe(200);
    expect(idsOf(operators)).toEqual([a, b]);
    expect(operators.body.totalElements).toBe(2);
    // The operator's are inherited by Acme, not its own.
    const acmes = await calls.list(acme.admin, { state: 'overridden' });
    expect(idsOf(acmes)).toEqual([c]);
    expect((await calls.list(globex.admin, { state: 'overridden' })).body.totalElements).toBe(0);
    expect(idsOf(await calls.list(operator, { state: 'overridden', customerId: acme.id }))).toEqual([c]);
  });

  it('lists with state missing the keys without a Vietnamese text', async () => {
    const missing = [...EN.keys()].filter((key) => !VI.has(key));
    const answer = await calls.list(operator, { state: 'missing', pageSize: 500 });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(missing.length);
  });

  it('refuses a state or a sort it does not know', async () => {
    expect((await calls.list(operator, { state: 'stale' })).status).toBe(400);
    expect((await calls.list(operator, { sort: 'text' })).status).toBe(400);
    expect((await calls.list(operator, { pageSize: 501 })).status).toBe(400);
  });
});

describe('refused overrides', () => {
  /** The override and the catalogues are as they were. */
  async function unchanged(key: string) {
    expect(await ctx.db.select().from(translationOverrides)).toEqual([]);
    expect(await shown('en', key)).toBe(EN.get(key));
    expect(await shown('vi', key)).toBe(VI.get(key));
    expect((await calls.one(operator, key)).body.override).toEqual({ en: null, vi: null });
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  }

  it('refuses a text that drops a placeholder of the message, or adds one', async () => {
    const wanted = placeholdersOf(EN.get(WITH_PLACEHOLDER)!);
    for (const text of ['No placeholder left', `${wanted.map((name) => `%{${name}}`).join(' ')} %{extra}`]) {
      const answer = await calls.set(operator, WITH_PLACEHOLDER, 'en', text);
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe(errorOf('placeholders'));
      expect(answer.body.params).toMatchObject({
        field: 'en',
        placeholders: wanted.map((name) => `%{${name}}`).join(', '),
      });
      expect(answer.body.message).toContain(`%{${wanted[0]}}`);
    }
    const vietnamese = await calls.set(acme.admin, WITH_PLACEHOLDER, 'vi', 'Tạo mới');
    expect(vietnamese.status).toBe(400);
    expect(vietnamese.body.messageKey).toBe(errorOf('placeholders'));
    expect(vietnamese.body.params.field).toBe('vi');
    await unchanged(WITH_PLACEHOLDER);
  });

  it('takes a text that keeps the placeholders, in any order', async () => {
    const wanted = placeholdersOf(EN.get(WITH_PLACEHOLDER)!);
    const text = `Tạo ${[...wanted]
      .reverse()
      .map((name) => `%{${name}}`)
      .join(' và ')}`;
    const written = await override(operator, WITH_PLACEHOLDER, 'vi', text);
    expect(written.override.vi).toBe(text);
    expect(written.placeholders).toEqual(wanted);
  });

  it('refuses a Vietnamese override of a plural message in two forms, and an English one in one form', async () => {
    const two = await calls.set(operator, PLURAL, 'vi', '%{smart_count} mục |||| %{smart_count} mục');
    expect(two.status).toBe(400);
    expect(two.body.messageKey).toBe(errorOf('pluralForms'));
    expect(two.body.params).toMatchObject({ smart_count: 1, field: 'vi' });
    const one = await calls.set(operator, PLURAL, 'en', '%{smart_count} chosen');
    expect(one.status).toBe(400);
    expect(one.body.messageKey).toBe(errorOf('pluralForms'));
    expect(one.body.params).toMatchObject({ smart_count: 2, field: 'en' });
    await unchanged(PLURAL);
  });

  it('takes a plural message in the forms of its locale', async () => {
    await override(operator, PLURAL, 'vi', 'Đã chọn %{smart_count} mục');
    await override(operator, PLURAL, 'en', 'One chosen |||| %{smart_count} chosen');
    expect(await shown('vi', PLURAL)).toBe('Đã chọn %{smart_count} mục');
    expect(await shown('en', PLURAL)).toBe('One chosen |||| %{smart_count} chosen');
  });

  it('answers 404 to a key the catalogue does not have, or that names a group of messages', async () => {
    for (const key of ['portal.login.nothingHere', 'portal.login']) {
      const written = await calls.set(operator, key, 'en', 'Anything');
      expect(written.status).toBe(404);
      expect(written.body.messageKey).toBe(errorOf('keyNotFound'));
      const read = await calls.one(acme.admin, key);
      expect(read.status).toBe(404);
      expect(read.body.messageKey).toBe(errorOf('keyNotFound'));
    }
    expect(await ctx.db.select().from(translationOverrides)).toEqual([]);
  });

  it('refuses a locale it does not speak, a text too long, and a field it does not know', async () => {
    const bodies = [
      { locale: 'fr', text: 'Connexion' },
      { locale: 'en', text: 'x'.repeat(4001) },
      { locale: 'en', text: 'Sign in', customerId: acme.id },
      { text: 'Sign in' },
    ];
    for (const json of bodies) {
      const answer = await ctx.call('PUT', `/api/translations/${TITLE}`, { token: operator, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
    await unchanged(TITLE);
  });
});

describe('writing overrides', () => {
  it('takes a key whose name holds a slash, sent encoded as the portal does', async () => {
    const key = [...EN.keys()].find((name) => name.includes('/'))!;
    // `resources.users/keycloak.name`: a resource's name, in two forms.
    const text = EN.get(key)!.includes('||||') ? 'Directory user |||| Directory users' : 'Directory users';
    const written = await calls.set(operator, encodeURIComponent(key), 'en', text);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.id).toBe(key);
    expect((await calls.one(acme.admin, encodeURIComponent(key))).body.inherited.en).toBe(text);
    expect(await shown('en', key)).toBe(text);
  });

  // PGlite runs one transaction at a time: this race shows on PostgreSQL (DATABASE_URL) only.
  it('takes every one of several first writes of a key that arrive at once, and keeps one override', async () => {
    const texts = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((word) => `${word} at once`);
    // Portals loading the catalogue at once first: the server's connections are open when the writes come.
    await Promise.all(texts.map(() => calls.catalogue('en')));
    const answers = await Promise.all(texts.map((text) => calls.set(operator, TITLE, 'en', text)));
    expect(answers.map((answer) => answer.status)).toEqual(texts.map(() => 200));
    const rows = await ctx.db.select().from(translationOverrides);
    expect(rows).toHaveLength(1);
    expect(texts).toContain(await shown('en', TITLE));
  });
});

describe('the audit of overrides', () => {
  const providerAudit = (token: string) =>
    ctx.call('GET', '/api/audit/provider/search?table=Translation', { token });
  const customerAudit = (token: string, customerId: string) =>
    ctx.call('GET', `/api/audit/${customerId}/search?table=Translation`, { token });

  it("records an operator's override, its change and its removal in the provider's log", async () => {
    await override(operator, TITLE, 'en', 'Welcome back');
    await override(operator, TITLE, 'en', 'Welcome back again');
    const removed = await override(operator, TITLE, 'en', null);
    expect(removed.override.en).toBeNull();
    expect(await shown('en', TITLE)).toBe(EN.get(TITLE));

    const answer = await providerAudit(operator);
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual([
      expect.objectContaining({
        table: 'Translation',
        action: 'DELETE',
        entityId: TITLE,
        entityName: `${TITLE} (en)`,
        changes: { en: { before: 'Welcome back again', after: null } },
      }),
      expect.objectContaining({
        action: 'UPDATE',
        entityId: TITLE,
        changes: { en: { before: 'Welcome back', after: 'Welcome back again' } },
      }),
      expect.objectContaining({
        action: 'CREATE',
        entityId: TITLE,
        modifiedBy: 'operator@example.com',
        changes: { en: { before: null, after: 'Welcome back' } },
      }),
    ]);
  });

  it("records a customer administrator's override in the customer's log, not the provider's", async () => {
    await override(acme.admin, TITLE, 'vi', 'Vào Acme');
    const acmes = await customerAudit(acme.admin, acme.id);
    expect(acmes.status).toBe(200);
    expect(acmes.body.content).toEqual([
      expect.objectContaining({
        table: 'Translation',
        action: 'CREATE',
        entityId: TITLE,
        entityName: `${TITLE} (vi)`,
        changes: { vi: { before: null, after: 'Vào Acme' } },
      }),
    ]);
    expect((await providerAudit(operator)).body.totalElements).toBe(0);
    expect((await customerAudit(operator, globex.id)).body.totalElements).toBe(0);

    await override(acme.admin, TITLE, 'vi', '');
    expect(await shown('vi', TITLE, acme.id)).toBe(VI.get(TITLE));
    const after = await customerAudit(acme.admin, acme.id);
    expect(after.body.content[0]).toMatchObject({
      action: 'DELETE',
      entityId: TITLE,
      changes: { vi: { before: 'Vào Acme', after: null } },
    });
  });

  it('records nothing for a write that changes nothing', async () => {
    await override(operator, TITLE, 'en', 'Welcome back');
    await override(operator, TITLE, 'en', 'Welcome back');
    // Removing what is not there.
    await override(operator, TITLE, 'vi', null);
    const answer = await providerAudit(operator);
    expect(answer.body.content.map((entry: { action: string }) => entry.action)).toEqual(['CREATE']);
  });
});

describe('the export of overrides', () => {
  it("answers the caller's overrides of a locale as a nested catalogue file", async () => {
    await override(operator, TITLE, 'vi', 'Vào cổng');
    await override(operator, WITH_PLACEHOLDER, 'vi', 'Tạo %{item}');
    // An English override, and a customer's: neither is in the operator's Vietnamese file.
    await override(operator, PLURAL, 'en', 'One chosen |||| %{smart_count} chosen');
    await override(acme.admin, TITLE, 'vi', 'Vào Acme');

    const answer = await calls.export(operator, 'vi');
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('application/json');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="overrides.vi.json"');
    expect(answer.body).toEqual({
      portal: { login: { title: 'Vào cổng' } },
      ra: { action: { create_item: 'Tạo %{item}' } },
    });
  });

  it("answers a customer administrator its customer's overrides alone, not the operator's it inherits", async () => {
    await override(operator, TITLE, 'vi', 'Vào cổng');
    await override(operator, PLURAL, 'vi', 'Đã chọn %{smart_count} mục');
    await override(acme.admin, TITLE, 'vi', 'Vào Acme');
    const acmes = await calls.export(acme.admin, 'vi');
    expect(acmes.status).toBe(200);
    expect(acmes.body).toEqual({ portal: { login: { title: 'Vào Acme' } } });
    expect((await calls.export(globex.admin, 'vi')).body).toEqual({});
    expect((await calls.export(acme.admin, 'en')).body).toEqual({});
    expect((await calls.export(operator, 'vi', acme.id)).body).toEqual({
      portal: { login: { title: 'Vào Acme' } },
    });
  });

  it('refuses an export without a locale it speaks', async () => {
    expect((await ctx.call('GET', '/api/translations/export', { token: operator })).status).toBe(400);
    expect((await calls.export(operator, 'fr')).status).toBe(400);
  });
});

describe('the built-in Translator role', () => {
  it("lets an operator's translator override messages, and nothing else", async () => {
    const { token } = await signedIn(ctx, { roleIds: [await builtInRoleId(ctx, TRANSLATOR_ROLE)] });
    const saved = await ctx.call('PUT', `/api/translations/${encodeURIComponent('portal.menu.help')}`, {
      token,
      json: { locale: 'vi', text: 'Hướng dẫn' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.override).toEqual({ en: null, vi: 'Hướng dẫn' });
    expect((await ctx.call('GET', '/api/i18n/vi')).body.portal.menu.help).toBe('Hướng dẫn');
    expect(
      (await ctx.call('POST', '/api/customer/search', { token, json: { page: 0, limit: 10 } })).status,
    ).toBe(403);
    expect((await ctx.call('GET', '/api/audit/provider/search', { token })).status).toBe(403);
  });
});

describe("the account's language", () => {
  it('keeps the language an account chooses, read back with the signed-in account', async () => {
    const { token, email } = await signedIn(ctx, {
      customerId: acme.id,
      roleIds: [await builtInRoleId(ctx, AUDITOR_ROLE)],
    });
    const before = await ctx.call('POST', '/api/account/load_account_by_token', { token });
    expect(before.status).toBe(200);
    expect(before.body.locale).toBeNull();

    const chosen = await ctx.call('PUT', '/api/account/locale', { token, json: { locale: 'vi' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ locale: 'vi' });
    const after = await ctx.call('POST', '/api/account/load_account_by_token', { token });
    expect(after.body.locale).toBe('vi');
    // At the next sign-in too.
    const again = await ctx.signIn(email, 'Correct-Horse-9');
    expect((await ctx.call('POST', '/api/account/load_account_by_token', { token: again })).body.locale).toBe(
      'vi',
    );
  });

  it("keeps an operator's language", async () => {
    const { token } = await signedIn(ctx, { roleIds: [] });
    expect((await ctx.call('PUT', '/api/account/locale', { token, json: { locale: 'en' } })).status).toBe(
      200,
    );
    expect((await ctx.call('POST', '/api/account/load_account_by_token', { token })).body.locale).toBe('en');
  });

  it('refuses a language the portal does not speak, and a call without a token', async () => {
    const { token } = await signedIn(ctx, { customerId: acme.id, roleIds: [] });
    for (const json of [{ locale: 'fr' }, { locale: 'VI' }, {}, { locale: 'vi', extra: 1 }]) {
      const answer = await ctx.call('PUT', '/api/account/locale', { token, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
    expect((await ctx.call('POST', '/api/account/load_account_by_token', { token })).body.locale).toBeNull();
    expect((await ctx.call('PUT', '/api/account/locale', { json: { locale: 'vi' } })).status).toBe(401);
  });
});

describe('the translations permission', () => {
  it('refuses every call of the translations screen to an account whose role lacks it', async () => {
    const token = await tokenWithRole(ctx, 'accounts-only', ['account:view'], acme.id);
    const answers = [
      await calls.list(token),
      await calls.one(token, TITLE),
      await calls.set(token, TITLE, 'en', 'Not allowed'),
      await calls.export(token, 'en'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.messageKey).toBe('error.action.notallow');
    }
    expect(await shown('en', TITLE, acme.id)).toBe(EN.get(TITLE));
  });

  it('lets an account that may only view the overrides read them, not change them', async () => {
    const token = await tokenWithRole(ctx, 'translations-viewer', ['translations:view'], acme.id);
    expect((await calls.list(token)).status).toBe(200);
    expect((await calls.one(token, TITLE)).status).toBe(200);
    expect((await calls.export(token, 'vi')).status).toBe(200);
    const refused = await calls.set(token, TITLE, 'en', 'Not allowed');
    expect(refused.status).toBe(403);
    expect(refused.body.messageKey).toBe('error.action.notallow');
  });

  it('answers 401 to the translations screen without a token, while the catalogue stays public', async () => {
    expect((await ctx.call('GET', '/api/translations')).status).toBe(401);
    expect(
      (await ctx.call('PUT', `/api/translations/${TITLE}`, { json: { locale: 'en', text: 'x' } })).status,
    ).toBe(401);
    expect((await calls.catalogue('en')).status).toBe(200);
  });
});
