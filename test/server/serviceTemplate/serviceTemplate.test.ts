import { and, count, eq } from 'drizzle-orm';
import { auditLog, files, serviceTemplates } from '../../../server/db/schema.ts';
import { tokenWithRole } from '../fixtures/admin.ts';
import { GIF, image, jsonBlob, type Part, PNG, SVG, sendForm } from '../fixtures/multipart.ts';
import { type JsonAnswer, OPERATOR_EMAIL, sharedTestContext, UNKNOWN_ID as UNKNOWN } from '../helpers.ts';

const BASE = '/api/service-mgmt/template';

const ctx = sharedTestContext();
let operator: string;
let viewer: string;
let editor: string;
let publisher: string;
let customerAdmin: string;

beforeAll(async () => {
  operator = await ctx.signInOperator();
  viewer = await tokenWithRole(ctx, 'template-viewers', ['service_template:view']);
  editor = await tokenWithRole(ctx, 'template-editors', [
    'service_template:view',
    'service_template:create',
    'service_template:modify',
  ]);
  publisher = await tokenWithRole(ctx, 'template-publishers', ['service_template:configure']);
  // A customer's administrator holding every template permission: the scope still keeps it out.
  const customer = await ctx.createCustomer({ companyName: 'Gallery Visitors Ltd' });
  customerAdmin = await tokenWithRole(
    ctx,
    'customer-admins',
    [
      'service_template:view',
      'service_template:create',
      'service_template:modify',
      'service_template:configure',
    ],
    customer.id,
  );
});

let unameCounter = 0;
const uniqueUname = (label: string) => {
  unameCounter += 1;
  return `${label}-${unameCounter}`;
};

const fieldsOf = (overrides: Record<string, unknown> = {}) => ({
  uname: uniqueUname('tpl'),
  templateName: 'VPN with RADIUS',
  shortDescription: 'Two factors for the VPN',
  description: 'Protects a VPN gateway with a second factor over RADIUS.',
  protocol: 'RADIUS',
  connectorIds: [2, 1],
  ...overrides,
});

/** The template's fields as the json part, and its icon if any. */
const formOf = (fields: unknown, icon?: Part): Part[] =>
  icon ? [['json', jsonBlob(fields)], icon] : [['json', jsonBlob(fields)]];

const create = (fields: unknown, icon?: Part, token = operator) =>
  sendForm(ctx, 'POST', `${BASE}/create`, formOf(fields, icon), token);

const update = (id: string, fields: unknown, icon?: Part, token = operator) =>
  sendForm(ctx, 'POST', `${BASE}/${id}/update`, formOf(fields, icon), token);

/** Creates a template and answers its record. */
async function createTemplate(overrides: Record<string, unknown> = {}, icon?: Part) {
  const created = await create(fieldsOf(overrides), icon);
  expect(created.status).toBe(201);
  return (await detail(created.body.id)).body;
}

const detail = (id: string, token = operator) => ctx.call('POST', `${BASE}/detail`, { token, json: { id } });
const search = (json: unknown, token = operator) => ctx.call('POST', `${BASE}/search`, { token, json });
const publish = (id: string, token = operator) =>
  ctx.call('POST', `${BASE}/publish`, { token, json: { id } });
const unpublish = (id: string, token = operator) =>
  ctx.call('POST', `${BASE}/unpublish`, { token, json: { id } });

async function getIcon(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const countOf = async (table: typeof files | typeof serviceTemplates | typeof auditLog) =>
  (await ctx.db.select({ total: count() }).from(table))[0]!.total;

const counts = async () => ({
  templates: await countOf(serviceTemplates),
  files: await countOf(files),
  audit: await countOf(auditLog),
});

const fileExists = async (id: string) =>
  (await ctx.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;

const iconFileIdOf = (record: { iconUrl: string | null }) =>
  record.iconUrl === null ? null : new URL(record.iconUrl, 'http://localhost').searchParams.get('v');

const auditOf = (entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'ServiceTemplate'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.modifiedDate);

describe('create', () => {
  it('creates an unpublished template without an icon and answers 201 with its id', async () => {
    const fields = fieldsOf({ uname: 'vpn-radius', connectorIds: [2] });
    const created = await create(fields);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const answer = await detail(created.body.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: created.body.id,
      uname: 'vpn-radius',
      templateName: 'VPN with RADIUS',
      shortDescription: 'Two factors for the VPN',
      description: 'Protects a VPN gateway with a second factor over RADIUS.',
      status: 'UNPUBLISHED',
      protocol: 'RADIUS',
      connectorIds: [2],
      iconUrl: null,
      createdDate: expect.any(String),
      modifiedDate: expect.any(String),
    });
  });

  it('defaults the descriptions to empty and the connectors to none', async () => {
    const created = await create({ uname: uniqueUname('bare'), templateName: 'Bare', protocol: 'OIDC' });
    expect(created.status).toBe(201);
    expect((await detail(created.body.id)).body).toMatchObject({
      shortDescription: '',
      description: '',
      connectorIds: [],
    });
  });

  it('stores the icon and serves it with its type, caching and nosniff headers', async () => {
    const record = await createTemplate({}, ['iconFile', image(PNG), 'logo.png']);
    const fileId = iconFileIdOf(record);
    expect(record.iconUrl).toBe(`/api/service-mgmt/template/${record.id}/icon?v=${fileId}`);
    expect(await fileExists(fileId!)).toBe(true);
    const icon = await getIcon(record.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.bytes.equals(PNG)).toBe(true);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    // Every answer carries the portal's policy (server/http/securityHeaders.ts); the SVG one is for SVG only.
    expect(icon.headers['content-security-policy']).not.toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('serves an SVG icon under a policy that forbids scripts', async () => {
    const record = await createTemplate({}, ['iconFile', image(SVG, 'image/svg+xml'), 'logo.svg']);
    const icon = await getIcon(record.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(icon.bytes.equals(SVG)).toBe(true);
  });

  it('answers 404 for the icon of a template without one, and of no template', async () => {
    const record = await createTemplate();
    const none = await ctx.call('GET', `${BASE}/${record.id}/icon`);
    expect(none).toMatchObject({
      status: 404,
      body: { messageKey: 'error.template.iconNotFound', message: 'This service template has no icon.' },
    });
    expect((await ctx.call('GET', `${BASE}/${UNKNOWN}/icon`)).status).toBe(404);
  });

  it.each([
    [
      'an icon of 2000001 bytes',
      (() => {
        const tooBig = Buffer.alloc(2_000_001);
        PNG.copy(tooBig, 0, 0, 8);
        return image(tooBig);
      })(),
      413,
      'error.upload.tooLarge',
    ],
    ['a text file', new Blob(['hello'], { type: 'text/plain' }), 415, 'error.upload.unsupportedType'],
    ['text disguised as a PNG', image(Buffer.from('not an image')), 415, 'error.upload.unsupportedType'],
    [
      'an SVG with a script in the XHTML namespace',
      image(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>',
        ),
        'image/svg+xml',
      ),
      415,
      'error.upload.unsafeSvg',
    ],
    [
      'an SVG whose link runs a script',
      image(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script:alert(1)"><rect/></a></svg>',
        ),
        'image/svg+xml',
      ),
      415,
      'error.upload.unsafeSvg',
    ],
  ])('refuses %s and writes nothing', async (_, file, status, messageKey) => {
    const before = await counts();
    const answer = await create(fieldsOf(), ['iconFile', file, 'icon.png']);
    expect(answer).toMatchObject({ status, body: { messageKey } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a URL name already used with 409, and keeps no icon of the refused template', async () => {
    const uname = uniqueUname('taken');
    expect((await create(fieldsOf({ uname }))).status).toBe(201);
    const before = await counts();
    const again = await create(fieldsOf({ uname, templateName: 'Another' }), [
      'iconFile',
      image(PNG),
      'logo.png',
    ]);
    expect(again).toMatchObject({
      status: 409,
      body: {
        messageKey: 'error.template.unameExisted',
        message: 'A service template with this URL name already exists.',
      },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ uname: 'Not A Slug' }, 'uname'],
    [{ uname: '-leading' }, 'uname'],
    [{ uname: 'a'.repeat(101) }, 'uname'],
    [{ uname: '' }, 'uname'],
    [{ templateName: '' }, 'templateName'],
    [{ templateName: '   ' }, 'templateName'],
    [{ templateName: 'n'.repeat(201) }, 'templateName'],
    [{ shortDescription: 's'.repeat(301) }, 'shortDescription'],
    [{ description: 'd'.repeat(5001) }, 'description'],
    [{ protocol: 'FTP' }, 'protocol'],
    [{ connectorIds: [6] }, 'connectorIds.0'],
    [{ connectorIds: [1, 1] }, 'connectorIds'],
    [{ status: 'PUBLISHED' }, 'status'],
  ])('refuses %j naming %s', async (overrides, field) => {
    const before = await counts();
    const answer = await create(fieldsOf(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.params.field).toBe(field);
    expect(await counts()).toEqual(before);
  });

  it('accepts the longest values allowed', async () => {
    const answer = await create(
      fieldsOf({
        uname: `${'a'.repeat(95)}-${String(unameCounter).padStart(4, '0')}`,
        templateName: 'n'.repeat(200),
        shortDescription: 's'.repeat(300),
        description: 'd'.repeat(5000),
        connectorIds: [1, 2, 3, 4, 5, 7],
      }),
    );
    expect(answer.status).toBe(201);
  });

  it('writes a CREATE audit entry with the fields set', async () => {
    const record = await createTemplate({ uname: uniqueUname('audited') }, ['iconFile', image(PNG), 'a.png']);
    const entries = await auditOf(record.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'CREATE', modifiedBy: OPERATOR_EMAIL, customerId: null });
    expect(entries[0]!.changes).toEqual({
      uname: { before: null, after: record.uname },
      templateName: { before: null, after: 'VPN with RADIUS' },
      shortDescription: { before: null, after: 'Two factors for the VPN' },
      description: { before: null, after: 'Protects a VPN gateway with a second factor over RADIUS.' },
      protocol: { before: null, after: 'RADIUS' },
      connectorIds: { before: null, after: [2, 1] },
      iconFileId: { before: null, after: iconFileIdOf(record) },
      status: { before: null, after: 'UNPUBLISHED' },
    });
  });
});

describe('search, detail and details', () => {
  const MARK = 'zq-search';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const rows: [string, string, string][] = [
      ['Alpha', 'RADIUS', 'PUBLISHED'],
      ['Bravo', 'SAML2', 'UNPUBLISHED'],
      ['Charlie', 'SAML2', 'PUBLISHED'],
      ['Delta', 'OIDC', 'UNPUBLISHED'],
      ['Echo', 'HTTPS', 'UNPUBLISHED'],
    ];
    for (const [name, protocol, status] of rows) {
      const record = await createTemplate({
        uname: `${MARK}-${name.toLowerCase()}`,
        templateName: `${name} ${MARK}`,
        protocol,
      });
      ids[name] = record.id;
      if (status === 'PUBLISHED') expect((await publish(record.id)).status).toBe(200);
    }
  });

  const names = (rows: { templateName: string }[]) => rows.map((row) => row.templateName.split(' ')[0]);

  it('finds by free text in the name, the URL name or the short description, with the total', async () => {
    const answer = await search({
      page: 0,
      limit: 2,
      filters: { q: MARK },
      sort: { field: 'templateName', order: 'ASC' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(5);
    expect(names(answer.body.contents)).toEqual(['Alpha', 'Bravo']);
    const second = await search({
      page: 2,
      limit: 2,
      filters: { q: MARK },
      sort: { field: 'templateName', order: 'ASC' },
    });
    expect(names(second.body.contents)).toEqual(['Echo']);
    const byUname = await search({ page: 0, limit: 10, filters: { q: `${MARK}-CHARLIE` } });
    expect(names(byUname.body.contents)).toEqual(['Charlie']);
    const byShortDescription = await search({ page: 0, limit: 1, filters: { q: 'two FACTORS for' } });
    expect(byShortDescription.body.totalElements).toBeGreaterThanOrEqual(5);
  });

  it('filters by status and protocol, and sorts both ways', async () => {
    const published = await search({
      page: 0,
      limit: 10,
      filters: { q: MARK, status: 'PUBLISHED' },
      sort: { field: 'templateName', order: 'DESC' },
    });
    expect(published.body).toMatchObject({ totalElements: 2 });
    expect(names(published.body.contents)).toEqual(['Charlie', 'Alpha']);
    const saml2 = await search({
      page: 0,
      limit: 10,
      filters: { q: MARK, protocol: 'SAML2' },
      sort: { field: 'uname', order: 'ASC' },
    });
    expect(names(saml2.body.contents)).toEqual(['Bravo', 'Charlie']);
    const byProtocol = await search({
      page: 0,
      limit: 10,
      filters: { q: MARK },
      sort: { field: 'protocol', order: 'ASC' },
    });
    const protocols = byProtocol.body.contents.map((row: { protocol: string }) => row.protocol);
    expect(protocols).toEqual(['HTTPS', 'OIDC', 'RADIUS', 'SAML2', 'SAML2']);
  });

  it('filters by a list of ids', async () => {
    const answer = await search({ page: 0, limit: 10, filters: { id: [ids.Bravo, ids.Delta] } });
    expect(answer.body.totalElements).toBe(2);
    expect(new Set(names(answer.body.contents))).toEqual(new Set(['Bravo', 'Delta']));
  });

  it.each([
    [{ page: 0, limit: 10, filters: { protocol: 'FTP' } }, 'filters.protocol'],
    [{ page: 0, limit: 10, sort: { field: 'description', order: 'ASC' } }, 'sort.field'],
    [{ page: 0, limit: 10, filters: { colour: 'red' } }, 'filters.colour'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await search(body);
    expect(answer.status).toBe(400);
    expect(answer.body.params.field).toBe(field);
  });

  it('answers 404 with its message for an unknown template', async () => {
    expect(await detail(UNKNOWN)).toMatchObject({
      status: 404,
      body: { messageKey: 'error.template.notFound', message: 'Service template not found' },
    });
  });

  it('answers details in the order asked, leaving out unknown ids', async () => {
    const answer = await ctx.call('POST', `${BASE}/details`, {
      token: operator,
      json: { ids: [ids.Echo, UNKNOWN, ids.Alpha] },
    });
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(['Echo', 'Alpha']);
    const none = await ctx.call('POST', `${BASE}/details`, { token: operator, json: { ids: [] } });
    expect(none.body).toEqual([]);
  });
});

describe('update', () => {
  it('changes the fields sent and keeps the icon when no file comes', async () => {
    const record = await createTemplate({}, ['iconFile', image(PNG), 'logo.png']);
    const answer = await update(record.id, { templateName: 'Renamed', connectorIds: [3] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: record.id,
      uname: record.uname,
      templateName: 'Renamed',
      connectorIds: [3],
      iconUrl: record.iconUrl,
    });
    expect(answer.body.modifiedDate >= record.modifiedDate).toBe(true);
    const entries = await auditOf(record.id);
    expect(entries.at(-1)).toMatchObject({ action: 'UPDATE' });
    expect(entries.at(-1)!.changes).toEqual({
      templateName: { before: 'VPN with RADIUS', after: 'Renamed' },
      connectorIds: { before: [2, 1], after: [3] },
    });
  });

  it('replaces the icon, deleting the old file in the same change', async () => {
    const record = await createTemplate({}, ['iconFile', image(PNG), 'logo.png']);
    const oldFileId = iconFileIdOf(record)!;
    const answer = await update(record.id, {}, ['iconFile', image(GIF, 'image/gif'), 'new.gif']);
    expect(answer.status).toBe(200);
    const newFileId = iconFileIdOf(answer.body)!;
    expect(newFileId).not.toBe(oldFileId);
    expect(await fileExists(oldFileId)).toBe(false);
    const icon = await getIcon(answer.body.iconUrl);
    expect(icon.headers['content-type']).toBe('image/gif');
    expect(icon.bytes.equals(GIF)).toBe(true);
    expect((await auditOf(record.id)).at(-1)!.changes).toEqual({
      iconFileId: { before: oldFileId, after: newFileId },
    });
  });

  it('removes the icon on removeIcon, deleting its file', async () => {
    const record = await createTemplate({}, ['iconFile', image(PNG), 'logo.png']);
    const fileId = iconFileIdOf(record)!;
    const answer = await update(record.id, { removeIcon: true });
    expect(answer.status).toBe(200);
    expect(answer.body.iconUrl).toBeNull();
    expect(await fileExists(fileId)).toBe(false);
    expect((await getIcon(`${BASE}/${record.id}/icon`)).status).toBe(404);
  });

  it('takes the whole record back, as an edit form sends it, ignoring its read-only fields', async () => {
    const record = await createTemplate();
    const answer = await update(record.id, {
      ...record,
      id: UNKNOWN,
      status: 'PUBLISHED',
      createdDate: '2000-01-01T00:00:00.000Z',
      shortDescription: 'Edited',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: record.id,
      status: 'UNPUBLISHED',
      createdDate: record.createdDate,
      shortDescription: 'Edited',
    });
  });

  it('writes nothing when nothing changes', async () => {
    const record = await createTemplate();
    const before = await counts();
    const answer = await update(record.id, { templateName: record.templateName });
    expect(answer.body).toEqual(record);
    expect(await counts()).toEqual(before);
  });

  it('refuses a URL name of another template with 409', async () => {
    const first = await createTemplate();
    const second = await createTemplate();
    const answer = await update(second.id, { uname: first.uname });
    expect(answer).toMatchObject({ status: 409, body: { messageKey: 'error.template.unameExisted' } });
    expect((await detail(second.id)).body.uname).toBe(second.uname);
  });

  it('answers 404 for an unknown template and writes nothing', async () => {
    const before = await counts();
    const answer = await update(UNKNOWN, { templateName: 'Ghost' }, ['iconFile', image(PNG), 'x.png']);
    expect(answer).toMatchObject({ status: 404, body: { messageKey: 'error.template.notFound' } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a field it does not know', async () => {
    const record = await createTemplate();
    const answer = await update(record.id, { colour: 'red' });
    expect(answer).toMatchObject({ status: 400, body: { params: { field: 'colour' } } });
  });
});

describe('publish, unpublish and the gallery', () => {
  const galleryIds = async (token: string) => {
    const answer = await ctx.call('GET', BASE, { token });
    expect(answer.status).toBe(200);
    return (answer.body as { id: string }[]).map((row) => row.id);
  };

  it('publishes and unpublishes, answering the id and the new status, with audit entries', async () => {
    const record = await createTemplate();
    expect(await publish(record.id)).toMatchObject({
      status: 200,
      body: { id: record.id, status: 'PUBLISHED' },
    });
    expect((await detail(record.id)).body.status).toBe('PUBLISHED');
    expect(await unpublish(record.id)).toMatchObject({
      status: 200,
      body: { id: record.id, status: 'UNPUBLISHED' },
    });
    const entries = await auditOf(record.id);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE', 'PUBLISH', 'UNPUBLISH']);
    expect(entries[1]!.changes).toEqual({ status: { before: 'UNPUBLISHED', after: 'PUBLISHED' } });
    expect(entries[2]!.changes).toEqual({ status: { before: 'PUBLISHED', after: 'UNPUBLISHED' } });
  });

  it('answers 404 for an unknown template', async () => {
    expect(await publish(UNKNOWN)).toMatchObject({
      status: 404,
      body: { messageKey: 'error.template.notFound' },
    });
  });

  it('offers only published templates, by name, to a customer administrator too', async () => {
    const zulu = await createTemplate({ templateName: 'Zulu gallery' });
    const able = await createTemplate({ templateName: 'Able gallery' });
    const hidden = await createTemplate({ templateName: 'Hidden gallery' });
    await publish(zulu.id);
    await publish(able.id);
    const seen = await galleryIds(customerAdmin);
    expect(seen).toContain(zulu.id);
    expect(seen.indexOf(able.id)).toBeLessThan(seen.indexOf(zulu.id));
    expect(seen).not.toContain(hidden.id);
    const answer = await ctx.call('GET', BASE, { token: customerAdmin });
    const names = (answer.body as { templateName: string }[]).map((row) => row.templateName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(answer.body.every((row: { status: string }) => row.status === 'PUBLISHED')).toBe(true);
    await unpublish(zulu.id);
    expect(await galleryIds(viewer)).not.toContain(zulu.id);
  });

  it('asks for a token for the gallery but not for an icon', async () => {
    expect((await ctx.call('GET', BASE)).status).toBe(401);
    const record = await createTemplate({}, ['iconFile', image(PNG), 'logo.png']);
    expect((await getIcon(record.iconUrl)).status).toBe(200);
  });
});

describe('who may call what', () => {
  let record: { id: string };
  beforeAll(async () => {
    record = await createTemplate();
  });

  type Persona = 'operator' | 'viewer' | 'editor' | 'publisher' | 'customerAdmin';
  const tokenOf = (persona: Persona) => ({ operator, viewer, editor, publisher, customerAdmin })[persona];

  const calls: Record<string, (token: string) => Promise<JsonAnswer>> = {
    search: (token) => search({ page: 0, limit: 1 }, token),
    detail: (token) => detail(record.id, token),
    details: (token) => ctx.call('POST', `${BASE}/details`, { token, json: { ids: [record.id] } }),
    create: (token) => create(fieldsOf(), undefined, token),
    update: (token) => update(record.id, { description: 'Edited' }, undefined, token),
    publish: (token) => publish(record.id, token),
    unpublish: (token) => unpublish(record.id, token),
    gallery: (token) => ctx.call('GET', BASE, { token }),
  };

  // Allowed calls answer 200 or 201; the others 403.
  const allowed: Record<Persona, string[]> = {
    operator: Object.keys(calls),
    viewer: ['search', 'detail', 'details', 'gallery'],
    editor: ['search', 'detail', 'details', 'create', 'update', 'gallery'],
    publisher: ['publish', 'unpublish', 'gallery'],
    customerAdmin: ['gallery'],
  };

  const cases = (Object.keys(allowed) as Persona[]).flatMap((persona) =>
    Object.keys(calls).map((call) => [persona, call, allowed[persona].includes(call)] as const),
  );

  it.each(cases)('%s calling %s: allowed %s', async (persona, call, isAllowed) => {
    const answer = await calls[call]!(tokenOf(persona));
    if (isAllowed) expect([200, 201]).toContain(answer.status);
    else expect(answer).toMatchObject({ status: 403, body: { messageKey: 'error.action.notallow' } });
  });
});
