import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { eq } from 'drizzle-orm';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import { gateway as texts } from '../../../contract/gatewayTexts.ts';
import { NEW_SAML2_SETTINGS } from '../../../contract/saml2.ts';
import {
  rateLimits,
  saml2Connectors,
  serviceConnectors,
  serviceInstances,
  serviceUsers,
  users,
} from '../../../server/db/schema.ts';
import { selfSignedCertificate } from '../../../server/features/connector/certificate.ts';
import { has } from '../../e2e/gatewayWorld.ts';
import { validateAgainst } from '../../support/samlSchemas.ts';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../../support/slapd.ts';
import { sharedTestContext } from '../helpers.ts';
import {
  currentCode,
  customerAdminToken,
  heard,
  lastLogOf as lastLogIn,
  type RadiusWorld,
  radiusWorld,
  withSeed as seedFor,
  syncedUser,
} from '../radius/gatewayFixtures.ts';
import { webBrowser } from '../webSignIn/browser.ts';

/**
 * Signing in to an application through the gateway's SAML 2.0 identity provider, as a service provider and
 * a browser do it: @node-saml/node-saml (an independent SAML service provider library) makes the
 * AuthnRequest and validates the Response (its signature with the certificate of the gateway's metadata,
 * the audience, InResponseTo, the times); the browser (fetch with its cookies) follows the redirects, fills
 * in the gateway's sign-in page and reads the form the page posts to the assertion consumer service.
 */

const ctx = sharedTestContext();
let slapd: Slapd;
let origin: string;

beforeAll(async () => {
  slapd = await startSlapd({ users: 20 });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

const ACS = 'https://sp.example.test/saml/acs';

interface SamlWorld extends RadiusWorld {
  uname: string;
  entityId: string;
  saml2Id: string;
  /** The gateway's signing certificate, as its metadata for the connector publishes it. */
  idpCert: string;
}

let worlds = 0;

/** A customer's started service with a SAML 2.0 connector (the service provider's settings over the defaults). */
async function samlWorld(settings: Partial<typeof saml2Connectors.$inferInsert> = {}): Promise<SamlWorld> {
  worlds += 1;
  const world = await radiusWorld(ctx, slapd, {
    address: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const uname = `sp-${world.customerId.slice(0, 8)}-${worlds}`;
  const entityId = `https://sp.example.test/${uname}`;
  const [row] = await ctx.db
    .insert(saml2Connectors)
    .values({
      customerId: world.customerId,
      uname,
      providerName: 'Wiki',
      entityId,
      acsUrl: ACS,
      nameIdFormat: 'emailAddress',
      nameIdAttribute: 'email',
      sendAttribute: 'MAPPED',
      signatureAlgorithm: 'SHA-256',
      signResponse: true,
      signAssertion: true,
      attributeMapping: [
        { name: 'mail', property: 'email' },
        { name: 'uid', property: 'username' },
      ],
      createdAttributes: [{ name: 'department', value: 'R&D <lab>' }],
      ...settings,
    })
    .returning();
  await ctx.db.insert(serviceConnectors).values({
    serviceInstanceId: world.serviceId,
    customerId: world.customerId,
    typeId: CONNECTOR_TYPE_IDS.saml2,
    connectorId: row!.id,
    kind: 'saml2',
  });
  await heard(ctx.app);
  const metadata = await (await fetch(`${origin}/api/idm-config/connectors/saml2/xml/${uname}`)).text();
  const idpCert = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(metadata)![1]!;
  return { ...world, uname, entityId: row!.entityId, saml2Id: row!.id, idpCert };
}

/** The service provider (node-saml) of a world: its requests go to the connector's SSO address. */
function serviceProvider(
  world: SamlWorld,
  options: { privateKey?: string; binding?: 'HTTP-POST'; validateInResponseTo?: ValidateInResponseTo } = {},
) {
  return new SAML({
    entryPoint: `${origin}/saml2/${world.uname}/sso`,
    issuer: world.entityId,
    callbackUrl: ACS,
    idpCert: world.idpCert,
    audience: world.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: options.validateInResponseTo ?? ValidateInResponseTo.always,
    identifierFormat: null,
    ...(options.privateKey ? { privateKey: options.privateKey, signatureAlgorithm: 'sha256' as const } : {}),
    ...(options.binding ? { authnRequestBinding: 'HTTP-POST' } : {}),
  });
}

let uids = 0;
async function nextUser(world: SamlWorld) {
  uids += 1;
  // The test slapd's users: user00001 to user00020.
  const uid = `user${String(uids).padStart(5, '0')}`;
  const id = await syncedUser(ctx, world, slapd, uid);
  return { uid, id };
}

async function onBypassList(world: SamlWorld, userId: string) {
  await ctx.db.insert(serviceUsers).values({ serviceInstanceId: world.serviceId, userId, list: 'BYPASS' });
  await heard(ctx.app);
}

const decodeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The form the page posts to the application: its address and fields. */
function postedForm(body: string): { action: string; fields: Record<string, string> } {
  const form = /<form id="post" method="post" action="([^"]*)">(.*?)<\/form>/s.exec(body);
  if (!form) throw new Error(`no form to the application in:\n${body}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeHtml(name!)] = decodeHtml(value!);
  }
  return { action: decodeHtml(form[1]!), fields };
}

const xmlOf = (response: string) => Buffer.from(response, 'base64').toString('utf8');

describe('signing in to an application through the SAML 2.0 identity provider', () => {
  it('takes the password and a code on the page, and posts a Response the service provider validates', async () => {
    const world = await samlWorld();
    const { uid, id } = await nextUser(world);
    const seed = await seedFor(ctx, world, id);
    const sp = serviceProvider(world);
    const b = webBrowser(origin);

    const url = await sp.getAuthorizeUrlAsync('/wiki/page-1', undefined, {});
    const page = await b.go(url);
    expect(page.answer.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`/saml2/${world.uname}/sign-in/[\\w-]+$`));
    expect(page.body).toContain(texts.web.title);
    expect(page.body).toContain('Wiki');

    const second = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    expect(second.body).toContain(texts.web.secondTitle);
    const done = await b.go(page.url, { action: 'code', code: await currentCode(seed) });
    expect(done.answer.status).toBe(200);
    expect(done.body).toContain(texts.web.postTitle);
    // The page may post to the application's address (its own policy says so).
    expect(done.answer.headers.get('content-security-policy')).toContain('form-action');
    expect(done.answer.headers.get('content-security-policy')).toContain('https://sp.example.test');
    const posted = postedForm(done.body);
    expect(posted.action).toBe(ACS);
    expect(posted.fields.RelayState).toBe('/wiki/page-1');

    const { profile, loggedOut } = await sp.validatePostResponseAsync({
      SAMLResponse: posted.fields.SAMLResponse!,
    });
    expect(loggedOut).toBe(false);
    expect(profile).toMatchObject({
      issuer: `${origin}/saml2/${world.uname}`,
      nameID: `${uid}@example.test`,
      nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      mail: `${uid}@example.test`,
      uid,
      department: 'R&D <lab>',
    });
    expect(typeof profile?.sessionIndex).toBe('string');
    const xml = xmlOf(posted.fields.SAMLResponse!);
    // The second factor was asked: the authentication context says so.
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract');
    // Both the Response and its Assertion are signed, as the connector says.
    expect(xml.match(/<ds:Signature /g)?.length).toBe(2);
    // The Response is valid against the OASIS SAML 2.0 protocol schema.
    const verdict = await validateAgainst(xml, 'saml-schema-protocol-2.0.xsd');
    expect(verdict.output).toContain('document.xml validates');

    // The page posted its answer once: drawn again, the sign-in is over.
    const again = await b.go(page.url);
    expect(again.answer.status).toBe(410);
    // A Response is used once: the service provider refuses it a second time (its request id is spent).
    await expect(
      sp.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! }),
    ).rejects.toThrow();

    expect(await lastLogIn(ctx, id)).toMatchObject({
      protocol: 'SAML',
      connectorId: world.saml2Id,
      result: 'ACCEPT',
      reason: 'secondFactor',
    });
  });

  it.runIf(has('xmlsec1'))(
    "signs a Response that xmlsec1 verifies with the metadata's certificate",
    async () => {
      const world = await samlWorld({ signAssertion: false, signResponse: true });
      const { uid, id } = await nextUser(world);
      await onBypassList(world, id);
      const sp = serviceProvider(world);
      const b = webBrowser(origin);
      const page = await b.go(await sp.getAuthorizeUrlAsync('', undefined, {}));
      const done = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
      const xml = xmlOf(postedForm(done.body).fields.SAMLResponse!);
      expect(xml.match(/<ds:Signature /g)?.length).toBe(1);
      // The password alone (the bypass list): the authentication context says so.
      expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport');
      const folder = mkdtempSync(path.join(tmpdir(), 'xmlsec-'));
      try {
        const certificate = `-----BEGIN CERTIFICATE-----\n${world.idpCert.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
        writeFileSync(path.join(folder, 'idp.pem'), certificate);
        writeFileSync(path.join(folder, 'response.xml'), xml);
        const verify = (file: string) =>
          execFileSync(
            'xmlsec1',
            [
              '--verify',
              '--pubkey-cert-pem',
              path.join(folder, 'idp.pem'),
              '--id-attr:ID',
              'urn:oasis:names:tc:SAML:2.0:protocol:Response',
              file,
            ],
            { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
          );
        expect(() => verify(path.join(folder, 'response.xml'))).not.toThrow();
        // A changed NameID breaks the signature.
        writeFileSync(
          path.join(folder, 'tampered.xml'),
          xml.replace(`${uid}@example.test`, 'boss@example.test'),
        );
        expect(() => verify(path.join(folder, 'tampered.xml'))).toThrow();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it("signs each customer's Responses with its own key: another customer's connector cannot sign in to an application", async () => {
    const victim = await samlWorld();
    // Another customer registers a connector naming the victim's application (its entity id and ACS).
    const attacker = await samlWorld({ entityId: victim.entityId });
    expect(attacker.customerId).not.toBe(victim.customerId);
    expect(attacker.idpCert).not.toBe(victim.idpCert);
    // A second connector of one customer publishes that customer's certificate.
    const uname = `${victim.uname}-2`;
    await ctx.db.insert(saml2Connectors).values({
      customerId: victim.customerId,
      uname,
      providerName: 'Second',
      ...NEW_SAML2_SETTINGS,
      entityId: 'https://second.example.test',
      acsUrl: ACS,
    });
    const metadata = await (await fetch(`${origin}/api/idm-config/connectors/saml2/xml/${uname}`)).text();
    expect(metadata).toContain(victim.idpCert);

    const { uid, id } = await nextUser(attacker);
    await onBypassList(attacker, id);
    const b = webBrowser(origin);
    const page = await b.go(`/saml2/${attacker.uname}/start`);
    const done = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const posted = postedForm(done.body);
    expect(posted.action).toBe(ACS);
    // The application trusts the victim customer's certificate: the attacker's Response does not verify.
    const application = serviceProvider(victim, { validateInResponseTo: ValidateInResponseTo.never });
    await expect(
      application.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! }),
    ).rejects.toThrow(/signature/i);
    // The attacker's own certificate does verify it: the refusal is the key's.
    const own = serviceProvider(attacker, { validateInResponseTo: ValidateInResponseTo.never });
    const { profile } = await own.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! });
    expect(profile?.nameID).toBe(`${uid}@example.test`);
  });

  it('checks a signed request by HTTP-POST against the connector certificate', async () => {
    const spKey = selfSignedCertificate({ commonName: 'sp.example.test', organization: 'SP', days: 30 });
    const world = await samlWorld({ certificate: spKey.certificate });
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const sp = serviceProvider(world, { privateKey: spKey.privateKey, binding: 'HTTP-POST' });
    const form = await sp.getAuthorizeFormAsync('state-42');
    const request = decodeHtml(/name="SAMLRequest" value="([^"]+)"/.exec(form)![1]!);
    // node-saml deflates it (as the HTTP-Redirect binding does): the gateway takes it so too.
    expect(inflateRawSync(Buffer.from(request, 'base64')).toString('utf8')).toMatch(/<(ds:)?Signature[ >]/);
    const b = webBrowser(origin);
    const page = await b.go(`/saml2/${world.uname}/sso`, { SAMLRequest: request, RelayState: 'state-42' });
    expect(page.answer.status).toBe(200);
    expect(page.body).toContain('name="password"');
    const done = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const posted = postedForm(done.body);
    expect(posted.fields.RelayState).toBe('state-42');
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! });
    expect(profile?.nameID).toBe(`${uid}@example.test`);

    // Signed with another key: refused before any form.
    const other = selfSignedCertificate({ commonName: 'impostor.example.test', organization: 'X', days: 30 });
    const impostor = serviceProvider(world, { privateKey: other.privateKey, binding: 'HTTP-POST' });
    const forged = decodeHtml(
      /name="SAMLRequest" value="([^"]+)"/.exec(await impostor.getAuthorizeFormAsync(''))![1]!,
    );
    const refused = await webBrowser(origin).go(`/saml2/${world.uname}/sso`, { SAMLRequest: forged });
    expect(refused.answer.status).toBe(400);
    expect(refused.body).toContain('bad_signature');
    expect(refused.body).not.toContain('name="password"');
  });

  it('checks a signed request by HTTP-Redirect, and refuses it signed by another key', async () => {
    const spKey = selfSignedCertificate({ commonName: 'sp.example.test', organization: 'SP', days: 30 });
    const world = await samlWorld({ certificate: spKey.certificate });
    const good = await webBrowser(origin).go(
      await serviceProvider(world, { privateKey: spKey.privateKey }).getAuthorizeUrlAsync('r', undefined, {}),
    );
    expect(good.answer.status).toBe(200);
    expect(good.body).toContain('name="password"');
    const other = selfSignedCertificate({ commonName: 'impostor.example.test', organization: 'X', days: 30 });
    const bad = await webBrowser(origin).go(
      await serviceProvider(world, { privateKey: other.privateKey }).getAuthorizeUrlAsync('r', undefined, {}),
    );
    expect(bad.answer.status).toBe(400);
    expect(bad.body).toContain('bad_signature');
    // With the service provider's certificate, the connector takes signed requests only, as its metadata says.
    const metadata = await (
      await fetch(`${origin}/api/idm-config/connectors/saml2/xml/${world.uname}`)
    ).text();
    expect(metadata).toContain('WantAuthnRequestsSigned="true"');
    const unsigned = await webBrowser(origin).go(
      await serviceProvider(world).getAuthorizeUrlAsync('r', undefined, {}),
    );
    expect(unsigned.answer.status).toBe(400);
    expect(unsigned.body).toContain('unsigned_request');
    expect(unsigned.body).not.toContain('name="password"');
  });

  it('refuses a request from an unknown issuer, with a foreign ACS, or for no connector, before any form', async () => {
    const world = await samlWorld();
    const stranger = new SAML({
      entryPoint: `${origin}/saml2/${world.uname}/sso`,
      issuer: 'https://stranger.example.test',
      callbackUrl: ACS,
      idpCert: world.idpCert,
    });
    const unknown = await webBrowser(origin).go(await stranger.getAuthorizeUrlAsync('', undefined, {}));
    expect(unknown.answer.status).toBe(400);
    expect(unknown.body).toContain('unknown_issuer');

    const foreign = new SAML({
      entryPoint: `${origin}/saml2/${world.uname}/sso`,
      issuer: world.entityId,
      callbackUrl: 'https://attacker.example.test/acs',
      idpCert: world.idpCert,
    });
    const wrongAcs = await webBrowser(origin).go(await foreign.getAuthorizeUrlAsync('', undefined, {}));
    // A request anyone could make (unsigned) may not carry another site's address as its RelayState.
    const lure = await webBrowser(origin).go(
      await serviceProvider(world).getAuthorizeUrlAsync('https://attacker.example.test/', undefined, {}),
    );
    expect(lure.answer.status).toBe(400);
    expect(lure.body).toContain('foreign_relay_state');
    expect(wrongAcs.answer.status).toBe(400);
    expect(wrongAcs.body).toContain('foreign_acs');
    expect(wrongAcs.body).not.toContain('attacker.example.test');

    const none = await webBrowser(origin).go('/saml2/no-such-connector/sso?SAMLRequest=abc');
    expect(none.answer.status).toBe(404);
    const garbage = await webBrowser(origin).go(`/saml2/${world.uname}/sso?SAMLRequest=%25%25not-base64`);
    expect(garbage.answer.status).toBe(400);
    expect(garbage.body).toContain('malformed_request');
  });

  it('stops password guessing across sign-ins: per user name (known or not), then per address', async () => {
    const world = await samlWorld();
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const attempt = async (username: string, password: string) => {
      const b = webBrowser(origin);
      const page = await b.go(`/saml2/${world.uname}/start`);
      return b.go(page.url, { action: 'password', username, password });
    };
    const limits = ctx.config.rateLimits;
    const saved = { ...limits };
    try {
      limits.webSignInPerUser = { max: 3, windowSec: 900 };
      // Three wrong passwords, each in a sign-in of its own: then even the right one is not tried.
      for (let i = 0; i < 3; i++) expect((await attempt(uid, 'not it')).answer.status).toBe(401);
      const stopped = await attempt(uid.toUpperCase(), SLAPD_USER_PASSWORD);
      expect(stopped.answer.status).toBe(429);
      expect(stopped.body).toContain(
        'Too many wrong passwords for this user name or from your network. Try again in 15 min.',
      );
      expect(stopped.body).toContain('name="password"');
      // A user name nobody has is stopped alike: the answer tells nothing about who exists.
      for (let i = 0; i < 3; i++) expect((await attempt('nobody-here', 'not it')).answer.status).toBe(401);
      expect((await attempt('nobody-here', 'not it')).answer.status).toBe(429);
      // Another user of the customer still signs in, as often as it likes: a right password is not counted.
      const other = await nextUser(world);
      await onBypassList(world, other.id);
      for (let i = 0; i < 4; i++) {
        const signedIn = await attempt(other.uid, SLAPD_USER_PASSWORD);
        expect(postedForm(signedIn.body).action).toBe(ACS);
      }

      // Per address, whatever the user name: the count this address has, plus one more wrong password.
      const [count] = await ctx.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'web-password:address:127.0.0.1'));
      limits.webSignInPerAddress = { max: (count?.hits ?? 0) + 1, windowSec: 900 };
      expect((await attempt('someone-else', 'not it')).answer.status).toBe(401);
      const third = await nextUser(world);
      await onBypassList(world, third.id);
      expect((await attempt(third.uid, SLAPD_USER_PASSWORD)).answer.status).toBe(429);
    } finally {
      Object.assign(limits, saved);
    }
  });

  it('counts password tries sent at once: no more wrong passwords are checked than the limit', async () => {
    const world = await samlWorld();
    const { uid } = await nextUser(world);
    // Eight sign-ins opened, then their passwords posted at once, each on a connection of its own.
    const opened: { url: string; cookie: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const b = webBrowser(origin);
      const page = await b.go(`/saml2/${world.uname}/start`);
      opened.push({
        url: page.url,
        cookie: [...b.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      });
    }
    const postAlone = (url: string, cookie: string) =>
      new Promise<number>((resolve, reject) => {
        const form = new URLSearchParams({
          action: 'password',
          username: uid,
          password: 'not it',
        }).toString();
        const sent = httpRequest(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              cookie,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(form),
            },
          },
          (answer) => {
            answer.resume();
            answer.on('end', () => resolve(answer.statusCode ?? 0));
          },
        );
        sent.on('error', reject);
        sent.end(form);
      });
    const limits = ctx.config.rateLimits;
    const saved = { ...limits };
    try {
      limits.webSignInPerUser = { max: 3, windowSec: 900 };
      const statuses = await Promise.all(opened.map(({ url, cookie }) => postAlone(url, cookie)));
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    } finally {
      Object.assign(limits, saved);
    }
  });

  it('keeps the sign-in to the browser that began it: its address alone does not continue it', async () => {
    const world = await samlWorld();
    const b = webBrowser(origin);
    const page = await b.go(await serviceProvider(world).getAuthorizeUrlAsync('', undefined, {}));
    expect(page.answer.status).toBe(200);
    const elsewhere = await webBrowser(origin).go(page.url);
    expect(elsewhere.answer.status).toBe(410);
    expect(elsewhere.body).toContain(texts.web.expiredTitle);
    // Someone who read the address (a history, a log) and makes a cookie of its id: still not theirs.
    const id = page.url.split('/').pop()!;
    expect(b.jar.get('gw_sign_in')).not.toBe(id);
    const guesser = webBrowser(origin);
    guesser.jar.set('gw_sign_in', id);
    expect((await guesser.go(page.url)).answer.status).toBe(410);
    expect((await b.go(page.url)).answer.status).toBe(200);
  });

  it('says so before the form when the service is stopped, and answers the service provider with a refusal', async () => {
    const world = await samlWorld();
    await ctx.db
      .update(serviceInstances)
      .set({ status: 'STOPPED' })
      .where(eq(serviceInstances.id, world.serviceId));
    await heard(ctx.app);
    const sp = serviceProvider(world);
    const b = webBrowser(origin);
    const page = await b.go(await sp.getAuthorizeUrlAsync('', undefined, {}));
    expect(page.answer.status).toBe(200);
    expect(page.body).toContain(texts.web.refused.serviceStopped);
    expect(page.body).not.toContain('name="password"');
    const done = await b.go(page.url, { action: 'cancel' });
    const posted = postedForm(done.body);
    expect(xmlOf(posted.fields.SAMLResponse!)).toContain('urn:oasis:names:tc:SAML:2.0:status:Responder');
    await expect(sp.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! })).rejects.toThrow(
      /Responder/,
    );
  });

  it("starts a sign-in from the connector's own link (IdP-initiated), with its default RelayState", async () => {
    const world = await samlWorld({
      defaultRelayState: '/home',
      nameIdFormat: 'persistent',
      nameIdAttribute: 'username',
      sendAttribute: 'ALL',
    });
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const b = webBrowser(origin);
    const page = await b.go(`/saml2/${world.uname}/start`);
    expect(page.body).toContain('name="password"');
    const done = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const posted = postedForm(done.body);
    expect(posted.fields.RelayState).toBe('/home');
    const sp = serviceProvider(world, { validateInResponseTo: ValidateInResponseTo.ifPresent });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse! });
    expect(profile).toMatchObject({
      nameID: uid,
      nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      username: uid,
      email: `${uid}@example.test`,
      id,
      department: 'R&D <lab>',
    });
    expect(xmlOf(posted.fields.SAMLResponse!)).not.toContain('InResponseTo');

    // The link's own RelayState: a path, or an address of the application, is sent on.
    for (const relayState of [
      '/wiki/page-2',
      'https://sp.example.test/wiki',
      'opaque-token-42',
      'ss:mem:4f2a',
    ]) {
      const link = webBrowser(origin);
      const linked = await link.go(
        `/saml2/${world.uname}/start?RelayState=${encodeURIComponent(relayState)}`,
      );
      const sent = await link.go(linked.url, {
        action: 'password',
        username: uid,
        password: SLAPD_USER_PASSWORD,
      });
      expect(postedForm(sent.body).fields.RelayState).toBe(relayState);
    }
    // Another site's address is not: the application might go there once signed in (an open redirect).
    for (const relayState of [
      'https://attacker.example.test/',
      'HTTPS://ATTACKER.example.test',
      'https:attacker.example.test',
      '//attacker.example.test',
      ' //attacker.example.test',
      '/\\attacker.example.test',
      // Browsers drop tabs and newlines from addresses, and control characters before them.
      '/\t/attacker.example.test',
      '\u0001//attacker.example.test',
      'java\tscript:alert(1)',
      'javascript:alert(1)',
    ]) {
      const refused = await webBrowser(origin).go(
        `/saml2/${world.uname}/start?RelayState=${encodeURIComponent(relayState)}`,
      );
      expect(refused.answer.status).toBe(400);
      expect(refused.body).toContain('foreign_relay_state');
      expect(refused.body).not.toContain('name="password"');
    }
  });

  it("signs a user in to Microsoft 365: the directory's immutable id as NameID, IDPEmail, Microsoft's MFA claim", async () => {
    const world = await samlWorld();
    const admin = { token: await customerAdminToken(ctx, world.customerId) };
    // The connector as the portal makes it from the Microsoft 365 defaults.
    const defaults = await ctx.call('GET', '/api/idm-config/saml2/office365', { token: admin.token });
    const { type: _type, ...office365 } = defaults.body as Record<string, unknown>;
    expect(office365).toMatchObject({
      entityId: 'urn:federation:MicrosoftOnline',
      acsUrl: 'https://login.microsoftonline.com/login.srf',
      nameIdFormat: 'persistent',
      nameIdAttribute: 'immutableId',
      attributeMapping: [{ name: 'IDPEmail', property: 'email' }],
    });
    await ctx.db
      .update(saml2Connectors)
      .set({ ...(office365 as Partial<typeof saml2Connectors.$inferInsert>), createdAttributes: [] })
      .where(eq(saml2Connectors.id, world.saml2Id));
    await heard(ctx.app);
    const { uid, id } = await nextUser(world);
    const immutableId = Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64');
    await ctx.db.update(users).set({ immutableId }).where(eq(users.id, id));
    const seed = await seedFor(ctx, world, id);
    const microsoft = new SAML({
      entryPoint: `${origin}/saml2/${world.uname}/sso`,
      issuer: 'urn:federation:MicrosoftOnline',
      callbackUrl: 'https://login.microsoftonline.com/login.srf',
      idpCert: world.idpCert,
      audience: 'urn:federation:MicrosoftOnline',
      wantAssertionsSigned: true,
      identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    });
    const b = webBrowser(origin);
    const page = await b.go(await microsoft.getAuthorizeUrlAsync('', undefined, {}));
    await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const done = await b.go(page.url, { action: 'code', code: await currentCode(seed) });
    const posted = postedForm(done.body);
    expect(posted.action).toBe('https://login.microsoftonline.com/login.srf');
    const { profile } = await microsoft.validatePostResponseAsync({
      SAMLResponse: posted.fields.SAMLResponse!,
    });
    expect(profile).toMatchObject({
      nameID: immutableId,
      nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      IDPEmail: `${uid}@example.test`,
    });
    expect(xmlOf(posted.fields.SAMLResponse!)).toContain('http://schemas.microsoft.com/claims/multipleauthn');

    // A user the directory gave no immutable id: Microsoft is told the sign-in is refused.
    const other = await nextUser(world);
    await onBypassList(world, other.id);
    const c = webBrowser(origin);
    const second = await c.go(await microsoft.getAuthorizeUrlAsync('', undefined, {}));
    const refused = postedForm(
      (await c.go(second.url, { action: 'password', username: other.uid, password: SLAPD_USER_PASSWORD }))
        .body,
    );
    await expect(
      microsoft.validatePostResponseAsync({ SAMLResponse: refused.fields.SAMLResponse! }),
    ).rejects.toThrow(/Responder/);
  });

  it('answers a logout request with a signed LogoutResponse at the connector logout URL', async () => {
    const LOGOUT = 'https://sp.example.test/saml/logged-out';
    const world = await samlWorld({ logoutUrl: LOGOUT });
    const sp = new SAML({
      entryPoint: `${origin}/saml2/${world.uname}/sso`,
      logoutUrl: `${origin}/saml2/${world.uname}/slo`,
      issuer: world.entityId,
      callbackUrl: ACS,
      idpCert: world.idpCert,
      validateInResponseTo: ValidateInResponseTo.always,
    });
    const user = {
      issuer: `${origin}/saml2/${world.uname}`,
      nameID: 'someone@example.test',
      nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      sessionIndex: '_s1',
    };
    const answer = await webBrowser(origin, LOGOUT).go(await sp.getLogoutUrlAsync(user, 'after-logout', {}));
    expect(answer.url.startsWith(`${LOGOUT}?SAMLResponse=`)).toBe(true);
    const url = new URL(answer.url);
    expect(url.searchParams.get('RelayState')).toBe('after-logout');
    expect(url.searchParams.get('Signature')).toBeTruthy();
    const validated = await sp.validateRedirectAsync(
      Object.fromEntries(url.searchParams),
      url.search.slice(1),
    );
    expect(validated.loggedOut).toBe(true);

    // Without a logout URL, the page says the user is signed out; from a stranger, refused.
    await ctx.db.update(saml2Connectors).set({ logoutUrl: '' }).where(eq(saml2Connectors.id, world.saml2Id));
    await heard(ctx.app);
    const page = await webBrowser(origin).go(await sp.getLogoutUrlAsync(user, '', {}));
    expect(page.answer.status).toBe(200);
    expect(page.body).toContain(texts.web.signedOutTitle);
    const stranger = new SAML({
      entryPoint: `${origin}/saml2/${world.uname}/sso`,
      logoutUrl: `${origin}/saml2/${world.uname}/slo`,
      issuer: 'https://stranger.example.test',
      callbackUrl: ACS,
      idpCert: world.idpCert,
    });
    const refused = await webBrowser(origin).go(await stranger.getLogoutUrlAsync(user, '', {}));
    expect(refused.answer.status).toBe(400);
    expect(refused.body).toContain('unknown_issuer');
  });

  it("shows the connector's sign-in link and its last sign-in on its record", async () => {
    const world = await samlWorld();
    const admin = { token: await customerAdminToken(ctx, world.customerId) };
    const before = await ctx.call(
      'GET',
      `/api/idm-config/connectors/saml2/${world.customerId}/${world.saml2Id}`,
      {
        token: admin.token,
      },
    );
    expect(before.body.idp.startUrl).toMatch(
      new RegExp(`^http://localhost(:80)?/saml2/${world.uname}/start$`),
    );
    expect(before.body.lastSignIn).toBeNull();
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const b = webBrowser(origin);
    const page = await b.go(`/saml2/${world.uname}/start`);
    await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const after = await ctx.call(
      'GET',
      `/api/idm-config/connectors/saml2/${world.customerId}/${world.saml2Id}`,
      {
        token: admin.token,
      },
    );
    expect(after.body.lastSignIn).toMatchObject({ protocol: 'SAML', userName: uid, result: 'ACCEPT' });
  });

  it("tries the connector from its page: the gateway's own ACS shows the assertion", async () => {
    const world = await samlWorld();
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const b = webBrowser(origin);
    const page = await b.go(`/saml2/${world.uname}/try`);
    expect(page.body).toContain('name="password"');
    const done = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    const posted = postedForm(done.body);
    expect(posted.action).toMatch(new RegExp(`/saml2/${world.uname}/try/acs$`));
    expect(posted.fields.RelayState).toBeUndefined();
    const xml = xmlOf(posted.fields.SAMLResponse!);
    // Another browser posting that Response (a page luring a user there) is shown nothing of it.
    const elsewhere = await webBrowser(origin).go(posted.action, posted.fields);
    expect(elsewhere.answer.status).toBe(410);
    expect(elsewhere.body).not.toContain(uid);
    // Nor is this browser shown a Response whose words were changed: the signature no longer holds.
    const changed = Buffer.from(xml.replace(`${uid}@example.test`, 'Call 555-0100 to unlock')).toString(
      'base64',
    );
    const tampered = await b.go(posted.action, { SAMLResponse: changed });
    expect(tampered.answer.status).toBe(410);
    expect(tampered.body).not.toContain('555-0100');
    const tried = await b.go(posted.action, posted.fields);
    expect(tried.answer.status).toBe(200);
    expect(tried.body).toContain(texts.web.tryTitle);
    expect(tried.body).toContain(`<th scope="row">NameID</th><td>${uid}@example.test</td>`);
    expect(tried.body).toContain(`<th scope="row">Audience</th><td>${world.entityId}</td>`);
    expect(tried.body).toContain('<th scope="row">department</th><td>R&#38;D &#60;lab&#62;</td>');
    // Shown once: posted again, it has expired.
    expect((await b.go(posted.action, posted.fields)).answer.status).toBe(410);
    const garbage = await webBrowser(origin).go(posted.action, { SAMLResponse: 'bm90IHhtbA==' });
    expect(garbage.answer.status).toBe(400);
  });

  it('answers malformed requests with a 4xx page, never a 5xx nor a sign-in', async () => {
    const world = await samlWorld();
    const issuer = `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${world.entityId}</saml:Issuer>`;
    const request = (inside: string, root = 'AuthnRequest') =>
      `<samlp:${root} xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z">${inside}</samlp:${root}>`;
    const documents = [
      '',
      'not xml at all',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>',
      request(issuer + issuer),
      request(`<samlp:Extensions>${issuer}</samlp:Extensions>${issuer}`),
      request(issuer, 'ArtifactResolve'),
      `<other xmlns="urn:example">${issuer}</other>`,
      request(issuer).replace('ID="_r1" ', ''),
      request(issuer).slice(0, 60),
      'x'.repeat(200_000),
    ];
    const b = webBrowser(origin);
    for (const xml of documents) {
      const encoded = Buffer.from(xml).toString('base64');
      const posted = await b.go(`/saml2/${world.uname}/sso`, { SAMLRequest: encoded, RelayState: 'x' });
      const redirected = await b.go(
        `/saml2/${world.uname}/sso?SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`,
      );
      const logout = await b.go(`/saml2/${world.uname}/slo`, { SAMLRequest: encoded });
      for (const answer of [posted, redirected, logout]) {
        expect(answer.answer.status, xml.slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(answer.answer.status, xml.slice(0, 80)).toBeLessThan(500);
        expect(answer.body).not.toContain('name="password"');
      }
    }
    const forms: Record<string, string>[] = [
      {},
      { SAMLRequest: '' },
      { SAMLRequest: '%%%' },
      { RelayState: 'only' },
    ];
    for (const form of forms) {
      const answer = await b.go(`/saml2/${world.uname}/sso`, form);
      expect(answer.answer.status).toBe(400);
    }
    // A form too large for the page's parser: refused, not read.
    const huge = await fetch(`${origin}/saml2/${world.uname}/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `SAMLRequest=${'A'.repeat(300_000)}`,
    });
    expect(huge.status).toBe(413);
  });
});
