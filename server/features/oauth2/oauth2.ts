import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { OAUTH2_ERRORS, SEAMLESS_ERRORS, SESSION_ERRORS } from '../../../contract/session.ts';
import { signToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  authorizationCodes,
  authorizationRequests,
  customers,
  oauthClients,
  sessions,
} from '../../db/schema.ts';
import { fail } from '../../errors.ts';

/**
 * The OAuth2 authorization code flow: the clients that may ask the portal to sign a user in, their pending
 * authorization requests, the one-time codes a sign-in issues, and the sessions they open.
 */

/** The path of the portal's own redirect URI, on whatever origin the portal is reached at. */
export const PORTAL_REDIRECT_PATH = '/oauth2/handler';
export const AUTHORIZATION_REQUEST_TTL_SEC = 10 * 60;
export const AUTHORIZATION_CODE_TTL_SEC = 60;
/** Rows this long past their expiry are deleted when new ones are written. */
const KEEP_EXPIRED_MS = 60 * 60_000;

export type ResponseMode = 'query' | 'form_post';

export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  customerId: string | null;
}

export const invalidRealm = () => fail(SEAMLESS_ERRORS.invalidRealm);
export const accountInactive = () => fail(SESSION_ERRORS.accountInactive);

/** 'r-' plus the client id's second dash-separated part: 'gateway-portal-web' → 'r-portal'. */
export function realmOf(clientId: string): string {
  return `r-${clientId.split('-')[1] ?? ''}`;
}

/** `protocol://host[:port]` of a request, normalised as URL does it; undefined for a malformed Host. */
export function originOf(protocol: string, host: string): string | undefined {
  if (!host || /[/?#@\s\\]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

export async function findClient(db: Database, clientId: string): Promise<OAuthClient | undefined> {
  const [client] = await db
    .select({
      clientId: oauthClients.clientId,
      name: oauthClients.name,
      redirectUris: oauthClients.redirectUris,
      customerId: oauthClients.customerId,
    })
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId));
  return client;
}

/**
 * True when `redirectUri` is one the client registered. A registered path ('/oauth2/handler') stands for
 * that path on the request's own origin, exactly `http://host:port/oauth2/handler`; anything else matches exactly.
 */
export function acceptsRedirect(
  client: OAuthClient,
  redirectUri: string,
  origin: string | undefined,
): boolean {
  return client.redirectUris.some((registered) =>
    registered.startsWith('/')
      ? origin !== undefined && redirectUri === `${origin}${registered}`
      : registered === redirectUri,
  );
}

/** The client and redirect URI of a request, or the error to answer. */
export async function resolveClient(
  db: Database,
  clientId: string,
  redirectUri: string,
  origin: string | undefined,
): Promise<OAuthClient> {
  const client = await findClient(db, clientId);
  if (!client) throw fail(OAUTH2_ERRORS.invalidClient);
  if (!acceptsRedirect(client, redirectUri, origin)) throw fail(OAUTH2_ERRORS.invalidRedirectUri);
  return client;
}

/** The account may sign in to the client: a client bound to a customer takes only that customer's accounts. */
export function checkClientCustomer(client: { customerId: string | null }, accountCustomerId: string | null) {
  if (client.customerId !== null && client.customerId !== accountCustomerId) {
    throw fail(OAUTH2_ERRORS.clientOfAnotherCustomer);
  }
}

/** A random, URL-safe value of 32 bytes (authorization codes, generated states). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * Keeps an authorization request until the user has signed in. A state still used by another client's
 * unexpired request is refused; the same client's, or an expired one, is replaced.
 */
export async function storeAuthorizationRequest(
  db: Database,
  values: { state: string; clientId: string; redirectUri: string; responseMode: ResponseMode },
  now = new Date(),
): Promise<void> {
  const expiresAt = new Date(now.getTime() + AUTHORIZATION_REQUEST_TTL_SEC * 1000);
  await db
    .delete(authorizationRequests)
    .where(lt(authorizationRequests.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  const stored = await db
    .insert(authorizationRequests)
    .values({ ...values, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: authorizationRequests.state,
      set: {
        clientId: values.clientId,
        redirectUri: values.redirectUri,
        responseMode: values.responseMode,
        createdAt: now,
        expiresAt,
      },
      setWhere: or(
        lt(authorizationRequests.expiresAt, now),
        eq(authorizationRequests.clientId, values.clientId),
      ),
    })
    .returning({ state: authorizationRequests.state });
  if (stored.length === 0) throw fail(OAUTH2_ERRORS.stateInUse);
}

/**
 * Removes and returns the unexpired authorization request named by `state` when it belongs to a client
 * other than the portal itself (the portal signs its own users in directly), with that client.
 */
export async function takeForeignAuthorizationRequest(
  db: Database,
  state: string,
  portalClientId: string,
  now = new Date(),
): Promise<{ client: OAuthClient; redirectUri: string; state: string } | undefined> {
  const [taken] = await db
    .delete(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.state, state),
        gt(authorizationRequests.expiresAt, now),
        ne(authorizationRequests.clientId, portalClientId),
      ),
    )
    .returning({ clientId: authorizationRequests.clientId, redirectUri: authorizationRequests.redirectUri });
  if (!taken) return undefined;
  const client = await findClient(db, taken.clientId);
  return client ? { client, redirectUri: taken.redirectUri, state } : undefined;
}

/** Issues a one-time code for the account, valid 60 s, for this client and redirect URI only. */
export async function issueAuthorizationCode(
  db: Database,
  values: { clientId: string; redirectUri: string; accountId: string },
  now = new Date(),
): Promise<string> {
  const code = randomToken();
  await db
    .delete(authorizationCodes)
    .where(lt(authorizationCodes.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  await db.insert(authorizationCodes).values({
    codeHash: hashCode(code),
    ...values,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SEC * 1000),
  });
  return code;
}

/**
 * Uses up a code and returns its account. Unknown, used, expired, or for another client or redirect URI:
 * one and the same 400, so that the answer tells nothing about which.
 */
export async function redeemAuthorizationCode(
  db: Database,
  values: { code: string; clientId: string; redirectUri: string },
  now = new Date(),
): Promise<string> {
  const [redeemed] = await db
    .update(authorizationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authorizationCodes.codeHash, hashCode(values.code)),
        eq(authorizationCodes.clientId, values.clientId),
        eq(authorizationCodes.redirectUri, values.redirectUri),
        isNull(authorizationCodes.consumedAt),
        gt(authorizationCodes.expiresAt, now),
      ),
    )
    .returning({ accountId: authorizationCodes.accountId });
  if (!redeemed) throw fail(OAUTH2_ERRORS.invalidCode);
  return redeemed.accountId;
}

/** `redirectUri` with `code` and `state` added to its query. */
export function redirectWithCode(redirectUri: string, code: string, state: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  url.searchParams.set('state', state);
  return url.toString();
}

export interface SessionAnswer {
  token: string;
  tokenExpireInSec: number;
  sessionExpireInSec: number;
  account: { customerId: string | null; forceChangePassword: boolean };
}

/**
 * A token for a session: it expires TOKEN_TTL_SEC from now, or at the session's end (SESSION_MAX_SEC after its
 * password sign-in) when that comes first.
 */
function sessionToken(
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSec' | 'sessionMaxSec'>,
  session: { id: string; accountId: string; createdAt: Date },
  now: Date,
) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const endsAt = Math.floor(session.createdAt.getTime() / 1000) + config.sessionMaxSec;
  const expiresAt = Math.min(issuedAt + config.tokenTtlSec, endsAt);
  return {
    token: signToken(
      { sub: session.accountId, jti: session.id, iat: issuedAt, exp: expiresAt },
      config.jwtSecret,
    ),
    expiresAt,
    tokenExpireInSec: expiresAt - issuedAt,
    sessionExpireInSec: endsAt - issuedAt,
  };
}

/** Opens a session for the account and answers its token, as sign-in does. */
export async function openSession(
  db: Database,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSec' | 'sessionMaxSec'>,
  account: { id: string; customerId: string | null; forceChangePassword: boolean },
  now = new Date(),
): Promise<SessionAnswer> {
  const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(
    (Math.floor(now.getTime() / 1000) + Math.min(config.tokenTtlSec, config.sessionMaxSec)) * 1000,
  );
  const [session] = await db
    .insert(sessions)
    .values({ accountId: account.id, createdAt, expiresAt })
    .returning({ id: sessions.id });
  const { token, tokenExpireInSec, sessionExpireInSec } = sessionToken(
    config,
    { id: session!.id, accountId: account.id, createdAt },
    now,
  );
  return {
    token,
    tokenExpireInSec,
    sessionExpireInSec,
    account: { customerId: account.customerId, forceChangePassword: account.forceChangePassword },
  };
}

/**
 * Stay signed in: a new token for a session, up to its end (SESSION_MAX_SEC after its password sign-in);
 * the session's row keeps it accepted until the new token's expiry. 409 once the session is at its end.
 */
export async function renewSession(
  db: Database,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSec' | 'sessionMaxSec'>,
  sessionId: string,
  now = new Date(),
): Promise<SessionAnswer> {
  const [row] = await db
    .select({
      id: sessions.id,
      accountId: sessions.accountId,
      createdAt: sessions.createdAt,
      customerId: accounts.customerId,
      forceChangePassword: accounts.forceChangePassword,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, sessionId))
    .for('update', { of: sessions });
  if (!row) throw fail(SESSION_ERRORS.sessionAtItsEnd);
  const renewed = sessionToken(config, row, now);
  // Less than a minute left: nothing worth a renewal.
  if (renewed.sessionExpireInSec < 60) throw fail(SESSION_ERRORS.sessionAtItsEnd);
  await db
    .update(sessions)
    .set({ expiresAt: new Date(renewed.expiresAt * 1000) })
    .where(and(eq(sessions.id, row.id), lt(sessions.expiresAt, new Date(renewed.expiresAt * 1000))));
  return {
    token: renewed.token,
    tokenExpireInSec: renewed.tokenExpireInSec,
    sessionExpireInSec: renewed.sessionExpireInSec,
    account: { customerId: row.customerId, forceChangePassword: row.forceChangePassword },
  };
}

export interface SigninAnswerWithRedirect extends SessionAnswer {
  /** Only for a sign-in that completes another client's authorization request (named by `state`). */
  redirectUrl?: string;
}

/**
 * The end of a sign-in, once the account has proved who it is (its password, and its second factor when
 * that is on): opens its session and, when `state` names another client's pending authorization request,
 * answers that client's redirect with a code too (a client bound to another customer: 403).
 */
export async function completeSignin(
  tx: Database,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSec' | 'sessionMaxSec' | 'portalClientId'>,
  account: { id: string; customerId: string | null; forceChangePassword: boolean },
  state: string | null | undefined,
  now = new Date(),
): Promise<SigninAnswerWithRedirect> {
  const authorization = state
    ? await takeForeignAuthorizationRequest(tx, state, config.portalClientId, now)
    : undefined;
  if (authorization) checkClientCustomer(authorization.client, account.customerId);
  const session = await openSession(tx, config, account, now);
  if (!authorization) return session;
  const code = await issueAuthorizationCode(
    tx,
    {
      clientId: authorization.client.clientId,
      redirectUri: authorization.redirectUri,
      accountId: account.id,
    },
    now,
  );
  return { ...session, redirectUrl: redirectWithCode(authorization.redirectUri, code, authorization.state) };
}

/** The portal's own client, registered at every start when it is missing. */
export async function ensurePortalClient(db: Database, clientId: string, name: string): Promise<void> {
  await db
    .insert(oauthClients)
    .values({ clientId, name, redirectUris: [PORTAL_REDIRECT_PATH], customerId: null })
    .onConflictDoNothing();
  // An existing row keeps its name and other URIs, but always accepts the portal's own path.
  await db
    .update(oauthClients)
    .set({ redirectUris: sql`array_append(${oauthClients.redirectUris}, ${PORTAL_REDIRECT_PATH})` })
    .where(
      and(
        eq(oauthClients.clientId, clientId),
        sql`not (${PORTAL_REDIRECT_PATH} = any(${oauthClients.redirectUris}))`,
      ),
    );
}

/** The portal's own authorization request, for the sign-in page opened without a client (query mode). */
export async function authorizePortal(
  db: Database,
  portalClientId: string,
  origin: string,
): Promise<{ state: string; redirectUri: string }> {
  const state = randomToken(24);
  const redirectUri = `${origin}${PORTAL_REDIRECT_PATH}`;
  await storeAuthorizationRequest(db, {
    state,
    clientId: portalClientId,
    redirectUri,
    responseMode: 'query',
  });
  return { state, redirectUri };
}

/**
 * Uses up a code and opens its account's session; undefined when the account (or its customer) is no longer
 * active. The code stays used up either way: it is refused the same way on a second try.
 */
export async function redeemForSession(
  tx: Database,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSec' | 'sessionMaxSec'>,
  values: { code: string; clientId: string; redirectUri: string },
  now: Date,
): Promise<SessionAnswer | undefined> {
  const accountId = await redeemAuthorizationCode(tx, values, now);
  const [account] = await tx
    .select({
      id: accounts.id,
      status: accounts.status,
      customerId: accounts.customerId,
      customerStatus: customers.status,
      forceChangePassword: accounts.forceChangePassword,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.id, accountId));
  const active =
    account?.status === 'ACTIVE' && (account.customerId === null || account.customerStatus === 'ACTIVE');
  if (!account || !active) return undefined;
  return openSession(tx, config, account, now);
}
