import { eq } from 'drizzle-orm';
import { SAML_ERRORS } from '../../../contract/saml.ts';
import { gatewayKeys, samlConnectors } from '../../../server/db/schema.ts';
import { certificateBody, selfSignedCertificate } from '../../../server/features/connector/certificate.ts';
import * as connector from '../connector/fixtures.ts';
import { OPERATOR_EMAIL, OPERATOR_PASSWORD } from '../helpers.ts';

/**
 * Office 365 SAML connectors (contract/saml.ts, server/routes/saml.ts): CRUD with a PEM certificate, the
 * defaults a new one starts from, and the Microsoft Graph PowerShell federation script, whose values are
 * single-quoted PowerShell strings whatever the connector's name.
 */

let certificate: string;
const base = '/idm-config/connectors/saml';
const { world, acmeBase, created } = connector.connectorSuite(base);
const { auditTrail, expectRivalKeptOut, pageQuery, strangerIds, unique } = connector;

const form = (values: Record<string, unknown> = {}) => ({
  name: unique('Contoso 365'),
  url: 'https://gateway.example.test',
  protocol: 'saml',
  signInPath: '/saml/o365/sso',
  signOutPath: '/saml/o365/slo',
  metaPath: '/saml/o365/metadata',
  cert: certificate,
  ...values,
});

const create = async (values: Record<string, unknown> = {}) => (await created(form(values))).id as string;

const scriptOf = (id: string, domain: string, unFederate: '0' | '1', token = world.admin) =>
  world.call(
    'GET',
    `${base}/script/federate-script?customerId=${world.acme.id}&id=${id}&domain=${encodeURIComponent(domain)}&unFederate=${unFederate}`,
    undefined,
    token,
  );

/** PowerShell's single quotes: the ASCII one and its typographic forms, each of which opens or closes. */
const QUOTES = "'\u2018\u2019\u201A\u201B";

/**
 * The value of one `Name = '…'` assignment of the script, read back as PowerShell reads a single-quoted
 * string (a doubled quote is one quote; a line break is part of the string).
 */
const hashtableValue = (script: string, key: string): string | undefined => {
  const name = key.replace(/[$]/g, '\\$');
  const match = script.match(
    new RegExp(`^\\s*${name}\\s+=\\s+[${QUOTES}]((?:[^${QUOTES}]|[${QUOTES}]{2})*)[${QUOTES}]$`, 'm'),
  );
  return match?.[1]?.replace(new RegExp(`([${QUOTES}])[${QUOTES}]`, 'g'), '$1');
};

/** What PowerShell would run: the script without its single-quoted strings and its comments. */
const codeOf = (script: string): string => {
  let code = '';
  for (let at = 0; at < script.length; at += 1) {
    const char = script[at]!;
    if (QUOTES.includes(char)) {
      for (at += 1; at < script.length; at += 1) {
        if (!QUOTES.includes(script[at]!)) continue;
        if (QUOTES.includes(script[at + 1] ?? '')) at += 1;
        else break;
      }
      code += "''";
    } else if (char === '#') {
      while (at < script.length && script[at] !== '\n') at += 1;
      code += '\n';
    } else {
      code += char;
    }
  }
  return code;
};

beforeAll(async () => {
  certificate = selfSignedCertificate({
    commonName: 'o365.example.test',
    organization: 'Contoso',
    days: 365,
  }).certificate;
});

describe('an Office 365 SAML connector', () => {
  it('is created, read with its URLs and certificate, listed, changed and deleted, then is a 404', async () => {
    const name = unique('Lifecycle');
    const id = await create({ name, url: 'https://gateway.example.test/' });
    const read = await world.call('GET', `${acmeBase()}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id,
      name,
      url: 'https://gateway.example.test',
      protocol: 'saml',
      urls: {
        passiveSignInUri: 'https://gateway.example.test/saml/o365/sso',
        signOutUri: 'https://gateway.example.test/saml/o365/slo',
        metadataExchangeUri: 'https://gateway.example.test/saml/o365/metadata',
      },
    });
    expect(read.body.certificateInfo.subject).toContain('CN=o365.example.test');
    expect(read.body.cert.trim()).toBe(certificate.trim());

    const list = await world.call(
      'GET',
      `${acmeBase()}/${pageQuery('name', `q=${encodeURIComponent(name)}`)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 1 });
    expect(list.body.content).toEqual([read.body]);

    const changed = await world.call('PUT', `${acmeBase()}/${id}`, {
      ...read.body,
      protocol: 'wsFed',
      signInPath: '/wsfed',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      protocol: 'wsFed',
      urls: { passiveSignInUri: 'https://gateway.example.test/wsfed' },
    });

    expect((await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`)).status).toBe(200);
    const gone = await world.call('GET', `${acmeBase()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.messageKey).toBe(SAML_ERRORS.notFound.key);
    const { entries } = await auditTrail(world.ctx, id);
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([
      ['SAML', 'CREATE'],
      ['SAML', 'UPDATE'],
      ['SAML', 'DELETE'],
    ]);
  });

  it.each([
    ['text that is not PEM', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
    [
      'a PEM block that is not a certificate',
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----',
    ],
  ])('refuses %s as its certificate with a 400 error.saml.certificate', async (_, cert) => {
    const name = unique('Bad cert');
    const answer = await world.call('POST', acmeBase(), form({ name, cert }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      messageKey: SAML_ERRORS.certificate.key,
      message: SAML_ERRORS.certificate.text,
    });
    expect(await world.ctx.db.select().from(samlConnectors).where(eq(samlConnectors.name, name))).toEqual([]);
  });

  it('refuses a non-PEM certificate on an edit too, and keeps the old one', async () => {
    const id = await create();
    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    const answer = await world.call('PUT', `${acmeBase()}/${id}`, { ...read, cert: 'not a certificate' });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe(SAML_ERRORS.certificate.key);
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.cert).toBe(read.cert);
  });

  it('refuses a path that does not start with / and a URL that is not http(s)', async () => {
    const path = await world.call('POST', acmeBase(), form({ signInPath: 'saml/sso' }));
    expect(path.status).toBe(400);
    expect(path.body.message).toContain('signInPath');
    const url = await world.call('POST', acmeBase(), form({ url: 'ftp://gateway.example.test' }));
    expect(url.status).toBe(400);
    expect(url.body.message).toContain('url');
  });

  it("keeps another customer's administrator out with a 404, whatever id is sent", async () => {
    const id = await create({ name: 'Private 365' });
    for (const target of [id, ...strangerIds()]) {
      for (const customer of [world.globex.id, world.acme.id]) {
        await expectRivalKeptOut(world, base, customer, target, form());
        const script = `${base}/script/federate-script?customerId=${customer}&id=${target}&domain=contoso.com&unFederate=0`;
        expect((await world.call('GET', script, undefined, world.rival)).status, script).toBe(404);
      }
    }
    expect((await world.call('GET', `${acmeBase()}/defaults`, undefined, world.rival)).status).toBe(404);
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.name).toBe('Private 365');
  });
});

describe('the defaults of a new connector', () => {
  it("are this gateway and its signing certificate without a SAML setting, then the provider's setting", async () => {
    const gateway = await world.ctx.call('GET', `/api${acmeBase()}/defaults`, {
      token: world.admin,
      headers: { host: 'portal.example.test' },
    });
    expect(gateway.status).toBe(200);
    const [key] = await world.ctx.db.select().from(gatewayKeys).where(eq(gatewayKeys.name, 'saml-signing'));
    expect(gateway.body).toEqual({
      url: 'http://portal.example.test',
      protocol: 'saml',
      signInPath: '/saml/o365/sso',
      signOutPath: '/saml/o365/slo',
      metaPath: '/saml/o365/metadata',
      cert: key!.certificate,
    });
    // The defaults make a connector as they are.
    const created = await world.call('POST', acmeBase(), { name: unique('From defaults'), ...gateway.body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const operator = await world.ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const setting = {
      url: 'https://sso.provider.test',
      protocol: 'WSFED',
      signInPath: '/adfs/ls',
      signOutPath: '/adfs/ls/?wa=wsignout1.0',
      metaPath: '/FederationMetadata/2007-06/FederationMetadata.xml',
      cert: certificate,
    };
    const saved = await world.ctx.call('PUT', '/api/idm-config/saml-setting', {
      token: operator,
      json: setting,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const provider = await world.call('GET', `${acmeBase()}/defaults`);
    expect(provider.status).toBe(200);
    expect(provider.body).toEqual({ ...setting, protocol: 'wsFed' });
  });

  it('are refused to a customer administrator who may not create connectors', async () => {
    const viewer = await world.callerWith(world.acme.id, ['saml:view']);
    expect((await world.call('GET', `${acmeBase()}/defaults`, undefined, viewer)).status).toBe(403);
  });
});

describe('the federation script', () => {
  it("federates the domain with the connector's URLs and certificate (Microsoft Graph)", async () => {
    const name = unique('Federated');
    const id = await create({ name });
    const answer = await scriptOf(id, 'Contoso.com', '0');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      domain: 'contoso.com',
      unFederate: false,
      fileName: 'federate-contoso.com.ps1',
    });
    const { script } = answer.body as { script: string };
    expect(script).toContain('New-MgDomainFederationConfiguration');
    expect(script).toContain('Update-MgDomainFederationConfiguration');
    expect(script).not.toContain("-AuthenticationType 'Managed'");
    expect(hashtableValue(script, '$domainId')).toBe('contoso.com');
    expect(hashtableValue(script, 'DisplayName')).toBe(name);
    expect(hashtableValue(script, 'PassiveSignInUri')).toBe('https://gateway.example.test/saml/o365/sso');
    expect(hashtableValue(script, 'SignOutUri')).toBe('https://gateway.example.test/saml/o365/slo');
    expect(hashtableValue(script, 'MetadataExchangeUri')).toBe(
      'https://gateway.example.test/saml/o365/metadata',
    );
    expect(hashtableValue(script, 'IssuerUri')).toBe('https://gateway.example.test/o365/contoso.com');
    expect(hashtableValue(script, 'PreferredAuthenticationProtocol')).toBe('saml');
    const body = hashtableValue(script, 'SigningCertificate');
    expect(body).toBe(certificateBody(certificate));
    expect(body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(script).not.toContain('-----BEGIN');
    expect(Buffer.from(body!, 'base64').toString('base64')).toBe(body);
  });

  it('turns the domain back to managed with unFederate=1', async () => {
    const id = await create();
    const answer = await scriptOf(id, 'fabrikam.com', '1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      domain: 'fabrikam.com',
      unFederate: true,
      fileName: 'unfederate-fabrikam.com.ps1',
    });
    expect(answer.body.script).toContain("Update-MgDomain -DomainId $domainId -AuthenticationType 'Managed'");
    expect(answer.body.script).not.toContain('New-MgDomainFederationConfiguration');
    expect(answer.body.script).not.toContain(certificateBody(certificate));
  });

  it.each([
    ['a single quote', "O'Brien's tenant"],
    ['a typographic quote', 'O\u2019Brien tenant'],
    ['an attempt to end the string', "x'; Remove-Item -Recurse -Force C:\\; '"],
    ['a line break', "Line one\nRemove-Item -Recurse C:\\ #'"],
  ])('keeps a connector name with %s inside its PowerShell string', async (_, name) => {
    const id = await create({ name });
    for (const unFederate of ['0', '1'] as const) {
      const { script } = (await scriptOf(id, 'contoso.com', unFederate)).body as { script: string };
      // Outside its strings and comments, the script runs nothing the name holds.
      expect(codeOf(script)).not.toContain('Remove-Item');
      expect(codeOf(script)).not.toContain('Brien');
      expect(codeOf(script)).toContain('Connect-MgGraph');
      if (unFederate === '0') expect(hashtableValue(script, 'DisplayName')).toBe(name);
    }
  });

  it.each([['not a domain'], ['contoso.com; rm'], ['192.0.2.1'], [''], ["contoso.com'"]])(
    'refuses the domain %j with a 400',
    async (domain) => {
      const id = await create();
      const answer = await scriptOf(id, domain, '0');
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
      expect(answer.body.message).toContain('domain');
    },
  );

  it('is a 404 for a connector that does not exist', async () => {
    const answer = await scriptOf('00000000-0000-4000-8000-000000000000', 'contoso.com', '0');
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe(SAML_ERRORS.notFound.key);
  });
});
