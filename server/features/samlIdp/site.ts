import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isUname,
  type NameIdFormat,
  type Saml2Record,
  USER_PROPERTIES,
  type UserProperty,
} from '../../../contract/saml2.ts';
import { withinCustomer } from '../../db/reach.ts';
import { saml2Connectors, users } from '../../db/schema.ts';
import type { SiteContext } from '../../kit/feature.ts';
import { type SigningKey, samlSigningKey } from '../connector/gateway.ts';
import { idpUrlsOf } from '../connector/saml2.ts';
import type { SignInOutcome, SignInTarget } from '../webSignIn/flow.ts';
import { webSignInOf } from '../webSignIn/index.ts';
import { errorPage } from '../webSignIn/page.ts';
import {
  type AssertedUser,
  type BoundRequest,
  checkRequest,
  type IdentityProviderOf,
  logoutAnswer,
  MOBILE_TWO_FACTOR_CONTEXT,
  type ServiceProviderOf,
  samlId,
  signedByGateway,
  signedResponse,
} from './identityProvider.ts';
import { responseRows } from './responseRows.ts';

/**
 * The gateway's SAML 2.0 identity provider for the customers' SAML 2.0 connectors, at the addresses their
 * metadata names (connector/saml2.ts idpUrlsOf): single sign-on over HTTP-Redirect and HTTP-POST, and the
 * connector's own link that starts a sign-in at the gateway (IdP-initiated). A request is checked
 * (identityProvider.ts) before anything is shown; the user signs in on the web sign-in page
 * (webSignIn/flow.ts), bound to the browser that brought the request (a cookie of the sign-in's own path);
 * the page then posts the signed Response to the connector's assertion consumer service.
 */

/** How long a sign-in may take, from the request to the response (as an OpenID Connect interaction). */
const SIGN_IN_SECONDS = 10 * 60;
/** The most bytes of a request's form (HTTP-POST binding: a signed AuthnRequest fits well). */
const FORM_LIMIT = 128 * 1024;
const COOKIE = 'gw_sign_in';
/** The cookie that binds a Try sign-in's Response to the browser that started it (its request id). */
const TRY_COOKIE = 'gw_saml_try';

type Connector = typeof saml2Connectors.$inferSelect;

/** What the sign-in keeps of the request it answers (web_sign_ins.request). */
interface KeptRequest {
  requestId: string | null;
  relayState: string | null;
  /** The gateway's own test of the connector (Try sign-in): the Response goes to its own test ACS. */
  trial?: boolean;
  /**
   * The SHA-256 of the secret in the cookie of the browser that began it: the page's address alone (in a
   * history, a log or a Referer) does not continue it.
   */
  browser?: string;
}

const isKeptRequest = (value: unknown): value is KeptRequest =>
  typeof value === 'object' && value !== null && 'requestId' in value && 'relayState' in value;

/** A C0 control character or DEL. */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char === '\u007f';

/** The schemes of an address a browser would go to, were an application to send it to its RelayState. */
const NAVIGABLE = new Set(['http:', 'https:', 'javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

/**
 * Whether a RelayState may be sent to the application. Many applications go to their RelayState once
 * signed in, and anyone can make a sign-in link (or an unsigned request) with one, so a RelayState that a
 * browser would read as an address must be one of the application's own (the origin of its ACS, login URL
 * or default relay state); a path, or any other text (Shibboleth's `ss:mem:…`), is the application's own
 * business. Control characters are refused anywhere: browsers drop some of them from addresses, which
 * would turn `/<tab>/elsewhere` into another site.
 */
function relayStateAllowed(connector: Connector, value: string): boolean {
  if (value.length > 2048 || [...value].some(isControl)) return false;
  const text = value.trim();
  const address = /^[\\/]{2}/.test(text) || (URL.canParse(text) && NAVIGABLE.has(new URL(text).protocol));
  if (!address) return true;
  const origins = [connector.acsUrl, connector.loginUrl, connector.defaultRelayState]
    .filter((own) => URL.canParse(own))
    .map((own) => new URL(own));
  const base = origins[0]?.href ?? 'https://relay-state.invalid/';
  // Read as an application might: on its own (`https:elsewhere` is then another site) and against its address.
  const readings = [new URL(text, base), ...(URL.canParse(text) ? [new URL(text)] : [])];
  return readings.every(
    (target) =>
      (target.protocol === 'https:' || target.protocol === 'http:') &&
      origins.some((own) => own.origin === target.origin),
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A cookie's value from a request's Cookie header. */
const cookieOf = (request: FastifyRequest, name: string): string | undefined =>
  (request.headers.cookie ?? '')
    .split(/;\s*/)
    .find((one) => one.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Whether a browser's cookie secret is the one whose hash the sign-in keeps. */
function sameBrowser(secret: string | undefined, kept: string | undefined): boolean {
  if (!secret || !kept) return false;
  const expected = Buffer.from(kept, 'base64url');
  const given = sha256(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Microsoft 365's service provider (Entra ID), as every federated domain's requests name it. */
const MICROSOFT_ENTITY_ID = 'urn:federation:MicrosoftOnline';
/**
 * What Entra ID reads as "the identity provider did multi-factor authentication" (its federatedIdpMfaBehavior
 * setting accepts it instead of asking its own second factor).
 */
const MICROSOFT_MULTIPLE_AUTHN = 'http://schemas.microsoft.com/claims/multipleauthn';

/** The user's properties an assertion may carry, as texts ('' when the user has none). */
type Properties = Record<UserProperty, string>;

function assertedUser(
  connector: Connector,
  properties: Properties,
  outcome: { amr: string[]; authTime: number },
): AssertedUser | string {
  const format = connector.nameIdFormat as NameIdFormat;
  const property = connector.nameIdAttribute as UserProperty;
  const nameId = format === 'transient' ? samlId() : properties[property];
  if (!nameId) return `The user has no ${property}, which this application signs in with.`;
  const created = (connector.createdAttributes as Saml2Record['createdAttributes']).map(
    ({ name, value }) => ({ name, value }),
  );
  const mapped =
    connector.sendAttribute === 'NONE'
      ? []
      : connector.sendAttribute === 'ALL'
        ? [...USER_PROPERTIES.map((name) => ({ name, value: properties[name] })), ...created]
        : [
            ...(connector.attributeMapping as Saml2Record['attributeMapping']).map(({ name, property }) => ({
              name,
              value: properties[property],
            })),
            ...created,
          ];
  return {
    nameIdFormat: format,
    nameId,
    attributes: mapped.filter(({ value }) => value !== ''),
    authTime: outcome.authTime,
    amr: outcome.amr,
    secondFactorContext:
      connector.entityId === MICROSOFT_ENTITY_ID ? MICROSOFT_MULTIPLE_AUTHN : MOBILE_TWO_FACTOR_CONTEXT,
  };
}

export function samlIdpSite(scope: FastifyInstance, context: SiteContext): void {
  const { db, services } = context;
  const page = webSignInOf(scope, context);

  const originOf = (request: FastifyRequest) =>
    services.config.publicUrl ?? `${request.protocol}://${request.host}`;

  // The connectors read by URL suffix at every request, kept until a change of saml2_connectors (or of any
  // kept table) is noticed; a suffix no connector has is read again each time.
  const connectors = page.keep<Connector | undefined>({ max: 10_000, keepIf: (row) => row !== undefined });

  /** The connector of a URL suffix, whichever customer's. */
  const connectorNamed = async (uname: string): Promise<Connector | undefined> => {
    if (!isUname(uname)) return undefined;
    return connectors.get(uname, async () => {
      const [row] = await db.select().from(saml2Connectors).where(eq(saml2Connectors.uname, uname)).limit(1);
      return row;
    });
  };

  // Each customer's SAML signing key: made once, never rotated, read once per process.
  const keys = new Map<string, Promise<SigningKey>>();
  const signingKey = (customerId: string) => {
    let key = keys.get(customerId);
    if (!key) {
      key = samlSigningKey(db, services.sealer, services.config.productName, customerId);
      keys.set(customerId, key);
      key.catch(() => keys.delete(customerId));
    }
    return key;
  };

  /** The gateway as the connector's identity provider, and the connector's service provider. */
  const partiesOf = async (
    origin: string,
    connector: Connector,
  ): Promise<{ idp: IdentityProviderOf; sp: ServiceProviderOf }> => {
    const urls = idpUrlsOf(origin, connector.uname);
    const key = await signingKey(connector.customerId);
    return {
      idp: {
        entityId: urls.entityId,
        ssoUrl: urls.ssoUrl,
        key,
        nameIdFormat: connector.nameIdFormat,
        signatureAlgorithm: connector.signatureAlgorithm as IdentityProviderOf['signatureAlgorithm'],
      },
      sp: {
        entityId: connector.entityId,
        acsUrl: connector.acsUrl,
        certificate: connector.certificate.trim(),
        signResponse: connector.signResponse,
        signAssertion: connector.signAssertion,
        logoutUrl: connector.logoutUrl,
      },
    };
  };

  const userProperties = async (customerId: string, userId: string): Promise<Properties | undefined> => {
    const [user] = await withinCustomer(db, customerId, (tx) =>
      tx
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          displayName: users.displayName,
          mobilePhone: users.mobilePhone,
          immutableId: users.immutableId,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.status, 'ACTIVE')))
        .limit(1),
    );
    if (!user) return undefined;
    return {
      id: user.id,
      username: user.username,
      email: user.email ?? '',
      displayName: user.displayName?.trim() || user.username,
      mobilePhone: user.mobilePhone ?? '',
      immutableId: user.immutableId ?? '',
    };
  };

  /** The gateway's own assertion consumer service for the connector's Try sign-in. */
  const tryAcsOf = (request: FastifyRequest, connector: Connector) =>
    `${idpUrlsOf(originOf(request), connector.uname).trySignIn}/acs`;

  /** Where the connector's Try sign-in starts, and its test ACS under it. */
  const trialPath = (connector: Connector) => `/saml2/${encodeURIComponent(connector.uname)}/try`;

  const pagePath = (connector: Connector, id: string) =>
    `/saml2/${encodeURIComponent(connector.uname)}/sign-in/${id}`;

  /** The sign-in as the web sign-in page takes it. */
  const targetOf = (
    request: FastifyRequest,
    connector: Connector,
    id: string,
    kept: KeptRequest,
    expiresAt: Date,
  ): SignInTarget => ({
    protocol: 'SAML',
    id,
    customerId: connector.customerId,
    connector: { id: connector.id, type: 'saml2' },
    application: connector.providerName,
    expiresAt,
    action: pagePath(connector, id),
    finish: async (outcome: SignInOutcome) => {
      const parties = await partiesOf(originOf(request), connector);
      const { idp } = parties;
      const sp = kept.trial ? { ...parties.sp, acsUrl: tryAcsOf(request, connector) } : parties.sp;
      let asserted: { user: AssertedUser } | { refused: string };
      if ('error' in outcome) {
        asserted = { refused: outcome.description };
      } else {
        const properties = await userProperties(connector.customerId, outcome.accountId);
        const user = properties
          ? assertedUser(connector, properties, outcome)
          : 'The user cannot sign in now.';
        asserted = typeof user === 'string' ? { refused: user } : { user };
      }
      const response = await signedResponse({
        idp,
        sp,
        inResponseTo: kept.requestId,
        now: services.now(),
        outcome: asserted,
      });
      return {
        url: sp.acsUrl,
        fields: { SAMLResponse: response, ...(kept.relayState ? { RelayState: kept.relayState } : {}) },
      };
    },
  });

  /** Opens the sign-in of a checked request (or of the connector's link) and sends the browser to its page. */
  const begin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    connector: Connector,
    kept: KeptRequest,
  ) => {
    const id = randomBytes(24).toString('base64url');
    const secret = randomBytes(24).toString('base64url');
    const expiresAt = new Date(services.now().getTime() + SIGN_IN_SECONDS * 1000);
    const bound = { ...kept, browser: sha256(secret).toString('base64url') };
    const target = targetOf(request, connector, id, bound, expiresAt);
    await page.begin(target, bound);
    const secure = originOf(request).startsWith('https:') ? '; Secure' : '';
    const cookies = [
      `${COOKIE}=${secret}; Path=${target.action}; Max-Age=${SIGN_IN_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    ];
    if (kept.trial && kept.requestId) {
      cookies.push(
        `${TRY_COOKIE}=${kept.requestId}; Path=${trialPath(connector)}; Max-Age=${SIGN_IN_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
    }
    reply.header('set-cookie', cookies);
    return reply.redirect(target.action, 303);
  };

  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(errorPage(error));

  type Sso = { Params: { uname: string } };

  /** A service provider's AuthnRequest, by either binding: checked, then the sign-in begins. */
  const singleSignOn = async (request: FastifyRequest<Sso>, reply: FastifyReply, bound: BoundRequest) => {
    const connector = await connectorNamed(request.params.uname);
    if (!connector) return refuse(reply, 404, 'unknown_service_provider');
    const { idp, sp } = await partiesOf(originOf(request), connector);
    const checked = await checkRequest(idp, sp, bound);
    if (typeof checked === 'string') return refuse(reply, 400, checked);
    if (checked.relayState && !relayStateAllowed(connector, checked.relayState)) {
      return refuse(reply, 400, 'foreign_relay_state');
    }
    return begin(request, reply, connector, checked);
  };

  /**
   * A service provider's LogoutRequest (single logout, either binding): answered with a signed
   * LogoutResponse at the connector's logout URL, or a page saying the user is signed out when it has none.
   */
  const singleLogout = async (request: FastifyRequest<Sso>, reply: FastifyReply, bound: BoundRequest) => {
    const connector = await connectorNamed(request.params.uname);
    if (!connector) return refuse(reply, 404, 'unknown_service_provider');
    const { idp, sp } = await partiesOf(originOf(request), connector);
    const answer = await logoutAnswer(idp, sp, bound);
    if (typeof answer === 'string') return refuse(reply, 400, answer);
    if (answer.location) return reply.header('cache-control', 'no-store').redirect(answer.location, 303);
    return page.signedOut(request, reply, connector.customerId);
  };

  /** The page's sign-in, when the browser is the one that began it and it has not ended. */
  const signInOf = async (request: FastifyRequest<Page>) => {
    const { uname, id } = request.params;
    const connector = await connectorNamed(uname);
    if (!connector) return { customerId: null };
    // The sign-in ids this gateway makes (begin): 24 random bytes, base64url.
    if (!/^[\w-]{32}$/.test(id)) return { customerId: connector.customerId };
    const secret = cookieOf(request, COOKIE);
    if (!secret) return { customerId: connector.customerId };
    const begun = await page.begun(connector.customerId, id);
    if (
      !begun ||
      begun.connectorId !== connector.id ||
      !isKeptRequest(begun.request) ||
      !sameBrowser(secret, begun.request.browser)
    ) {
      return { customerId: connector.customerId };
    }
    return {
      customerId: connector.customerId,
      target: targetOf(request, connector, id, begun.request, begun.expiresAt),
    };
  };

  type Page = { Params: { uname: string; id: string } };

  scope.register(async (site) => {
    site.removeAllContentTypeParsers();
    site.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, parseQuery(body as string)),
    );
    const fieldsOf = (body: unknown): Record<string, string> => {
      const fields: Record<string, string> = {};
      if (body && typeof body === 'object') {
        for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
      }
      return fields;
    };

    const redirectBound = (request: FastifyRequest): BoundRequest => ({
      binding: 'redirect',
      query: fieldsOf(request.query),
      rawQuery: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    });
    site.get<Sso>('/saml2/:uname/sso', (request, reply) =>
      singleSignOn(request, reply, redirectBound(request)),
    );
    site.post<Sso>('/saml2/:uname/sso', (request, reply) =>
      singleSignOn(request, reply, { binding: 'post', body: fieldsOf(request.body) }),
    );
    site.get<Sso>('/saml2/:uname/slo', (request, reply) =>
      singleLogout(request, reply, redirectBound(request)),
    );
    site.post<Sso>('/saml2/:uname/slo', (request, reply) =>
      singleLogout(request, reply, { binding: 'post', body: fieldsOf(request.body) }),
    );

    // The connector's own link (IdP-initiated): no request to answer; RelayState the link's, or the connector's default.
    site.get<Sso & { Querystring: { RelayState?: string } }>(
      '/saml2/:uname/start',
      async (request, reply) => {
        const connector = await connectorNamed(request.params.uname);
        if (!connector) return refuse(reply, 404, 'unknown_service_provider');
        const given = fieldsOf(request.query).RelayState;
        if (given && !relayStateAllowed(connector, given)) return refuse(reply, 400, 'foreign_relay_state');
        const relayState = (given || connector.defaultRelayState).slice(0, 2048);
        return begin(request, reply, connector, { requestId: null, relayState: relayState || null });
      },
    );

    // The connector page's Try sign-in: a sign-in started at the gateway whose Response comes back to the
    // gateway's own ACS, which shows what the application would receive.
    site.get<Sso>('/saml2/:uname/try', async (request, reply) => {
      const connector = await connectorNamed(request.params.uname);
      if (!connector) return refuse(reply, 404, 'unknown_service_provider');
      return begin(request, reply, connector, { requestId: samlId(), relayState: null, trial: true });
    });
    // It shows only the Response of a Try this browser started (its request id in the cookie, cleared once
    // shown), signed with the customer's key: nobody can post other words to be shown here.
    site.post<Sso>('/saml2/:uname/try/acs', async (request, reply) => {
      const connector = await connectorNamed(request.params.uname);
      if (!connector) return refuse(reply, 404, 'unknown_service_provider');
      const xml = Buffer.from(fieldsOf(request.body).SAMLResponse ?? '', 'base64').toString('utf8');
      const read = responseRows(xml);
      if (!read) return refuse(reply, 400, 'malformed_response');
      const started = cookieOf(request, TRY_COOKIE);
      const { idp } = await partiesOf(originOf(request), connector);
      if (!started || read.inResponseTo !== started || !signedByGateway(idp, xml)) {
        return page.expired(request, reply, connector.customerId);
      }
      reply.header(
        'set-cookie',
        `${TRY_COOKIE}=; Path=${trialPath(connector)}; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      return page.tried(request, reply, connector.customerId, connector.providerName, read.rows);
    });

    const path = '/saml2/:uname/sign-in/:id';
    site.get<Page>(path, async (request, reply) => {
      const { customerId, target } = await signInOf(request);
      if (!target) return page.expired(request, reply, customerId);
      return page.show(request, reply, target);
    });
    site.post<Page>(path, async (request, reply) => {
      const { customerId, target } = await signInOf(request);
      if (!target) return page.expired(request, reply, customerId);
      return page.submit(request, reply, target, fieldsOf(request.body));
    });
    site.get<Page>(`${path}/status`, async (request, reply) => {
      const { target } = await signInOf(request);
      if (!target) return reply.header('cache-control', 'no-store').send({ state: 'changed' });
      return page.status(request, reply, target);
    });
  });
}
