import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { QR_SIGNIN_ERRORS } from '../../../contract/secondFactor.ts';
import { OAUTH2_ERRORS, SEAMLESS_ERRORS } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { oauthClients, seamlessSessions } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import {
  checkClientCustomer,
  issueAuthorizationCode,
  type OAuthClient,
  type ResponseMode,
} from '../oauth2/oauth2.ts';
import { liftSigninDelay } from '../session/signinDelay.ts';

/**
 * QR sign-in ("seamless login"). A browser opens a session and shows its id as a QR code; the mobile
 * app, signed in as its user, approves or rejects it; the browser polls the status and, once approved,
 * trades the session (with the signature only it received) for an authorization code, exactly once.
 * The app's answer is made in its account's customer: the provider's clients are seen there, another
 * customer's are not (and are refused).
 */

export type SeamlessDecision = 'APPROVE' | 'REJECT';
export type SeamlessStatus = 'INITIAL' | 'APPROVE' | 'REJECT' | 'TIMEOUT';

/** An approved session must be authenticated within its lifetime plus this, or it times out. */
export const APPROVED_GRACE_SEC = 60;
/** At most this many sessions per address within a minute. */
export const MAX_SESSIONS_PER_MINUTE = 30;
/** Sessions this long past their expiry are deleted when new ones are opened. */
const KEEP_EXPIRED_MS = 60 * 60_000;
/** Any number, the same in every process: serialises the per-address count on PostgreSQL. */
const SEAMLESS_LOCK = 727_302;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sessionNotFound = () => fail(SEAMLESS_ERRORS.notFound);
const timedOut = () => fail(QR_SIGNIN_ERRORS.timeout);
const alreadyUsed = () => fail(SEAMLESS_ERRORS.alreadyUsed);

/** base64url HMAC-SHA256 of 'seamless:' + the session id: proves the caller is the one who opened it. */
export function signSessionId(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`seamless:${sessionId}`).digest('base64url');
}

function signatureMatches(secret: string, sessionId: string, given: string): boolean {
  const expected = Buffer.from(signSessionId(secret, sessionId), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

interface StatusFields {
  status: 'INITIAL' | 'APPROVE' | 'REJECT';
  expiresAt: Date;
  consumedAt: Date | null;
}

/** The status the browser sees: an undecided session, or an approved one never used, times out. */
export function statusOf(session: StatusFields, now = new Date()): SeamlessStatus {
  const expiry = session.expiresAt.getTime();
  if (session.status === 'INITIAL') return now.getTime() >= expiry ? 'TIMEOUT' : 'INITIAL';
  if (
    session.status === 'APPROVE' &&
    session.consumedAt === null &&
    now.getTime() >= expiry + APPROVED_GRACE_SEC * 1000
  ) {
    return 'TIMEOUT';
  }
  return session.status;
}

export interface OpenedSeamlessSession {
  sessionId: string;
  idSignature: string;
  expiresInSec: number;
}

/** Opens a session for a client whose realm and redirect URL were already checked. */
export async function openSeamlessSession(
  tx: Database,
  values: {
    client: OAuthClient;
    realm: string;
    redirectUrl: string;
    responseMode: ResponseMode;
    state: string;
    ip: string;
    ttlSec: number;
    secret: string;
  },
  now = new Date(),
): Promise<OpenedSeamlessSession> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAMLESS_LOCK}, hashtext(${values.ip}))`);
  const [recent] = await tx
    .select({ total: count() })
    .from(seamlessSessions)
    .where(
      and(
        eq(seamlessSessions.createdIp, values.ip),
        gt(seamlessSessions.createdAt, new Date(now.getTime() - 60_000)),
      ),
    );
  if ((recent?.total ?? 0) >= MAX_SESSIONS_PER_MINUTE) throw fail(SEAMLESS_ERRORS.tooMany);
  await tx
    .delete(seamlessSessions)
    .where(lt(seamlessSessions.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  const [created] = await tx
    .insert(seamlessSessions)
    .values({
      clientId: values.client.clientId,
      realm: values.realm,
      redirectUrl: values.redirectUrl,
      responseType: 'code',
      responseMode: values.responseMode,
      state: values.state,
      createdIp: values.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + values.ttlSec * 1000),
    })
    .returning({ id: seamlessSessions.id });
  const sessionId = created!.id;
  return { sessionId, idSignature: signSessionId(values.secret, sessionId), expiresInSec: values.ttlSec };
}

async function loadSession(db: Database, sessionId: string) {
  if (!UUID.test(sessionId)) return undefined;
  const [session] = await db
    .select({
      id: seamlessSessions.id,
      clientId: seamlessSessions.clientId,
      clientCustomerId: oauthClients.customerId,
      // Null when the client is out of the transaction's reach: another customer's.
      clientSeen: oauthClients.clientId,
      redirectUrl: seamlessSessions.redirectUrl,
      responseMode: seamlessSessions.responseMode,
      state: seamlessSessions.state,
      status: seamlessSessions.status,
      accountId: seamlessSessions.accountId,
      expiresAt: seamlessSessions.expiresAt,
      consumedAt: seamlessSessions.consumedAt,
    })
    .from(seamlessSessions)
    .leftJoin(oauthClients, eq(oauthClients.clientId, seamlessSessions.clientId))
    .where(eq(seamlessSessions.id, sessionId));
  return session;
}

export async function seamlessStatus(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<SeamlessStatus> {
  const session = await loadSession(db, sessionId);
  if (!session) throw sessionNotFound();
  return statusOf(session, now);
}

/** The mobile app's answer, for a session still waiting; the account is the app's signed-in user. */
export async function decideSeamlessSession(
  db: Database,
  values: {
    sessionId: string;
    decision: SeamlessDecision;
    account: { id: string; customerId: string | null };
  },
  now = new Date(),
): Promise<void> {
  const session = await loadSession(db, values.sessionId);
  if (!session) throw sessionNotFound();
  if (session.clientSeen === null) throw fail(OAUTH2_ERRORS.clientOfAnotherCustomer);
  checkClientCustomer({ customerId: session.clientCustomerId }, values.account.customerId);
  const [decided] = await db
    .update(seamlessSessions)
    .set({ status: values.decision, accountId: values.account.id, decidedAt: now })
    .where(
      and(
        eq(seamlessSessions.id, session.id),
        eq(seamlessSessions.status, 'INITIAL'),
        gt(seamlessSessions.expiresAt, now),
      ),
    )
    .returning({ id: seamlessSessions.id });
  if (decided) return;
  const [current] = await db
    .select({ status: seamlessSessions.status })
    .from(seamlessSessions)
    .where(eq(seamlessSessions.id, session.id));
  if (current && current.status !== 'INITIAL') throw fail(SEAMLESS_ERRORS.alreadyDecided);
  throw timedOut();
}

export interface SeamlessAuthentication {
  /** The account signed in (for the dashboard's sign-ins; not answered). */
  accountId: string;
  redirectUrl: string;
  responseMode: ResponseMode;
  fields: { code: string; state: string };
}

/**
 * Trades an approved session for an authorization code, once: the browser sends the fields to the
 * redirect URL (a hidden form for form_post, a query string for query). Every refusal comes before a write.
 */
export async function authenticateSeamlessSession(
  tx: Database,
  values: { sessionId: string; idSignature: string; secret: string },
  now = new Date(),
): Promise<SeamlessAuthentication> {
  if (!signatureMatches(values.secret, values.sessionId, values.idSignature)) {
    throw fail(SEAMLESS_ERRORS.invalidSignature);
  }
  const session = await loadSession(tx, values.sessionId);
  if (!session) throw sessionNotFound();
  if (session.status === 'REJECT') throw fail(QR_SIGNIN_ERRORS.rejected);
  if (session.consumedAt !== null) throw alreadyUsed();
  if (statusOf(session, now) === 'TIMEOUT') throw timedOut();
  if (session.status === 'INITIAL' || session.accountId === null) throw fail(SEAMLESS_ERRORS.notApproved);
  const accountId = session.accountId;

  const [consumed] = await tx
    .update(seamlessSessions)
    .set({ consumedAt: now })
    .where(
      and(
        eq(seamlessSessions.id, session.id),
        eq(seamlessSessions.status, 'APPROVE'),
        isNull(seamlessSessions.consumedAt),
      ),
    )
    .returning({ id: seamlessSessions.id });
  if (!consumed) throw alreadyUsed();
  // The account's own app approved: its owner is signing in, and its password needs no wait.
  await liftSigninDelay(tx, accountId);
  const code = await issueAuthorizationCode(
    tx,
    { clientId: session.clientId, redirectUri: session.redirectUrl, accountId },
    now,
  );
  return {
    accountId,
    redirectUrl: session.redirectUrl,
    responseMode: session.responseMode,
    fields: { code, state: session.state },
  };
}
