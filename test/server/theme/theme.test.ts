import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_THEME_DEFINITION,
  THEME_ERRORS,
  type ThemeDefinition,
  themeFilePath,
} from '../../../contract/theme.ts';
import { files, themes, tokenPacks } from '../../../server/db/schema.ts';
import { en } from '../../../src/i18n/en/index.ts';
import { auditOf } from '../fixtures/admin.ts';
import { customerWithAdmin } from '../fixtures/billing.ts';
import { sharedTestContext } from '../helpers.ts';
import { info, PNG, packCalls } from '../tokenPack/fixtures.ts';

/**
 * Themes (contract/theme.ts): a customer administrator adds, searches, reads, saves and deletes its themes;
 * the common colours are copied to every screen on save; a theme a token pack shows is locked; operators
 * reject a theme; images are uploaded (checked by content) and read publicly by path. Another customer's
 * theme answers 404 to every call.
 */

const BASE = '/api/whitelabelapp/theme';
const FILES = '/api/whitelabelapp/files';

const ctx = sharedTestContext();
let acme: { id: string; admin: string };
let globex: { id: string; admin: string };
let operator: string;

beforeAll(async () => {
  acme = await customerWithAdmin(ctx, 'Acme Rockets');
  globex = await customerWithAdmin(ctx, 'Globex Industries');
  operator = await ctx.signInOperator();
});

type ErrorName = keyof typeof THEME_ERRORS;
const errorOf = (name: ErrorName) => ({
  messageKey: THEME_ERRORS[name].key,
  message: THEME_ERRORS[name].text,
});

const calls = {
  search: (token: string, customerId: string, body: Record<string, unknown>) =>
    ctx.call('POST', `${BASE}/${customerId}/search`, { token, json: { page: 0, limit: 25, ...body } }),
  detail: (token: string, customerId: string, themeId: string) =>
    ctx.call('POST', `${BASE}/detail`, { token, json: { themeId, customerId } }),
  details: (token: string, customerId: string, ids: string[]) =>
    ctx.call('POST', `${BASE}/details`, { token, json: { ids, customerId } }),
  create: (token: string, json: Record<string, unknown>) =>
    ctx.call('POST', `${BASE}/create`, { token, json }),
  update: (token: string, json: Record<string, unknown>) =>
    ctx.call('PUT', `${BASE}/update`, { token, json }),
  remove: (token: string, customerId: string, themeId: string) =>
    ctx.call('DELETE', `${BASE}/delete`, { token, json: { themeId, customerId } }),
  reject: (token: string, customerId: string, themeId: string, reason: string) =>
    ctx.call('POST', `${BASE}/reject`, { token, json: { themeId, customerId, reason } }),
  getDefault: (token: string) => ctx.call('GET', `${BASE}/default`, { token }),
};

/** Uploads a file as the portal does (one `file` part). */
async function upload(token: string, customerId: string, bytes: Buffer, type: string, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${FILES}/upload?customerId=${customerId}`,
    headers: {
      'content-type': request.headers.get('content-type')!,
      authorization: `Bearer ${token}`,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Reads an image the way an <img> does: no token. */
async function image(path: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api${path}` });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** A copy of the default definition, changed by `change`. */
function definition(change: (draft: ThemeDefinition) => void = () => {}): ThemeDefinition {
  const draft = structuredClone(DEFAULT_THEME_DEFINITION);
  change(draft);
  return draft;
}

const fieldOf = (draft: ThemeDefinition, screen: string, id: string) => {
  const fields =
    screen === 'common' ? draft.commonDefs : draft.screenDefs.find((s) => s.id === screen)!.fields;
  return fields.find((field) => field.id === id)!;
};

/** A new theme of the customer's, by the create call; answers its record. */
async function newTheme(customer: { id: string; admin: string }, fields: Record<string, unknown> = {}) {
  const created = await calls.create(customer.admin, { customerId: customer.id, name: 'Spring', ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const read = await calls.detail(customer.admin, customer.id, created.body.id);
  expect(read.status).toBe(200);
  return read.body;
}

/** The editor's save: the record as read, with changes. */
const saved = (record: Record<string, unknown>, changes: Record<string, unknown>) =>
  calls.update(acme.admin, { ...record, ...changes });

/** A token pack of the customer's (written straight to the table), shown by the pack calls. */
async function packOf(customerId: string, name = 'Field Team') {
  const [pack] = await ctx.db.insert(tokenPacks).values({ customerId, name }).returning();
  return pack!.id;
}

/** Gives a pack a theme (or none) by the token pack update call, as the token pack screen does. */
const assign = (customer: { id: string; admin: string }, packId: string, themeId: string | null) =>
  packCalls(ctx).update(customer.admin, customer.id, packId, info({ themeId }));

describe('adding and reading themes', () => {
  it('answers the default definition', async () => {
    const answer = await calls.getDefault(acme.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(DEFAULT_THEME_DEFINITION);
  });

  it('starts a theme from the default definition when none is given', async () => {
    const record = await newTheme(acme, { name: '  Default look  ' });
    expect(record).toMatchObject({
      customerId: acme.id,
      name: 'Default look',
      themeDefinition: DEFAULT_THEME_DEFINITION,
      imageMap: {},
      status: 'ACTIVE',
      rejectReason: null,
      tokenPacks: [],
      locked: false,
    });
  });

  it('copies the common colours to every screen on create, and leaves the rest as sent', async () => {
    const sent = definition((draft) => {
      fieldOf(draft, 'common', 'buttonColor').value = '#ff0000';
      fieldOf(draft, 'sign-in', 'buttonColor').value = '#00ff00';
      fieldOf(draft, 'approval', 'approveColor').value = '#123456';
      fieldOf(draft, 'sign-in', 'title').value = 'Welcome';
    });
    const record = await newTheme(acme, { themeDefinition: sent });
    for (const screen of ['sign-in', 'activation', 'web-sign-in']) {
      expect(fieldOf(record.themeDefinition, screen, 'buttonColor').value, screen).toBe('#ff0000');
    }
    expect(fieldOf(record.themeDefinition, 'approval', 'approveColor').value).toBe('#123456');
    expect(fieldOf(record.themeDefinition, 'sign-in', 'title').value).toBe('Welcome');
  });

  it('refuses a definition that names a field twice on a screen', async () => {
    const sent = definition((draft) => {
      draft.screenDefs[0]!.fields.push({ id: 'title', type: 'text', value: 'Twice' });
    });
    const answer = await calls.create(acme.admin, {
      customerId: acme.id,
      name: 'Twins',
      themeDefinition: sent,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
  });

  it('refuses a colour field whose value is no colour', async () => {
    const sent = definition((draft) => {
      fieldOf(draft, 'common', 'primaryColor').value = 'blue';
    });
    const answer = await calls.create(acme.admin, {
      customerId: acme.id,
      name: 'Blue',
      themeDefinition: sent,
    });
    expect(answer.status).toBe(400);
  });

  it('reads several themes of the customer, leaving out the ids it does not have', async () => {
    const first = await newTheme(acme, { name: 'First' });
    const second = await newTheme(acme, { name: 'Second' });
    const answer = await calls.details(acme.admin, acme.id, [second.id, randomUUID(), first.id]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: { name: string }) => row.name)).toEqual(['Second', 'First']);
  });
});

describe('searching themes', () => {
  let customer: { id: string; admin: string };
  beforeAll(async () => {
    customer = await customerWithAdmin(ctx, 'Initech');
    for (const name of ['Autumn', 'Winter', 'Summer night']) await newTheme(customer, { name });
  });

  it('pages by name with the total of all the matches', async () => {
    const first = await calls.search(customer.admin, customer.id, { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(3);
    expect(first.body.contents.map((row: { name: string }) => row.name)).toEqual(['Autumn', 'Summer night']);
    const second = await calls.search(customer.admin, customer.id, { page: 1, limit: 2 });
    expect(second.body.contents.map((row: { name: string }) => row.name)).toEqual(['Winter']);
    expect(second.body.contents[0]).toMatchObject({ tokenPacks: [], locked: false, status: 'ACTIVE' });
  });

  it('filters by name and by status', async () => {
    const byName = await calls.search(customer.admin, customer.id, { filters: { q: 'WIN' } });
    expect(byName.body).toMatchObject({ totalElements: 1, contents: [{ name: 'Winter' }] });
    const winter = byName.body.contents[0];
    expect((await calls.reject(operator, customer.id, winter.id, 'Not our brand')).status).toBe(200);
    const rejected = await calls.search(customer.admin, customer.id, { filters: { status: 'REJECTED' } });
    expect(rejected.body).toMatchObject({ totalElements: 1, contents: [{ name: 'Winter' }] });
    const active = await calls.search(customer.admin, customer.id, {
      filters: { status: 'ACTIVE' },
      sort: { field: 'name', order: 'DESC' },
    });
    expect(active.body.contents.map((row: { name: string }) => row.name)).toEqual(['Summer night', 'Autumn']);
  });

  it("never lists another customer's themes", async () => {
    const answer = await calls.search(acme.admin, acme.id, { filters: { q: 'Winter' } });
    expect(answer.body).toEqual({ contents: [], totalElements: 0 });
  });
});

describe('saving a theme', () => {
  it('copies a changed common colour to every screen, and keeps what is not a common colour', async () => {
    const record = await newTheme(acme);
    const sent = structuredClone(record.themeDefinition) as ThemeDefinition;
    fieldOf(sent, 'common', 'backgroundColor').value = '#000000';
    fieldOf(sent, 'approval', 'rejectColor').value = '#abcdef';
    // A screen's own field that is no common colour: a text of the same id as a common text stays.
    fieldOf(sent, 'common', 'companyName').value = 'Acme';
    fieldOf(sent, 'sign-in', 'title').value = 'Hello';
    const answer = await saved(record, { name: 'Night', themeDefinition: sent });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const screen of ['sign-in', 'approval', 'activation', 'web-sign-in']) {
      expect(fieldOf(answer.body.themeDefinition, screen, 'backgroundColor').value, screen).toBe('#000000');
    }
    expect(fieldOf(answer.body.themeDefinition, 'approval', 'rejectColor').value).toBe('#abcdef');
    expect(fieldOf(answer.body.themeDefinition, 'sign-in', 'title').value).toBe('Hello');
    expect(fieldOf(answer.body.themeDefinition, 'common', 'companyName').value).toBe('Acme');
    expect(answer.body.name).toBe('Night');
    // As read back.
    const read = await calls.detail(acme.admin, acme.id, record.id);
    expect(read.body.themeDefinition).toEqual(answer.body.themeDefinition);
  });

  it('copies the common colours even when a screen sent another value (any client)', async () => {
    const record = await newTheme(acme);
    const sent = structuredClone(record.themeDefinition) as ThemeDefinition;
    fieldOf(sent, 'activation', 'textColor').value = '#ff00ff';
    const answer = await saved(record, { themeDefinition: sent });
    expect(fieldOf(answer.body.themeDefinition, 'activation', 'textColor').value).toBe('#1a1a1a');
  });

  it('records who added, changed and deleted a theme, naming the changed fields', async () => {
    const record = await newTheme(acme, { name: 'Audited' });
    const sent = structuredClone(record.themeDefinition) as ThemeDefinition;
    fieldOf(sent, 'common', 'buttonColor').value = '#222222';
    expect((await saved(record, { themeDefinition: sent })).status).toBe(200);
    expect((await calls.remove(acme.admin, acme.id, record.id)).status).toBe(200);
    const entries = await auditOf(ctx, record.id);
    expect(entries.map((entry) => [entry.tableName, entry.action, entry.customerId])).toEqual([
      ['Theme', 'CREATE', acme.id],
      ['Theme', 'UPDATE', acme.id],
      ['Theme', 'DELETE', acme.id],
    ]);
    expect(entries[1]!.changes).toEqual({
      'common.buttonColor': { before: '#1565c0', after: '#222222' },
      'screen.sign-in.buttonColor': { before: '#1565c0', after: '#222222' },
      'screen.activation.buttonColor': { before: '#1565c0', after: '#222222' },
      'screen.web-sign-in.buttonColor': { before: '#1565c0', after: '#222222' },
    });
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: 'Audited' } });
  });

  it('writes no entry for a save that changes nothing', async () => {
    const record = await newTheme(acme);
    expect((await saved(record, {})).status).toBe(200);
    expect((await auditOf(ctx, record.id)).map((entry) => entry.action)).toEqual(['CREATE']);
  });
});

describe('a theme a token pack shows', () => {
  it('is locked: not saved nor deleted until another theme replaces it in the pack', async () => {
    const record = await newTheme(acme, { name: 'Shown' });
    const other = await newTheme(acme, { name: 'Other' });
    const packId = await packOf(acme.id, 'Sales Team');
    const given = await assign(acme, packId, record.id);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ themeId: record.id, themeName: 'Shown' });

    const read = await calls.detail(acme.admin, acme.id, record.id);
    expect(read.body).toMatchObject({ locked: true, tokenPacks: [{ id: packId, name: 'Sales Team' }] });

    const update = await saved(record, { name: 'Changed' });
    expect(update.status).toBe(409);
    expect(update.body).toMatchObject(errorOf('THEME_LOCKED'));
    expect(en.error.theme.locked).toBe(update.body.message);
    const removal = await calls.remove(acme.admin, acme.id, record.id);
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject(errorOf('THEME_IN_USE'));
    expect((await calls.detail(acme.admin, acme.id, record.id)).body.name).toBe('Shown');

    expect((await assign(acme, packId, other.id)).body).toMatchObject({
      themeId: other.id,
      themeName: 'Other',
    });
    const now = await saved(record, { name: 'Changed' });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ name: 'Changed', locked: false, tokenPacks: [] });
    expect((await calls.remove(acme.admin, acme.id, record.id)).status).toBe(200);
    expect((await calls.detail(acme.admin, acme.id, record.id)).status).toBe(404);
  });
});

describe('rejecting a theme', () => {
  it('lets an operator reject it with a reason; saving it again makes it active', async () => {
    const record = await newTheme(acme, { name: 'Loud' });
    const rejected = await calls.reject(operator, acme.id, record.id, '  The logo is not yours  ');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectReason: 'The logo is not yours' });
    expect((await calls.detail(acme.admin, acme.id, record.id)).body.status).toBe('REJECTED');

    const packId = await packOf(acme.id, 'Rejected Team');
    const refused = await assign(acme, packId, record.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject(errorOf('THEME_REJECTED'));

    const again = await saved(rejected.body, { name: 'Quiet' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Quiet', status: 'ACTIVE', rejectReason: null });
    expect((await assign(acme, packId, record.id)).status).toBe(200);
    const entries = await auditOf(ctx, record.id);
    expect(entries[1]!.changes).toEqual({
      status: { before: 'ACTIVE', after: 'REJECTED' },
      rejectReason: { before: null, after: 'The logo is not yours' },
    });
  });

  it("is refused to a customer's administrator", async () => {
    const record = await newTheme(acme);
    const answer = await calls.reject(acme.admin, acme.id, record.id, 'Mine');
    expect(answer.status).toBe(403);
    expect((await calls.detail(acme.admin, acme.id, record.id)).body.status).toBe('ACTIVE');
  });
});

describe('images', () => {
  it('stores a PNG and serves it back as sent, publicly, with its type', async () => {
    const answer = await upload(acme.admin, acme.id, PNG, 'image/png', 'C:\\logos\\logo.png');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fileName: 'logo.png', mimeType: 'image/png', size: PNG.length });
    expect(answer.body.path).toMatch(/^\/whitelabelapp\/files\/[0-9a-f-]{36}$/);
    const served = await image(answer.body.path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.bytes, PNG)).toBe(0);
  });

  it('judges the type by the content: a text file named .png is refused', async () => {
    const answer = await upload(acme.admin, acme.id, Buffer.from('just some text'), 'image/png', 'fake.png');
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject(errorOf('THEME_IMAGE_TYPE'));
  });

  it('accepts an image of exactly 1 MB and refuses a larger one', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
    expect((await upload(acme.admin, acme.id, exact, 'image/png', 'exact.png')).status).toBe(201);
    const large = Buffer.concat([exact, Buffer.alloc(1)]);
    const before = (await ctx.db.select({ id: files.id }).from(files)).length;
    const answer = await upload(acme.admin, acme.id, large, 'image/png', 'large.png');
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject(errorOf('THEME_IMAGE_TOO_LARGE'));
    expect((await ctx.db.select({ id: files.id }).from(files)).length).toBe(before);
  });

  it('serves an SVG under a policy that runs nothing, and refuses one that carries a script or a handler', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    );
    const answer = await upload(acme.admin, acme.id, svg, 'image/svg+xml', 'logo.svg');
    expect(answer.status).toBe(201);
    expect(answer.body.mimeType).toBe('image/svg+xml');
    const served = await image(answer.body.path);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");

    for (const unsafe of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
    ]) {
      const refused = await upload(acme.admin, acme.id, Buffer.from(unsafe), 'image/svg+xml', 'x.svg');
      expect(refused.status, unsafe).toBe(415);
      expect(refused.body).toMatchObject(errorOf('THEME_IMAGE_UNSAFE'));
    }
  });

  it('answers 404 for an unknown image and for a file that is no theme image', async () => {
    expect((await image(themeFilePath(randomUUID()))).status).toBe(404);
    const [icon] = await ctx.db
      .insert(files)
      .values({ customerId: null, fileName: 'icon.png', mimeType: 'image/png', size: PNG.length, bytes: PNG })
      .returning();
    const answer = await image(themeFilePath(icon!.id));
    expect(answer.status).toBe(404);
  });

  it("keeps the images a theme uses in its image map, and refuses another customer's image", async () => {
    const mine = await upload(acme.admin, acme.id, PNG, 'image/png', 'acme.png');
    const theirs = await upload(globex.admin, globex.id, PNG, 'image/png', 'globex.png');
    const record = await newTheme(acme);
    const withLogo = (path: string) =>
      definition((draft) => {
        fieldOf(draft, 'common', 'logo').value = path;
        fieldOf(draft, 'sign-in', 'logo').value = path;
      });
    const answer = await saved(record, { themeDefinition: withLogo(mine.body.path) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.imageMap).toEqual({ [mine.body.path]: 'acme.png' });

    const refused = await saved(answer.body, { themeDefinition: withLogo(theirs.body.path) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(errorOf('THEME_IMAGE_UNKNOWN'));
    const unknown = await saved(answer.body, { themeDefinition: withLogo(themeFilePath(randomUUID())) });
    expect(unknown.body).toMatchObject(errorOf('THEME_IMAGE_UNKNOWN'));
    const created = await calls.create(acme.admin, {
      customerId: acme.id,
      name: 'Borrowed',
      themeDefinition: withLogo(theirs.body.path),
    });
    expect(created.status).toBe(400);
    // Saving without the image drops it from the map.
    const cleared = await saved(answer.body, { themeDefinition: definition() });
    expect(cleared.body.imageMap).toEqual({});
  });
});

describe("another customer's theme", () => {
  it('answers 404 to every call, like an unknown id, and changes nothing', async () => {
    const record = await newTheme(globex, { name: 'Globex look' });
    const [before] = await ctx.db.select().from(themes).where(eq(themes.id, record.id));
    const asks = [
      () => calls.detail(acme.admin, acme.id, record.id),
      () => calls.update(acme.admin, { ...record, customerId: acme.id, name: 'Taken' }),
      () => calls.remove(acme.admin, acme.id, record.id),
      () => calls.reject(operator, acme.id, record.id, 'Wrong customer'),
    ];
    for (const ask of asks) {
      const answer = await ask();
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject(errorOf('THEME_NOT_FOUND'));
    }
    const unknown = await calls.detail(acme.admin, acme.id, randomUUID());
    expect(unknown.body).toEqual((await calls.detail(acme.admin, acme.id, record.id)).body);
    expect((await calls.details(acme.admin, acme.id, [record.id])).body).toEqual([]);
    // Naming the other customer is refused by the guard.
    expect((await calls.detail(acme.admin, globex.id, record.id)).status).toBe(404);

    const packId = await packOf(acme.id, 'Borrowing Team');
    const assigned = await assign(acme, packId, record.id);
    expect(assigned.status).toBe(404);
    expect(assigned.body).toMatchObject(errorOf('THEME_NOT_FOUND'));

    const [after] = await ctx.db.select().from(themes).where(eq(themes.id, record.id));
    expect(after).toEqual(before);
  });
});
