import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TTL_SEC,
  type SecondFactorConfiguration,
  type SecondFactorPending,
  type SecondFactorStatus,
} from '../../../contract/secondFactor.ts';
import { SEAMLESS_ERRORS } from '../../../contract/session.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import {
  accounts,
  customers,
  secondFactorRequests,
  tokenPacks,
  userDevices,
  users,
} from '../../db/schema.ts';
import type { Modifier } from '../../domain/audit.ts';
import {
  type CodeCandidate,
  checkCode,
  deviceCandidateFields,
  deviceWriter,
} from '../../domain/enrollment/codeCheck.ts';
import { type Sealer, sha256Hex } from '../../domain/secrets.ts';
import { fail, unauthorized } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { accountNotFound } from '../account/accounts.ts';
import { accountInactive, randomToken } from '../oauth2/oauth2.ts';
import { decideSeamlessSession, statusOf } from '../seamless/seamless.ts';
import type { Transactions } from '../session/sessions.ts';

/**
 * An account's second factor (contract/secondFactor.ts): the V-Key app of the account's user.
 *
 * The account ↔ app link: an account's devices are the user_devices of the ACTIVE users of the account's
 * customer whose email is the account's (case does not matter); operators (no customer) have none.
 *
 * With the second factor on, a correct password opens a sign-in request (a random id and secret; only the
 * secret's SHA-256 is kept) instead of a session. The app approves or rejects it with its current code, or
 * the code is typed in at completion; the browser that holds the secret then completes it, once, and
 * receives the session. A request waits SECOND_FACTOR_TTL_SEC; an approved one may be completed during
 * seamless.ts's grace period after that (statusOf). Codes are checked by codeCheck.ts, shared with the
 * gateways' OTP check: a code works once, and five wrong codes in a row lock the devices for 15 minutes.
 *
 * The browser's and the app's calls are public: they run outside any customer (the request or the login
 * names the account, whoever's it is), and keep to the account's customer when they read its devices.
 */

/** Requests this long past their expiry are deleted when new ones are opened. */
const KEEP_EXPIRED_MS = 60 * 60_000;

const requestNotFound = () => fail(SECOND_FACTOR_ERRORS.notFound);
const timedOut = () => fail(SECOND_FACTOR_ERRORS.timeout);

// ——— The account's devices ———

/** Who an account is, for finding its devices. */
export interface DeviceOwner {
  email: string;
  customerId: string | null;
}

/**
 * The condition on user_devices joined with users, read in the account's customer (withinCustomer): the
 * account's devices (see the module's comment).
 */
const devicesOf = (owner: DeviceOwner) =>
  and(eq(users.status, 'ACTIVE'), sql`lower(${users.email}) = lower(${owner.email})`);

/** The account's devices, oldest first: what My Account → Security lists. */
export async function accountDevices(
  db: Database,
  owner: DeviceOwner,
): Promise<SecondFactorConfiguration['devices']> {
  if (owner.customerId === null) return [];
  const rows = await withinCustomer(db, owner.customerId, (tx) =>
    tx
      .select({
        name: userDevices.deviceName,
        tokenPackName: tokenPacks.name,
        activatedDate: userDevices.activatedDate,
      })
      .from(userDevices)
      .innerJoin(users, eq(users.id, userDevices.userId))
      .innerJoin(tokenPacks, eq(tokenPacks.id, userDevices.tokenPackId))
      .where(devicesOf(owner))
      .orderBy(asc(userDevices.activatedDate), asc(userDevices.id)),
  );
  return rows.map((row) => ({ ...row, activatedDate: row.activatedDate.toISOString() }));
}

/**
 * The account's devices as code candidates, locked until the transaction ends, in the order the gateways'
 * check locks a user's devices (otp.ts verifyCode): two checks never wait for each other in a circle.
 */
async function lockedDevices(tx: Database, owner: DeviceOwner): Promise<CodeCandidate[]> {
  if (owner.customerId === null) return [];
  return withinCustomer(tx, owner.customerId, (inCustomer) =>
    inCustomer
      .select(deviceCandidateFields)
      .from(userDevices)
      .innerJoin(users, eq(users.id, userDevices.userId))
      .where(devicesOf(owner))
      .orderBy(asc(userDevices.activatedDate), asc(userDevices.id))
      .for('update', { of: userDevices }),
  );
}

type CodeOutcome = 'match' | 'wrong' | 'locked';

/**
 * Checks the code against the account's devices (locked here) and writes the bookkeeping; an account
 * without a device is answered as a wrong code. `signIn`: the device a right code came from records it.
 */
async function checkAccountCode(
  tx: Database,
  sealer: Sealer,
  owner: DeviceOwner,
  code: string,
  now: Date,
  signIn: boolean,
): Promise<CodeOutcome> {
  const candidates = await lockedDevices(tx, owner);
  const checked = await checkCode(sealer, candidates, code, now, deviceWriter(tx, now, signIn));
  return checked.outcome === 'none' ? 'wrong' : checked.outcome;
}

/** What a transaction that checks a code answers: the code's refusal is thrown once its bookkeeping is committed. */
type Refusable<T> = { refused: Exclude<CodeOutcome, 'match'> } | { done: T };

/** The transaction's result, or the refusal of a code that did not match (committed first: see checkCode). */
async function afterCommit<T>(transaction: Promise<Refusable<T>>): Promise<T> {
  const outcome = await transaction;
  if ('refused' in outcome) {
    throw fail(outcome.refused === 'locked' ? SECOND_FACTOR_ERRORS.locked : SECOND_FACTOR_ERRORS.wrongCode);
  }
  return outcome.done;
}

// ——— My Account → Security ———

/** The account's second factor: on or off, and the devices it can use. */
export async function secondFactorConfiguration(
  db: Database,
  accountId: string,
): Promise<SecondFactorConfiguration> {
  const [account] = await db
    .select({ email: accounts.email, customerId: accounts.customerId, enable2fa: accounts.enable2fa })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw unauthorized();
  const devices = await accountDevices(db, account);
  return { enable2fa: account.enable2fa, appActivated: devices.length > 0, devices };
}

/**
 * Turns the signed-in account's second factor on or off; `accountId` must be its own (any other: 404, as an
 * unknown one). On needs a device (409 appNotActivated, docs/requirements/error-messages.md). A change is audited.
 */
export async function configureSecondFactor(
  scope: WriteScope,
  caller: Modifier,
  accountId: string,
  enable2fa: boolean,
): Promise<SecondFactorConfiguration> {
  if (accountId.toLowerCase() !== caller.id.toLowerCase()) throw accountNotFound();
  const { tx } = scope;
  const [before] = await tx
    .select({ email: accounts.email, customerId: accounts.customerId, enable2fa: accounts.enable2fa })
    .from(accounts)
    .where(eq(accounts.id, caller.id))
    .for('update');
  if (!before) throw accountNotFound();
  if (enable2fa && (await accountDevices(tx, before)).length === 0) {
    throw fail(SECOND_FACTOR_ERRORS.appNotActivated);
  }
  if (before.enable2fa !== enable2fa) {
    await tx.update(accounts).set({ enable2fa, modifiedDate: new Date() }).where(eq(accounts.id, caller.id));
    await scope.audit({
      table: 'Account',
      action: 'UPDATE',
      entityId: caller.id,
      entityName: caller.name || caller.email,
      customerId: before.customerId,
      changes: { enable2fa: { before: before.enable2fa, after: enable2fa } },
    });
  }
  return secondFactorConfiguration(tx, caller.id);
}

// ——— Sign-in requests ———

const hashSecret = (secret: string) => sha256Hex(secret);

function secretMatches(hash: string, secret: string): boolean {
  const expected = Buffer.from(hash, 'utf8');
  const actual = Buffer.from(hashSecret(secret), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Opens a sign-in request for an account whose password was right; `state` is applied when it completes. */
export async function openSecondFactorRequest(
  tx: Database,
  values: { accountId: string; state: string | undefined },
  now = new Date(),
): Promise<SecondFactorPending> {
  await tx
    .delete(secondFactorRequests)
    .where(lt(secondFactorRequests.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  const requestSecret = randomToken();
  const [created] = await tx
    .insert(secondFactorRequests)
    .values({
      accountId: values.accountId,
      secretHash: hashSecret(requestSecret),
      state: values.state ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SECOND_FACTOR_TTL_SEC * 1000),
    })
    .returning({ id: secondFactorRequests.id });
  return { secondFactor: { requestId: created!.id, requestSecret, expiresInSec: SECOND_FACTOR_TTL_SEC } };
}

/** The request with its account (locked until the transaction ends when `forUpdate`). */
async function loadRequest(db: Database, requestId: string, forUpdate = false) {
  if (!UUID_PATTERN.test(requestId)) return undefined;
  const query = db
    .select({
      id: secondFactorRequests.id,
      secretHash: secondFactorRequests.secretHash,
      status: secondFactorRequests.status,
      state: secondFactorRequests.state,
      expiresAt: secondFactorRequests.expiresAt,
      account: {
        id: accounts.id,
        email: accounts.email,
        customerId: accounts.customerId,
        status: accounts.status,
        forceChangePassword: accounts.forceChangePassword,
      },
      customerStatus: customers.status,
    })
    .from(secondFactorRequests)
    .innerJoin(accounts, eq(accounts.id, secondFactorRequests.accountId))
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(secondFactorRequests.id, requestId.toLowerCase()));
  const [request] = forUpdate ? await query.for('update', { of: secondFactorRequests }) : await query;
  return request;
}

/** The status the browser polls; TIMEOUT is read from expires_at. */
const requestStatus = (request: { status: 'INITIAL' | 'APPROVE' | 'REJECT'; expiresAt: Date }, now: Date) =>
  statusOf({ ...request, consumedAt: null }, now) as SecondFactorStatus;

export async function secondFactorStatus(
  db: Database,
  requestId: string,
  now = new Date(),
): Promise<SecondFactorStatus> {
  const request = await loadRequest(db, requestId);
  if (!request) throw requestNotFound();
  return requestStatus(request, now);
}

/** The account a completed request signs in, and the sign-in's OAuth2 state. */
export interface CompletedSignin {
  account: { id: string; customerId: string | null; forceChangePassword: boolean };
  state: string | null;
}

/**
 * Completes a request: the browser's secret (else 404, as an unknown request), not rejected (401), not timed
 * out (401), approved by the app or with the app's current code (else 409 pending; a wrong code 401, locked
 * devices 423). The request is used up, and `finish` opens the session in the same transaction: either
 * both happen or neither.
 */
export async function completeSecondFactor<T>(
  transaction: Transactions,
  sealer: Sealer,
  body: { requestId: string; requestSecret: string; code?: string },
  now: Date,
  finish: (tx: Database, completed: CompletedSignin) => Promise<T>,
  /** Told the account and whether its code matched, when a code was checked (the dashboard's approvals). */
  codeChecked?: (account: { id: string; customerId: string | null }, matched: boolean) => void,
): Promise<T> {
  return afterCommit(
    transaction(async (tx): Promise<Refusable<T>> => {
      const request = await loadRequest(tx, body.requestId, true);
      if (!request || !secretMatches(request.secretHash, body.requestSecret)) throw requestNotFound();
      if (request.status === 'REJECT') throw fail(SECOND_FACTOR_ERRORS.rejected);
      if (requestStatus(request, now) === 'TIMEOUT') throw timedOut();
      if (request.status === 'INITIAL') {
        if (body.code === undefined) throw fail(SECOND_FACTOR_ERRORS.pending);
        const checked = await checkAccountCode(tx, sealer, request.account, body.code, now, true);
        codeChecked?.(request.account, checked === 'match');
        if (checked !== 'match') return { refused: checked };
      }
      const { account } = request;
      if (
        account.status !== 'ACTIVE' ||
        (account.customerId !== null && request.customerStatus !== 'ACTIVE')
      ) {
        throw accountInactive();
      }
      await tx.delete(secondFactorRequests).where(eq(secondFactorRequests.id, request.id));
      return {
        done: await finish(tx, {
          account: {
            id: account.id,
            customerId: account.customerId,
            forceChangePassword: account.forceChangePassword,
          },
          state: request.state,
        }),
      };
    }),
  );
}

/** The status an app's answer leaves, and the account it answered for. */
export interface AppDecision {
  status: SecondFactorStatus;
  account: { id: string; customerId: string | null };
}

/**
 * The app's answer to a request, proved with the current code of one of the account's devices: a request
 * still waiting turns APPROVE or REJECT, once (answered already: 409; timed out: 401; unknown: 404).
 */
export async function decideSecondFactor(
  transaction: Transactions,
  sealer: Sealer,
  body: { requestId: string; decision: 'APPROVE' | 'REJECT'; code: string },
  now = new Date(),
): Promise<AppDecision> {
  return afterCommit(
    transaction(async (tx): Promise<Refusable<AppDecision>> => {
      const request = await loadRequest(tx, body.requestId, true);
      if (!request) throw requestNotFound();
      if (requestStatus(request, now) === 'TIMEOUT') throw timedOut();
      // The app answers a request already answered (the QR sign-in's words).
      if (request.status !== 'INITIAL') throw fail(SEAMLESS_ERRORS.alreadyDecided);
      const approve = body.decision === 'APPROVE';
      const checked = await checkAccountCode(tx, sealer, request.account, body.code, now, approve);
      if (checked !== 'match') return { refused: checked };
      await tx
        .update(secondFactorRequests)
        .set({ status: body.decision, decidedAt: now })
        .where(eq(secondFactorRequests.id, request.id));
      const { id, customerId } = request.account;
      return { done: { status: body.decision as SecondFactorStatus, account: { id, customerId } } };
    }),
  );
}

/** The account of an email address, for the app's answer to a QR sign-in. */
async function accountByEmail(tx: Database, login: string) {
  const [account] = await tx
    .select({
      id: accounts.id,
      email: accounts.email,
      customerId: accounts.customerId,
      status: accounts.status,
      forceChangePassword: accounts.forceChangePassword,
      customerStatus: customers.status,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.email, login.trim().toLowerCase()));
  return account;
}

/**
 * The activated app's answer to a QR sign-in without a password: the account named by `login`, proved with
 * the current code of one of its devices (an unknown account, one without a device and a wrong code are
 * one and the same 401), then the token-based decision's path (seamless.ts decideSeamlessSession), in the
 * same transaction: a refused decision does not use the code up. The account must be allowed what the app's
 * signed-in account is: active with its customer active (else 403, as a sign-in answers), its initial
 * password changed (else 403, as the guard answers).
 */
export async function decideSeamlessWithAppCode(
  transaction: Transactions,
  sealer: Sealer,
  body: { sessionId: string; decision: 'APPROVE' | 'REJECT'; login: string; code: string },
  now = new Date(),
): Promise<{ id: string; customerId: string | null }> {
  return afterCommit(
    transaction(async (tx): Promise<Refusable<{ id: string; customerId: string | null }>> => {
      const account = await accountByEmail(tx, body.login);
      if (!account) return { refused: 'wrong' };
      const checked = await checkAccountCode(
        tx,
        sealer,
        account,
        body.code,
        now,
        body.decision === 'APPROVE',
      );
      if (checked !== 'match') return { refused: checked };
      if (
        account.status !== 'ACTIVE' ||
        (account.customerId !== null && account.customerStatus !== 'ACTIVE')
      ) {
        throw accountInactive();
      }
      if (account.forceChangePassword) throw fail(PASSWORD_CHANGE_REQUIRED);
      await decideSeamlessSession(
        tx,
        {
          sessionId: body.sessionId,
          decision: body.decision,
          account: { id: account.id, customerId: account.customerId },
        },
        now,
      );
      return { done: { id: account.id, customerId: account.customerId } };
    }),
  );
}
