import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../../server/db/schema.ts';
import { tokenWithRole } from '../fixtures/admin.ts';
import { OPERATOR_EMAIL, sharedTestContext } from '../helpers.ts';

const PATH = '/api/idm-config/saml-setting';

const ctx = sharedTestContext();
let operator: string;
let viewer: string;
let customerAdmin: string;

beforeAll(async () => {
  operator = await ctx.signInOperator();
  viewer = await tokenWithRole(ctx, 'saml-viewers', ['saml-configuration:view']);
  const customer = await ctx.createCustomer({ companyName: 'Federated Ltd' });
  customerAdmin = await tokenWithRole(
    ctx,
    'customer-saml',
    ['saml-configuration:view', 'saml-configuration:modify'],
    customer.id,
  );
});

const CERT = [
  '-----BEGIN CERTIFICATE-----',
  'MIIDdzCCAl+gAwIBAgIEbLvYhTANBgkqhkiG9w0BAQsFADBsMRAwDgYDVQQGEwdV',
  '-----END CERTIFICATE-----',
].join('\n');

const SETTING = {
  url: 'https://login.example.com',
  protocol: 'https',
  signOutPath: '/saml/logout',
  signInPath: '/saml/login',
  metaPath: '/saml/metadata.xml',
  cert: CERT,
};

const read = (token = operator) => ctx.call('GET', PATH, { token });
const save = (json: unknown, token = operator) => ctx.call('PUT', PATH, { token, json });

const auditEntries = () =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'SamlSetting'), eq(auditLog.entityId, '1')))
    .orderBy(auditLog.modifiedDate);

/** Each field at its limit and one past it. */
const LIMITS: [field: keyof typeof SETTING, atLimit: string, overLimit: string][] = [
  [
    'url',
    `https://idp.example.com/${'u'.repeat(2048 - 24)}`,
    `https://idp.example.com/${'u'.repeat(2049 - 24)}`,
  ],
  ['protocol', 'p'.repeat(16), 'p'.repeat(17)],
  ['signOutPath', `/${'o'.repeat(511)}`, `/${'o'.repeat(512)}`],
  ['signInPath', `/${'i'.repeat(511)}`, `/${'i'.repeat(512)}`],
  ['metaPath', `/${'m'.repeat(511)}`, `/${'m'.repeat(512)}`],
  ['cert', 'c'.repeat(20_000), 'c'.repeat(20_001)],
];

describe('the SAML setting', () => {
  it('is empty before the first save', async () => {
    expect(await read()).toMatchObject({
      status: 200,
      body: { url: '', protocol: '', signOutPath: '', signInPath: '', metaPath: '', cert: '' },
    });
  });

  it('saves every field and reads them back, the certificate on several lines', async () => {
    const saved = await save(SETTING);
    expect(saved).toMatchObject({ status: 200, body: SETTING });
    expect((await read()).body).toEqual(SETTING);
  });

  it('records the changed fields in the audit log, and nothing for a save that changes nothing', async () => {
    const before = (await auditEntries()).length;
    await save({ ...SETTING, protocol: 'http', signInPath: '/sso' });
    const entries = await auditEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      action: 'UPDATE',
      modifiedBy: OPERATOR_EMAIL,
      customerId: null,
      changes: {
        protocol: { before: 'https', after: 'http' },
        signInPath: { before: '/saml/login', after: '/sso' },
      },
    });
    expect(Object.keys(entries.at(-1)!.changes)).toEqual(['protocol', 'signInPath']);
    await save({ ...SETTING, protocol: 'http', signInPath: '/sso' });
    expect(await auditEntries()).toHaveLength(before + 1);
  });

  it('took the first save as an update from empty values', async () => {
    const [first] = await auditEntries();
    expect(first!.changes).toMatchObject({
      url: { before: '', after: SETTING.url },
      cert: { before: '', after: CERT },
    });
  });

  it('accepts empty values and the id react-admin adds to the record', async () => {
    const empty = { url: '', protocol: '', signOutPath: '', signInPath: '', metaPath: '', cert: '' };
    expect(await save({ ...empty, id: 'saml-setting' })).toMatchObject({ status: 200, body: empty });
    await save(SETTING);
  });

  it.each(LIMITS)('takes %s at its maximum length', async (field, atLimit) => {
    const answer = await save({ ...SETTING, [field]: atLimit });
    expect(answer.status).toBe(200);
    expect(answer.body[field]).toBe(atLimit);
  });

  it.each(LIMITS)('refuses %s one character over its maximum length', async (field, _, overLimit) => {
    const answer = await save({ ...SETTING, [field]: overLimit });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      messageKey: 'error.validation.invalid',
      params: { field, reason: `must not have more than ${overLimit.length - 1} characters` },
    });
  });

  it.each([
    ['signOutPath', 'saml/logout', "must start with '/'"],
    ['signInPath', 'https://idp.example.com/login', "must start with '/'"],
    ['metaPath', ' /metadata', "must start with '/'"],
    ['url', 'idp.example.com', 'must be an http(s) URL'],
    ['url', 'file:///etc/passwd', 'must be an http(s) URL'],
  ])('refuses %s %j', async (field, value, reason) => {
    const answer = await save({ ...SETTING, [field]: value });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: `The field '${field}' ${reason}.`, params: { field, reason } },
    });
  });

  it('needs all six fields and no others, and keeps the saved setting when refused', async () => {
    await save(SETTING);
    const { cert: _cert, ...withoutCert } = SETTING;
    expect(await save(withoutCert)).toMatchObject({ status: 400, body: { params: { field: 'cert' } } });
    expect(await save({ ...SETTING, entityId: 'x' })).toMatchObject({
      status: 400,
      body: { params: { field: 'entityId', reason: 'is not a known field' } },
    });
    expect((await read()).body).toEqual(SETTING);
  });

  it('lets a viewer read but not save', async () => {
    expect((await read(viewer)).status).toBe(200);
    expect(await save(SETTING, viewer)).toMatchObject({
      status: 403,
      body: { messageKey: 'error.action.notallow' },
    });
  });

  it("keeps a customer's administrator out, whatever its permissions", async () => {
    expect((await read(customerAdmin)).status).toBe(403);
    expect((await save({ ...SETTING, url: '' }, customerAdmin)).status).toBe(403);
    expect((await read()).body).toEqual(SETTING);
  });
});
