import { randomBytes } from 'node:crypto';
import { realmOf } from '../../../contract/oidc.ts';
import { NEW_SAML2_SETTINGS } from '../../../contract/saml2.ts';
import { oidcClients, saml2Connectors } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { appWithItsLog, MEGA_TEXT, troubleIn } from './fuzzInputs.ts';
import type { RouteEntry } from './routeTable.ts';

/**
 * Every route of the gateway's sites outside /api (the OpenID Connect provider under /realms, the SAML 2.0
 * identity provider under /saml2, the web sign-in page's script, the health probes), found from the app as
 * built: malformed path parameters, query values and bodies must get an answer below 500, and nothing may
 * reach the log as an error or a stack. The parameters name things that exist (a customer's realm, its
 * SAML2 connector and OIDC client, a sign-in under way with its cookies) as well as things that do not,
 * so that the fuzz reaches past the first lookup.
 */

const { ctx, table, logLines } = await appWithItsLog();

const customer = await ctx.createCustomer({ companyName: 'Site Fuzz Customer' });
const realm = realmOf(customer.id);
const uname = `fuzz-${randomBytes(4).toString('hex')}`;
await ctx.db.insert(saml2Connectors).values({
  customerId: customer.id,
  uname,
  providerName: 'Fuzz app',
  ...NEW_SAML2_SETTINGS,
  entityId: 'https://sp.fuzz.test/metadata',
  acsUrl: 'https://sp.fuzz.test/acs',
});
const clientId = `oidc-${customer.id.replaceAll('-', '')}-${randomBytes(8).toString('hex')}`;
const [oidc] = await ctx.db
  .insert(oidcClients)
  .values({
    customerId: customer.id,
    clientId,
    clientName: 'Fuzz app',
    redirectUrls: ['https://app.fuzz.test/callback'],
    clientSecret: createSealer(ctx.config.secretsKey).seal('fuzz-secret'),
  })
  .returning();

/** A request as the app answers it, with the cookies it set kept for the next. */
async function open(url: string, cookie = '') {
  const answer = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const set = answer.headers['set-cookie'];
  const cookies = (Array.isArray(set) ? set : set ? [set] : []).map((one) => one.split(';')[0]!);
  return { answer, cookie: [cookie, ...cookies].filter(Boolean).join('; ') };
}

// A SAML sign-in under way (the connector's link), and an OpenID Connect one (an authorization request).
const saml = await open(`/saml2/${uname}/start`);
const samlSignIn =
  String(saml.answer.headers.location ?? '')
    .split('/')
    .pop() ?? '';
const authorization = await open(
  `/realms/${realm}/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: 'https://app.fuzz.test/callback',
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGMSstw-cM',
    code_challenge_method: 'S256',
  })}`,
);
const interaction =
  String(authorization.answer.headers.location ?? '')
    .split('/')
    .pop() ?? '';
const cookies = [saml.cookie, authorization.cookie].filter(Boolean).join('; ');

/** Texts every parameter, query value and form field is tried with. */
const BAD_TEXTS: Record<string, string> = {
  empty: '',
  'a NUL byte': 'a\u0000b',
  'a lone surrogate': 'a\ud800b',
  'a 1 MB text': MEGA_TEXT,
  'not base64': '%%%not-base64',
  'base64 of not XML': Buffer.from('not xml at all').toString('base64'),
  'a document type': Buffer.from('<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>').toString('base64'),
  'an array': '["a"]',
  'a path': '../../etc/passwd',
};
/** The fields the sites read: SAML bindings, OAuth 2.0 and the sign-in page's forms. */
const FIELDS = [
  'SAMLRequest',
  'SAMLResponse',
  'RelayState',
  'SigAlg',
  'Signature',
  'client_id',
  'redirect_uri',
  'response_type',
  'code',
  'state',
  'grant_type',
  'action',
  'username',
  'password',
];
/** The provider's own addresses under a realm (its `*` route). */
const REALM_PATHS = [
  '.well-known/openid-configuration',
  'protocol/openid-connect/auth',
  'protocol/openid-connect/token',
  'protocol/openid-connect/userinfo',
  'protocol/openid-connect/certs',
  'protocol/openid-connect/logout',
  'no/such/path',
];

/** A path parameter as a URL carries it; a lone surrogate as the invalid UTF-8 bytes a client might send. */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** Values of a route's path parameters: existing ones, then each bad text in turn. */
function pathsOf(route: RouteEntry): string[] {
  const real: Record<string, string> = {
    realm,
    uname,
    id: samlSignIn,
    uid: interaction,
    connectorId: oidc!.id,
  };
  const fill = (values: Record<string, string>, rest: string) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => encoded(values[name] ?? 'x')).replace('*', rest);
  const paths = route.url.includes('*') ? REALM_PATHS.map((rest) => fill(real, rest)) : [fill(real, '')];
  for (const name of route.params) {
    for (const text of Object.values(BAD_TEXTS)) {
      if (text === MEGA_TEXT) continue; // A path of 1 MB is the HTTP server's to refuse, not a route's.
      paths.push(fill({ ...real, [name]: text || 'x' }, 'protocol/openid-connect/token'));
    }
  }
  return paths;
}

interface SiteRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const FORM = 'application/x-www-form-urlencoded';

function requestsFor(route: RouteEntry): SiteRequest[] {
  const requests: SiteRequest[] = [];
  const headers = { cookie: cookies };
  for (const path of pathsOf(route)) {
    requests.push({ label: `path ${path.slice(0, 80)}`, method: route.method, url: path, headers });
  }
  const [path] = pathsOf(route);
  for (const [name, text] of Object.entries(BAD_TEXTS)) {
    const fields = Object.fromEntries(FIELDS.map((field) => [field, text]));
    if (text !== MEGA_TEXT) {
      requests.push({
        label: `query: ${name}`,
        method: route.method,
        url: `${path}?${new URLSearchParams(fields)}`,
        headers,
      });
    }
    if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
      requests.push({
        label: `form: ${name}`,
        method: route.method,
        url: path!,
        headers: { ...headers, 'content-type': FORM },
        payload: new URLSearchParams(fields).toString(),
      });
    }
  }
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
    const bodies: [string, string, string | Buffer][] = [
      ['JSON', 'application/json', '{"SAMLRequest":{"$ne":null},"action":["password"]}'],
      ['invalid JSON', 'application/json', '{"a":'],
      ['invalid UTF-8 form', FORM, Buffer.from([0x61, 0x3d, 0xc3, 0x28, 0xff])],
      ['a field twice', FORM, 'action=password&action=code&username=a&username=b'],
      ['XML', 'application/xml', '<x/>'],
      ['no content type', '', 'action=password'],
      ['a 2 MB form', FORM, `RelayState=${MEGA_TEXT}${MEGA_TEXT}`],
    ];
    for (const [label, type, payload] of bodies) {
      requests.push({
        label: `body: ${label}`,
        method: route.method,
        url: path!,
        headers: type ? { ...headers, 'content-type': type } : headers,
        payload,
      });
    }
  }
  return requests;
}

const siteRoutes = table
  .routes()
  .filter((route) => !route.url.startsWith('/api') && !['TRACE', 'QUERY'].includes(route.method));

it('finds the sign-in routes outside /api, and a sign-in of each protocol under way', () => {
  const urls = new Set(siteRoutes.map((route) => route.url));
  for (const url of [
    '/realms/:realm/*',
    '/saml2/:uname/sso',
    '/saml2/:uname/sign-in/:id',
    '/saml2/:uname/try/acs',
  ]) {
    expect(urls).toContain(url);
  }
  expect(samlSignIn).toMatch(/^[\w-]{20,}$/);
  expect(interaction).toMatch(/^[\w-]{10,}$/);
});

describe.each(siteRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (_, route) => {
    it('answers malformed input below 500 and logs no error', async () => {
      const failures: string[] = [];
      for (const request of requestsFor(route)) {
        const before = logLines.length;
        const answer = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        if (answer.statusCode >= 500) failures.push(`${request.label}: ${answer.statusCode}`);
        const trouble = troubleIn(logLines.slice(before));
        if (trouble.length > 0) failures.push(`${request.label}: logged ${trouble[0]!.slice(0, 300)}`);
      }
      expect(failures).toEqual([]);
    });
  },
);
