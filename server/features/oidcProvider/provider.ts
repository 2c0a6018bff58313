import { createHash, randomBytes } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider, { type Account, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import {
  customerOfRealm,
  OIDC_KEYS_CHECKED_SEC,
  OIDC_REALMS_PATH,
  OIDC_ROUTES,
  OIDC_TRY_PATH,
} from '../../../contract/oidc.ts';
import type { Kept } from '../../db/changes.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { customers, oidcClients, users } from '../../db/schema.ts';
import { sharedSecret } from '../../db/startupLock.ts';
import type { SiteContext } from '../../kit/feature.ts';
import { oidcSigningKeys } from '../connector/gateway.ts';
import type { SignInOutcome, SignInTarget, WebSignIn } from '../webSignIn/flow.ts';
import { webSignInOf } from '../webSignIn/index.ts';
import { errorPage } from '../webSignIn/page.ts';
import { adapterFor, type ClientRow } from './adapter.ts';

/**
 * The gateway's OpenID Connect provider (oidc-provider, certified): one issuer per customer realm, at the
 * addresses the OIDC connector page lists (server/features/oidc/oidcClients.ts endpointsOf): discovery,
 * JWKS, authorization (code flow, PKCE S256 required), token, userinfo and end session. Its state is in the
 * database (adapter.ts), its signing keys are the gateway's (connector/gateway.ts), its clients the
 * customer's OIDC connectors.
 */

const PREFIX = OIDC_REALMS_PATH;
/** The name of the key oidc-provider signs its cookies with, shared by every process (instance_secrets). */
const COOKIE_KEY = 'oidc-cookies';

/** How long each thing the provider makes lives, in seconds (an authorization code: 60 s, used once). */
const TTL = {
  AuthorizationCode: 60,
  AccessToken: 3600,
  IdToken: 3600,
  RefreshToken: 14 * 24 * 3600,
  Interaction: 10 * 60,
  Session: 12 * 3600,
  Grant: 14 * 24 * 3600,
};

/** How long a realm's customer is known without asking the database again. */
const REALM_KEPT_MS = 10_000;
const realmsKept = new Map<string, { customerId: string | undefined; until: number }>();

/**
 * The customer of a realm (see contract/oidc.ts), when it exists: kept REALM_KEPT_MS (a customer deleted
 * meanwhile has no clients or sign-ins left to answer: they went with it).
 */
async function customerNamedBy(db: Database, realm: string): Promise<string | undefined> {
  const id = customerOfRealm(realm);
  if (!id) return undefined;
  const now = Date.now();
  const kept = realmsKept.get(id);
  if (kept && kept.until > now) return kept.customerId;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (realmsKept.size >= 10_000) realmsKept.clear();
  realmsKept.set(id, { customerId: row?.id, until: now + REALM_KEPT_MS });
  return row?.id;
}

/** The scopes the provider knows, and the user's claims each gives (OpenID Connect Core §5.4). */
const SCOPES = ['openid', 'offline_access', 'email', 'profile'];
const CLAIMS = {
  // With openid, always: how and when the user signed in (amr: pwd, and otp or mfa for the second factor).
  openid: ['sub', 'amr', 'auth_time'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username'],
};
/** Where the gateway's own test of a client (Try sign-in) takes its answer, under the realm. */
const TRY_CALLBACK = `${OIDC_TRY_PATH}/callback`;
/** The cookie that keeps a test's state, nonce and PKCE verifier (sealed), and how long. */
const TRY_COOKIE = 'gw_try';
const TRY_SECONDS = 10 * 60;

/** The claims of an ID token (its payload: the provider made and signed it a moment ago). */
/** The claims of an ID token the gateway's own token endpoint gave (no object when it is none). */
const claimsOf = (idToken: string): Record<string, unknown> => {
  try {
    const claims: unknown = JSON.parse(
      Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The most bytes of a sign-in page's form. */
const FORM_LIMIT = 8 * 1024;

/** The OIDC connector a client id names, in the realm's customer. */
async function connectorOf(db: Database, customerId: string, clientId: unknown) {
  if (typeof clientId !== 'string' || clientId === '') return undefined;
  const [row] = await withinCustomer(db, customerId, (tx) =>
    tx
      .select({ id: oidcClients.id, name: oidcClients.clientName })
      .from(oidcClients)
      .where(eq(oidcClients.clientId, clientId))
      .limit(1),
  );
  return row;
}

/** What a token or userinfo call reads of its user: names, email, and the connector of its client. */
interface AccountRow {
  username: string;
  displayName: string | null;
  email: string | null;
  connectorId: string | null;
}

/**
 * A user as the provider gives it to applications: `sub` its id (stable, whatever its names become), its
 * email and names. Only an ACTIVE user, while the client's service can be signed in to: a token or a
 * refresh for another is refused.
 */
async function accountOf(
  db: Database,
  page: WebSignIn,
  accounts: Kept<AccountRow | undefined>,
  customerId: string,
  ctx: KoaContextWithOIDC,
  id: string,
): Promise<Account | undefined> {
  const clientId = ctx.oidc.client?.clientId;
  if (!/^[0-9a-f-]{36}$/.test(id) || !clientId) return undefined;
  // The user, with the connector of the client asking, in one statement (kept until a change is noticed).
  const user = await accounts.get(`${customerId} ${clientId} ${id}`, async () => {
    const [found] = await withinCustomer(db, customerId, (tx) =>
      tx
        .select({
          username: users.username,
          displayName: users.displayName,
          email: users.email,
          connectorId: sql<
            string | null
          >`(select ${oidcClients.id} from ${oidcClients} where ${oidcClients.clientId} = ${clientId})`,
        })
        .from(users)
        .where(and(eq(users.id, id), eq(users.status, 'ACTIVE')))
        .limit(1),
    );
    return found;
  });
  if (!user?.connectorId || (await page.refusalOf({ id: user.connectorId, type: 'oidc' }, customerId))) {
    return undefined;
  }
  return {
    accountId: id,
    claims: () => ({
      sub: id,
      ...(user.email ? { email: user.email, email_verified: false } : {}),
      name: user.displayName?.trim() || user.username,
      preferred_username: user.username,
    }),
  };
}

/**
 * Every authorization asks for a sign-in on the gateway's page, whatever session the browser has: each one
 * is decided again (the client's service may have stopped, the user may have left), with the second factor.
 */
function policy() {
  const prompts = interactionPolicy.base();
  prompts
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('gateway_sign_in', 'every authorization signs in on the gateway', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return prompts;
}

/** Each app's way to read its signing keys again at once (after a rotation made by this instance). */
const keysReadAgain = new WeakMap<SiteContext['services'], () => void>();

/** After a rotation by this instance: its providers sign with the new key from the next request on. */
export function signingKeysRotated(services: SiteContext['services']): void {
  keysReadAgain.get(services)?.();
}

export function oidcProviderSite(scope: FastifyInstance, context: SiteContext): void {
  const { db, services } = context;
  const page = webSignInOf(scope, context);
  const providers = new Map<string, Promise<Provider>>();
  // oidc-provider asks for the client at every call: its row is kept until a change of oidc_clients (or of
  // any kept table) is noticed; an unknown client id is read again each time.
  const clients = page.keep<ClientRow>({ max: 10_000, keepIf: (row) => row !== undefined });
  // The user of a token or userinfo call, with the connector of its client, kept likewise (users changes).
  const accounts = page.keep<AccountRow | undefined>({ max: 10_000, keepIf: (row) => row !== undefined });
  // The key of the cookies oidc-provider signs: one for every process, so that any of them takes a sign-in on.
  let cookieKey: Promise<string> | undefined;

  // The signing key the providers were made with, read again every OIDC_KEYS_CHECKED_SEC: after a rotation
  // (on any instance) the providers are made again, with the new key and the previous one.
  let keyId: string | undefined;
  let keysChecked: Promise<void> | undefined;
  let keysCheckedAt = 0;
  const freshKeys = () => {
    const now = Date.now();
    if (!keysChecked || now - keysCheckedAt >= OIDC_KEYS_CHECKED_SEC * 1000) {
      keysCheckedAt = now;
      keysChecked = oidcSigningKeys(db, services.sealer).then(({ current }) => {
        if (keyId !== undefined && current.kid !== keyId) providers.clear();
        keyId = current.kid;
      });
      keysChecked.catch(() => {
        keysChecked = undefined;
      });
    }
    return keysChecked;
  };

  keysReadAgain.set(services, () => {
    keysChecked = undefined;
  });

  const providerOf = async (origin: string, realm: string, customerId: string) => {
    await freshKeys();
    const key = `${origin} ${realm}`;
    let made = providers.get(key);
    if (!made) {
      made = (async () => {
        const keys = await oidcSigningKeys(db, services.sealer);
        const storage = adapterFor(db, services.sealer, customerId, clients);
        cookieKey ??= sharedSecret(db, COOKIE_KEY, randomBytes(32).toString('base64url'));
        const provider = new Provider(`${origin}${PREFIX}${realm}`, {
          adapter: storage.Adapter,
          jwks: { keys: [keys.current, ...(keys.previous ? [keys.previous] : [])] as never },
          routes: {
            authorization: OIDC_ROUTES.authorization,
            token: OIDC_ROUTES.token,
            userinfo: OIDC_ROUTES.userinfo,
            jwks: OIDC_ROUTES.jwks,
            end_session: OIDC_ROUTES.endSession,
          },
          cookies: { keys: [await cookieKey] },
          ttl: TTL,
          scopes: SCOPES,
          claims: CLAIMS,
          // The ID token carries the user's claims (email, names), as applications expect of a gateway.
          conformIdTokenClaims: false,
          findAccount: (ctx, id) => accountOf(db, page, accounts, customerId, ctx, id),
          // The customer registered the application: its users are not asked to consent to it.
          loadExistingGrant: async (ctx) => {
            const { client, session, params } = ctx.oidc;
            if (!client || !session?.accountId) return undefined;
            const known = session.grantIdFor(client.clientId);
            const existing = known ? await ctx.oidc.provider.Grant.find(known) : undefined;
            const grant =
              existing ??
              new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
            const asked = String(params?.scope ?? 'openid').split(' ');
            grant.addOIDCScope(asked.filter((one) => SCOPES.includes(one)).join(' '));
            await grant.save();
            return grant;
          },
          // A refresh token with every code, as Keycloak's realms give (its lifetime is the grant's).
          issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
          renderError: (ctx, out) => {
            ctx.type = 'html';
            ctx.body = errorPage(String(out.error ?? 'server_error'));
          },
          features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
          pkce: { required: () => true },
          interactions: {
            policy: policy(),
            url: (_ctx, interaction) => `${PREFIX}${realm}/interaction/${interaction.uid}`,
          },
        });
        // Every client also accepts the gateway's own test of it (Try sign-in) as a redirect URI, without
        // it counting among its registered ones (a client with one may still omit redirect_uri).
        const tryCallback = `${origin}${PREFIX}${realm}${TRY_CALLBACK}`;
        const allowed = provider.Client.prototype.redirectUriAllowed;
        provider.Client.prototype.redirectUriAllowed = function (
          this: InstanceType<typeof provider.Client>,
          value: string,
        ) {
          return value === tryCallback || allowed.call(this, value);
        };
        // The token endpoint's codes are spent and its tokens written together, before its answer is sent.
        provider.use((ctx, next) =>
          ctx.path === OIDC_ROUTES.token ? storage.writesAtEnd(ctx, next) : next(),
        );
        // The forwarded protocol and host are believed as far as the app believes its proxies (TRUST_PROXY).
        provider.proxy = services.config.trustProxy !== undefined;
        return provider;
      })();
      providers.set(key, made);
      made.catch(() => providers.delete(key));
    }
    return made;
  };

  const originOf = (request: FastifyRequest) =>
    services.config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** The provider's sign-in (an interaction) as the web sign-in page takes it; undefined once gone. */
  const targetOf = async (request: FastifyRequest<{ Params: { realm: string; uid: string } }>) => {
    const { realm, uid } = request.params;
    const customerId = await customerNamedBy(db, realm);
    if (!customerId) return { customerId: null };
    const provider = await providerOf(originOf(request), realm, customerId);
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.exp * 1000 <= Date.now()) return { customerId };
    const connector = await connectorOf(db, customerId, interaction.params.client_id);
    if (!connector) return { customerId };
    const target: SignInTarget = {
      protocol: 'OIDC',
      id: uid,
      customerId,
      connector: { id: connector.id, type: 'oidc' },
      application: connector.name,
      expiresAt: new Date(interaction.exp * 1000),
      action: `${PREFIX}${realm}/interaction/${uid}`,
      finish: async (outcome: SignInOutcome) => {
        interaction.result =
          'error' in outcome
            ? { error: outcome.error, error_description: outcome.description }
            : {
                login: {
                  accountId: outcome.accountId,
                  amr: outcome.amr,
                  ts: outcome.authTime,
                  remember: false,
                },
              };
        await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
        return interaction.returnTo;
      },
    };
    return { customerId, target };
  };

  /**
   * The connector page's Try sign-in: the code flow of the client, run by the gateway itself, with the
   * gateway's own callback as redirect URI (every client of the realm accepts it, adapter.ts), its state,
   * nonce and PKCE verifier sealed in a cookie of the browser that started it; the callback redeems the code
   * through the token endpoint (in-process) and shows the ID token's claims.
   */
  const tryRoutes = (pages: FastifyInstance) => {
    type Try = { Params: { realm: string; connectorId: string } };
    pages.get<Try>(`${PREFIX}:realm${OIDC_TRY_PATH}/:connectorId`, async (request, reply) => {
      const { realm, connectorId } = request.params;
      const customerId = await customerNamedBy(db, realm);
      const [client] =
        customerId && /^[0-9a-f-]{36}$/.test(connectorId)
          ? await withinCustomer(db, customerId, (tx) =>
              tx
                .select({ clientId: oidcClients.clientId })
                .from(oidcClients)
                .where(eq(oidcClients.id, connectorId))
                .limit(1),
            )
          : [];
      if (!client)
        return reply.status(404).type('text/html; charset=utf-8').send(errorPage('unknown_client'));
      const issuer = `${originOf(request)}${PREFIX}${realm}`;
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      const kept = services.sealer.seal(JSON.stringify({ connectorId, state, nonce, verifier }));
      const secure = issuer.startsWith('https:') ? '; Secure' : '';
      const query = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: `${issuer}${TRY_CALLBACK}`,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          `${TRY_COOKIE}=${kept}; Path=${PREFIX}${realm}${OIDC_TRY_PATH}; Max-Age=${TRY_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
        )
        .redirect(`${issuer}${OIDC_ROUTES.authorization}?${query}`, 303);
    });

    type Callback = { Params: { realm: string }; Querystring: Record<string, string | undefined> };
    pages.get<Callback>(`${PREFIX}:realm${TRY_CALLBACK}`, async (request, reply) => {
      const { realm } = request.params;
      const customerId = await customerNamedBy(db, realm);
      const cookie = (request.headers.cookie ?? '')
        .split(/;\s*/)
        .find((one) => one.startsWith(`${TRY_COOKIE}=`))
        ?.slice(TRY_COOKIE.length + 1);
      let kept: { connectorId: string; state: string; nonce: string; verifier: string } | undefined;
      try {
        kept = cookie ? JSON.parse(services.sealer.open(cookie)) : undefined;
      } catch {
        kept = undefined;
      }
      if (!customerId || !kept || kept.state !== request.query.state)
        return page.expired(request, reply, customerId ?? null);
      reply.header(
        'set-cookie',
        `${TRY_COOKIE}=; Path=${PREFIX}${realm}${OIDC_TRY_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      const [client] = await withinCustomer(db, customerId, (tx) =>
        tx.select().from(oidcClients).where(eq(oidcClients.id, kept.connectorId)).limit(1),
      );
      if (!client) return page.expired(request, reply, customerId);
      const { error, error_description: description, code } = request.query;
      if (error || !code) {
        return page.tried(request, reply, customerId, client.clientName, [
          ['error', error ?? 'no_code'],
          ...(description ? ([['error_description', description]] as [string, string][]) : []),
        ]);
      }
      const issuer = `${originOf(request)}${PREFIX}${realm}`;
      let secret = '';
      try {
        secret = services.sealer.open(client.clientSecret);
      } catch {
        // Unreadable: the token endpoint answers invalid_client, which the page shows.
      }
      const answer = await scope.inject({
        method: 'POST',
        url: `${PREFIX}${realm}${OIDC_ROUTES.token}`,
        headers: {
          host: request.host,
          ...(request.protocol === 'https' ? { 'x-forwarded-proto': 'https' } : {}),
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${issuer}${TRY_CALLBACK}`,
          code_verifier: kept.verifier,
        }).toString(),
      });
      let tokens: { id_token?: string; error?: string; error_description?: string } = {};
      try {
        tokens = answer.json();
      } catch {
        // Not JSON: the page shows the endpoint's status.
      }
      if (!tokens.id_token) {
        return page.tried(request, reply, customerId, client.clientName, [
          ['error', tokens.error ?? `token endpoint ${answer.statusCode}`],
          ...(tokens.error_description
            ? ([['error_description', tokens.error_description]] as [string, string][])
            : []),
        ]);
      }
      const claims = claimsOf(tokens.id_token);
      if (claims.nonce !== kept.nonce) return page.expired(request, reply, customerId);
      const shown = (value: unknown) =>
        typeof value === 'number' && value > 1e9 && value < 1e11
          ? `${value} (${new Date(value * 1000).toISOString()})`
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      return page.tried(
        request,
        reply,
        customerId,
        client.clientName,
        Object.entries(claims).map(([name, value]) => [name, shown(value)]),
      );
    });
  };

  // The web sign-in page of the provider's interactions (webSignIn/flow.ts): plain forms.
  scope.register(async (pages) => {
    tryRoutes(pages);
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, parseQuery(body as string)),
    );
    type Page = { Params: { realm: string; uid: string } };
    const path = `${PREFIX}:realm/interaction/:uid`;
    pages.get<Page>(path, async (request, reply) => {
      const { customerId, target } = await targetOf(request);
      if (!target) return page.expired(request, reply, customerId);
      return page.show(request, reply, target);
    });
    pages.post<Page>(path, async (request, reply) => {
      const { customerId, target } = await targetOf(request);
      if (!target) return page.expired(request, reply, customerId);
      const fields =
        request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      return page.submit(request, reply, target, fields);
    });
    pages.get<Page>(`${path}/status`, async (request, reply) => {
      const { target } = await targetOf(request);
      if (!target) return reply.header('cache-control', 'no-store').send({ state: 'changed' });
      return page.status(request, reply, target);
    });
  });

  // The provider reads its requests' bodies itself.
  scope.register(async (realms) => {
    realms.removeAllContentTypeParsers();
    realms.addContentTypeParser('*', (_request, _payload, done) => done(null));
    realms.all<{ Params: { realm: string } }>(`${PREFIX}:realm/*`, async (request, reply) => {
      const { realm } = request.params;
      const customerId = await customerNamedBy(db, realm);
      if (!customerId) return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      const provider = await providerOf(originOf(request), realm, customerId);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(`${PREFIX}${realm}`.length) || '/';
      provider.callback()(raw, reply.raw);
    });
  });
}
