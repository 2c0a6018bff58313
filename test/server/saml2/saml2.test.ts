import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as samlify from 'samlify';
import { SAML2_ERRORS } from '../../../contract/saml2.ts';
import { gatewayKeys, saml2Connectors } from '../../../server/db/schema.ts';
import { selfSignedCertificate } from '../../../server/features/connector/certificate.ts';
import { validateAgainst } from '../../support/samlSchemas.ts';
import * as connector from '../connector/fixtures.ts';
import type { JsonAnswer } from '../helpers.ts';

/**
 * SAML 2.0 connectors (contract/saml2.ts, server/routes/saml2.ts): CRUD, the URL suffix unique among all
 * customers, the service provider's certificate read as X.509, the defaults of known service providers, and
 * the gateway's identity provider metadata, read by a SAML library (samlify) and validated against the OASIS
 * SAML 2.0 metadata schema (test/support/xsd/) with libxml2's xmllint compiled to WebAssembly (xmllint-wasm).
 */

const base = '/idm-config/connectors/saml2';
const { world, acmeBase, created } = connector.connectorSuite(base);
const { auditTrail, expectRivalKeptOut, pageQuery, saml2Form, strangerIds } = connector;

let unameCounter = 0;
const freshUname = (label = 'app') => {
  unameCounter += 1;
  return `${label}-${unameCounter}-${Math.random().toString(36).slice(2, 7)}`;
};

const form = (values: Record<string, unknown> = {}) =>
  saml2Form(freshUname(), 'Example App', {
    entityId: 'https://app.example.test/saml/metadata',
    acsUrl: 'https://app.example.test/saml/acs',
    attributeMapping: [{ name: 'email', property: 'email' }],
    ...values,
  });

async function create(values: Record<string, unknown> = {}) {
  const sent = form(values);
  const body = await created(sent);
  return { id: body.id as string, uname: sent.uname as string };
}

const readRecord = async (id: string) => {
  const answer = await world.call('GET', `${acmeBase()}/${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

/** One service provider certificate for the file (an RSA key takes a moment to make). */
let spCertificate: ReturnType<typeof selfSignedCertificate>;

beforeAll(async () => {
  spCertificate = selfSignedCertificate({
    commonName: 'sp.example.test',
    organization: 'Example SP',
    days: 365,
    now: new Date('2026-01-01T00:00:00Z'),
  });
});

describe('a SAML 2.0 connector', () => {
  it('is created, read with its identity provider URLs, listed, changed and deleted, then is a 404', async () => {
    const { id, uname } = await create({ providerName: 'Lifecycle App' });
    const record = await readRecord(id);
    expect(record).toMatchObject({
      id,
      uname,
      providerName: 'Lifecycle App',
      acsUrl: 'https://app.example.test/saml/acs',
      signatureAlgorithm: 'SHA-256',
      certificate: '',
      certificateInfo: null,
      attributeMapping: [{ name: 'email', property: 'email' }],
      idp: {
        entityId: `http://localhost:80/saml2/${uname}`,
        ssoUrl: `http://localhost:80/saml2/${uname}/sso`,
        sloUrl: `http://localhost:80/saml2/${uname}/slo`,
        metadataUrl: `http://localhost:80/api/idm-config/connectors/saml2/xml/${uname}`,
      },
    });

    const list = await world.call('GET', `${acmeBase()}/${pageQuery('providerName', `q=${uname}`)}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 1, page: 0, pageSize: 10 });
    expect(list.body.content).toEqual([record]);

    const changed = await world.call('PUT', `${acmeBase()}/${id}`, {
      ...record,
      providerName: 'Lifecycle App 2',
      signatureAlgorithm: 'SHA-512',
      createdAttributes: [{ name: 'department', value: 'Sales' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      providerName: 'Lifecycle App 2',
      signatureAlgorithm: 'SHA-512',
      createdAttributes: [{ name: 'department', value: 'Sales' }],
    });
    expect(await readRecord(id)).toMatchObject({
      providerName: 'Lifecycle App 2',
      signatureAlgorithm: 'SHA-512',
    });

    expect((await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`)).status).toBe(200);
    const gone = await world.call('GET', `${acmeBase()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.messageKey).toBe(SAML2_ERRORS.notFound.key);
    // Its URL suffix is free again.
    expect((await world.call('GET', `${base}/check/${uname}`)).body).toEqual({
      uname,
      valid: true,
      available: true,
    });
  });

  it('keeps SHA-256 as its signature algorithm and refuses one it does not know', async () => {
    const { id } = await create({ signatureAlgorithm: 'SHA-256' });
    expect((await readRecord(id)).signatureAlgorithm).toBe('SHA-256');
    const [row] = await world.ctx.db.select().from(saml2Connectors).where(eq(saml2Connectors.id, id));
    expect(row!.signatureAlgorithm).toBe('SHA-256');
    const refused = await world.call('POST', acmeBase(), form({ signatureAlgorithm: 'MD5' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('signatureAlgorithm');
  });

  it('audits its writes', async () => {
    const { id, uname } = await create({ providerName: 'Audited App' });
    await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`);
    const { entries } = await auditTrail(world.ctx, id);
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([
      ['SAML2', 'CREATE'],
      ['SAML2', 'DELETE'],
    ]);
    expect(entries[0]!.changes).toMatchObject({ uname: { before: null, after: uname } });
  });
});

describe('the URL suffix (uname)', () => {
  it('is unique among all customers: 409 with the catalogue text', async () => {
    const { uname } = await create();
    const expected = {
      messageKey: 'error.saml2.nameExisted',
      message: 'SAML2 connector name already existed',
      params: { field: 'uname' },
    };
    const same = await world.call('POST', acmeBase(), form({ uname }));
    expect(same.status).toBe(409);
    expect(same.body).toEqual(expected);
    const otherCustomer = await world.call(
      'POST',
      `${base}/${world.globex.id}`,
      form({ uname }),
      world.rival,
    );
    expect(otherCustomer.status).toBe(409);
    expect(otherCustomer.body).toEqual(expected);
    expect(SAML2_ERRORS.nameExisted).toEqual({
      status: 409,
      key: expected.messageKey,
      text: expected.message,
      field: 'uname',
    });
  });

  it("refuses an edit to another connector's suffix and keeps its own", async () => {
    const first = await create();
    const second = await create();
    const record = await readRecord(second.id);
    const taken = await world.call('PUT', `${acmeBase()}/${second.id}`, { ...record, uname: first.uname });
    expect(taken.status).toBe(409);
    expect(taken.body.messageKey).toBe('error.saml2.nameExisted');
    const kept = await world.call('PUT', `${acmeBase()}/${second.id}`, { ...record, providerName: 'Kept' });
    expect(kept.status).toBe(200);
    expect(kept.body.uname).toBe(second.uname);
  });

  it('is checked: valid and available, taken, or not a suffix', async () => {
    const { uname } = await create();
    const check = (value: string) => world.call('GET', `${base}/check/${encodeURIComponent(value)}`);
    const free = freshUname('free');
    expect((await check(free)).body).toEqual({ uname: free, valid: true, available: true });
    expect((await check(uname)).body).toEqual({ uname, valid: true, available: false });
    // Also for another customer's administrator.
    expect((await world.call('GET', `${base}/check/${uname}`, undefined, world.rival)).body).toEqual({
      uname,
      valid: true,
      available: false,
    });
    expect((await check('Not_A-Slug')).body).toEqual({ uname: 'Not_A-Slug', valid: false, available: false });
    expect((await check('double--hyphen')).body.valid).toBe(false);
  });

  it.each([['Upper'], ['with space'], ['under_score'], ['-leading']])(
    'refuses %j as a suffix with a 400',
    async (uname) => {
      const answer = await world.call('POST', acmeBase(), form({ uname }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('uname');
    },
  );
});

describe('the defaults of known service providers', () => {
  it('answers the AWS defaults', async () => {
    const answer = await world.call('GET', '/idm-config/saml2/aws');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'aws',
      providerName: 'Amazon Web Services',
      entityId: 'urn:amazon:webservices',
      acsUrl: 'https://signin.aws.amazon.com/saml',
      signatureAlgorithm: 'SHA-256',
      nameIdFormat: 'persistent',
    });
    // What it answers is a form the create accepts once a suffix is added.
    const { type: _type, ...defaults } = answer.body;
    const created = await world.call('POST', acmeBase(), form({ ...defaults }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('is a 404 for a type it does not know', async () => {
    const answer = await world.call('GET', '/idm-config/saml2/unknown-provider');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      messageKey: SAML2_ERRORS.unknownType.key,
      message: SAML2_ERRORS.unknownType.text,
    });
  });
});

describe("the service provider's certificate", () => {
  it('is read as X.509: the record says its subject and expiry', async () => {
    const { id } = await create({ certificate: spCertificate.certificate });
    const record = await readRecord(id);
    const x509 = new X509Certificate(spCertificate.certificate);
    expect(record.certificateInfo).toMatchObject({
      validTo: new Date(x509.validTo).toISOString(),
      validFrom: new Date(x509.validFrom).toISOString(),
      fingerprint256: x509.fingerprint256,
    });
    expect(record.certificateInfo.validTo).toBe('2027-01-01T00:00:00.000Z');
    expect(record.certificateInfo.subject).toContain('CN=sp.example.test');
    expect(record.certificateInfo.subject).toContain('O=Example SP');
    expect(record.certificate.trim()).toBe(spCertificate.certificate.trim());
  });

  it.each([
    ['random text', () => 'this is not a certificate at all'],
    ['a PEM private key', () => spCertificate.privateKey],
    [
      'a truncated certificate',
      () => {
        const lines = spCertificate.certificate.trim().split('\n');
        return [...lines.slice(0, 6), lines.at(-1)].join('\n');
      },
    ],
    [
      'a certificate without its end line',
      () => spCertificate.certificate.trim().split('\n').slice(0, -1).join('\n'),
    ],
    ['two certificates', () => `${spCertificate.certificate}${spCertificate.certificate}`],
  ])('refuses %s with a 400 error.saml2.certificate', async (_, certificate) => {
    const sent = form({ certificate: certificate() });
    const answer = await world.call('POST', acmeBase(), sent);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      messageKey: SAML2_ERRORS.certificate.key,
      message: SAML2_ERRORS.certificate.text,
      params: { field: 'certificate' },
    });
    const rows = await world.ctx.db
      .select()
      .from(saml2Connectors)
      .where(eq(saml2Connectors.uname, sent.uname));
    expect(rows).toEqual([]);
  });
});

describe('the URLs of the service provider', () => {
  it.each([
    ['acsUrl', 'ftp://x'],
    ['acsUrl', 'not a url'],
    ['acsUrl', ''],
    ['logoutUrl', 'javascript:alert(1)'],
    ['loginUrl', 'file:///etc/passwd'],
  ])('refuses %s %j with a 400 naming it', async (field, value) => {
    const answer = await world.call('POST', acmeBase(), form({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain(field);
  });
});

describe('who may', () => {
  it("keeps another customer's administrator out with a 404, whatever id is sent", async () => {
    const { id } = await create({ providerName: 'Private App' });
    for (const target of [id, ...strangerIds()]) {
      for (const customer of [world.globex.id, world.acme.id]) {
        await expectRivalKeptOut(world, base, customer, target, form());
      }
    }
    expect((await readRecord(id)).providerName).toBe('Private App');
  });
});

// ——— The identity provider metadata ———

/** xmllint's verdict on the metadata against the OASIS SAML 2.0 metadata schema (test/support/xsd/). */
const validateMetadata = (xml: string) => validateAgainst(xml, 'saml-schema-metadata-2.0.xsd');

describe("the gateway's identity provider metadata", () => {
  // The address the service provider asked (no PUBLIC_URL in the tests, no proxy trusted).
  const HOST = 'idp.example.test';
  const origin = `http://${HOST}`;
  let uname: string;
  let xml: string;
  let answer: JsonAnswer;

  beforeAll(async () => {
    ({ uname } = await create({ providerName: 'Metadata App', nameIdFormat: 'persistent' }));
    // Fetched as a service provider does: no token, from the gateway's public address.
    answer = await world.ctx.call('GET', `/api${base}/xml/${uname}`, {
      headers: { host: HOST },
    });
    xml = String(answer.body);
  });

  it('is public XML, downloaded as a file named after the connector', () => {
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toMatch(/^application\/samlmetadata\+xml/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${uname}-idp-metadata.xml"`);
    expect(xml.startsWith('<?xml')).toBe(true);
  });

  it("is read by a SAML library: entity id, single sign-on and logout on both bindings, the connector's NameID", () => {
    const idp = samlify.IdentityProvider({ metadata: xml });
    const meta = idp.entityMeta;
    expect(meta.getEntityID()).toBe(`${origin}/saml2/${uname}`);
    for (const binding of ['redirect', 'post']) {
      expect(meta.getSingleSignOnService(binding)).toBe(`${origin}/saml2/${uname}/sso`);
      expect(meta.getSingleLogoutService(binding)).toBe(`${origin}/saml2/${uname}/slo`);
    }
    // samlify answers one format as a string, several as an array.
    expect([meta.getNameIDFormat()].flat()).toEqual(['urn:oasis:names:tc:SAML:2.0:nameid-format:persistent']);
    expect(meta.isWantAuthnRequestsSigned()).toBe(false);
    // A service provider sends its users to the connector's single sign-on URL.
    const sp = samlify.ServiceProvider({
      entityID: 'https://app.example.test/saml/metadata',
      assertionConsumerService: [
        { Binding: samlify.Constants.namespace.binding.post, Location: 'https://app.example.test/saml/acs' },
      ],
    });
    const request = sp.createLoginRequest(idp, 'redirect') as { context: string };
    expect(request.context.startsWith(`${origin}/saml2/${uname}/sso?SAMLRequest=`)).toBe(true);
  });

  it("names the same URLs as the connector's record", async () => {
    const [row] = await world.ctx.db.select().from(saml2Connectors).where(eq(saml2Connectors.uname, uname));
    const record = (
      await world.ctx.call('GET', `/api${acmeBase()}/${row!.id}`, {
        token: world.admin,
        headers: { host: HOST },
      })
    ).body;
    const meta = samlify.IdentityProvider({ metadata: xml }).entityMeta;
    expect(meta.getEntityID()).toBe(record.idp.entityId);
    expect(meta.getSingleSignOnService('post')).toBe(record.idp.ssoUrl);
    expect(meta.getSingleLogoutService('redirect')).toBe(record.idp.sloUrl);
    expect(new URL(record.idp.metadataUrl).pathname).toBe(`/api${base}/xml/${uname}`);
  });

  it("carries the gateway's signing certificate, a valid self-signed X.509 certificate", async () => {
    const meta = samlify.IdentityProvider({ metadata: xml }).entityMeta;
    const signing = meta.getX509Certificate('signing');
    expect(typeof signing).toBe('string');
    const body = String(signing).replace(/\s+/g, '');
    const [key] = await world.ctx.db
      .select()
      .from(gatewayKeys)
      .where(eq(gatewayKeys.name, `saml-signing:${world.acme.id}`));
    expect(key).toBeDefined();
    const gateway = new X509Certificate(key!.certificate);
    const published = new X509Certificate(Buffer.from(body, 'base64'));
    expect(published.fingerprint256).toBe(gateway.fingerprint256);
    expect(published.verify(published.publicKey)).toBe(true);
    expect(published.subject).toContain('CN=Test Portal SAML signing');
    expect(new Date(published.validTo).getTime()).toBeGreaterThan(Date.now());
    // The private key stays sealed in the database: it is not in the metadata.
    expect(xml).not.toMatch(/PRIVATE KEY/);
    expect(key!.privateKey).not.toMatch(/PRIVATE KEY/);
  });

  it("is the customer's certificate: one for each of its connectors, another for another customer's", async () => {
    const certificateOf = (text: string) =>
      String(samlify.IdentityProvider({ metadata: text }).entityMeta.getX509Certificate('signing'));
    const other = await create();
    const second = await world.ctx.call('GET', `/api${base}/xml/${other.uname}`);
    expect(certificateOf(String(second.body))).toBe(certificateOf(xml));
    const rivalUname = freshUname('rival');
    const made = await world.call(
      'POST',
      `${base}/${world.globex.id}`,
      form({ uname: rivalUname }),
      world.rival,
    );
    expect(made.status).toBe(201);
    const rival = await world.ctx.call('GET', `/api${base}/xml/${rivalUname}`);
    expect(certificateOf(String(rival.body))).not.toBe(certificateOf(xml));
  });

  it('is valid against the OASIS SAML 2.0 metadata schema (xmllint)', async () => {
    const result = await validateMetadata(xml);
    expect(result.output).toContain('document.xml validates');
    expect(result.valid).toBe(true);
  });

  it('fails that validation once tampered with (an unknown element in IDPSSODescriptor)', async () => {
    const tampered = xml.replace(
      '<md:NameIDFormat>',
      '<md:FavouriteColour>blue</md:FavouriteColour>\n    <md:NameIDFormat>',
    );
    expect(tampered).not.toBe(xml);
    const result = await validateMetadata(tampered);
    // Not valid (a schema failing to compile would have rejected instead).
    expect(result.valid).toBe(false);
    expect(result.output).toContain('FavouriteColour');
    expect(result.output).toContain('document.xml fails to validate');
  });

  it('fails that validation without its single sign-on services', async () => {
    const withoutSso = xml.replace(/\s*<md:SingleSignOnService [^>]*\/>/g, '');
    expect(withoutSso).not.toContain('SingleSignOnService');
    const result = await validateMetadata(withoutSso);
    expect(result.valid).toBe(false);
    expect(result.output).toContain('SingleSignOnService');
  });

  it('is a 404 for a suffix no connector has, or that is not a suffix', async () => {
    const missing = await world.ctx.call('GET', `/api${base}/xml/${freshUname('nobody')}`);
    expect(missing.status).toBe(404);
    expect(missing.body.messageKey).toBe(SAML2_ERRORS.notFound.key);
    expect((await world.ctx.call('GET', `/api${base}/xml/Not_A_Slug`)).status).toBe(404);
    expect((await world.ctx.call('GET', `/api${base}/xml/${encodeURIComponent('../etc')}`)).status).toBe(404);
  });
});
