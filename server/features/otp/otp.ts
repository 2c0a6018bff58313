import { Type } from '@fastify/type-provider-typebox';
import { and, count, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import { COMMON_ERRORS } from '../../../contract/errors.ts';
import {
  OTP_ERRORS,
  OTP_LISTING,
  OTP_LOCK,
  type OtpRecord,
  type OtpVerification,
  type OtpVerifyBody,
  otpauthLink,
} from '../../../contract/otp.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, type Filter, findRows, ilikeAny, inList, type ListAsk } from '../../db/listing.ts';
import { withinCustomer } from '../../db/reach.ts';
import {
  httpsConnectors,
  otpCodes,
  rateLimits,
  serviceConnectors,
  serviceInstances,
  tokenPacks,
  userDevices,
  users,
} from '../../db/schema.ts';
import {
  type CodeCandidate,
  type CodeCheck,
  checkCode,
  deviceCandidateFields,
  deviceWriter,
} from '../../domain/enrollment/codeCheck.ts';
import { countAudit } from '../../domain/enrollment/countAudit.ts';
import { qrPng } from '../../domain/enrollment/qrPng.ts';
import { newTotpSeed } from '../../domain/enrollment/totp.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import { type Sealer, sha256Hex } from '../../domain/secrets.ts';
import { recordSignInEvent } from '../../domain/signInEvents.ts';
import { fail } from '../../errors.ts';
import type { CallBase, Scope, WriteScope } from '../../kit/call.ts';
import { type BulkPerform, bulkSourceOfListing } from '../../kit/rows.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { coveredBy, coversUser, type PackPlan, planOfPack } from '../subscription/coverage.ts';
import { otpMail } from './otpMail.ts';

/**
 * OTP seeds (docs/requirements/billing-services-screens.md OTP list, docs/requirements/billing-services-entities.md OTP record, docs/requirements/billing-services-data-calls.md): a TOTP seed (RFC 6238) per user and service, for the
 * users of the primary directory of the service's token pack, sealed at rest (server/domain/secrets.ts) and
 * handed to the administrator in the list (seedNumber) and by email. Generated for the users who have none,
 * re-generated (the old codes stop working at once), deleted (all or none). Work on many seeds goes by
 * batches of 5,000 rows, so that 100,000 users take a few seconds.
 *
 * And the gateways' check of a code (POST /otp/verify): the service is the one whose HTTPS connector's API
 * key the caller holds; a code of the user's seed for it, or of a V-Key app the user activated in its token
 * pack, is accepted once (its time step must be past the last one accepted); wrong codes are counted and,
 * at OTP_LOCK.attempts in a row, lock the user's seeds and devices for OTP_LOCK.minutes.
 *
 * Every query runs in the call's customer (the key's service's, for the check): the database's row-level
 * security keeps it to that customer's services, users and seeds.
 */

const BATCH = 5_000;

/** The service an OTP call names, with what its seeds depend on. */
export interface OtpService {
  id: string;
  customerId: string;
  tokenPackId: string;
  instanceName: string;
  primaryDirectoryId: string | null;
  /** The subscription of the service's token pack: whom it covers (subscription/coverage.ts). */
  subscriptionId: string | null;
}

const serviceNotFound = () => fail(OTP_ERRORS.serviceNotFound);
const recordNotFound = () => fail(COMMON_ERRORS.recordNotFound);

/** One audit entry for a service's seeds: how many were generated, re-generated or deleted. */
const auditSeeds = (
  scope: WriteScope,
  service: OtpService,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  changed: number,
) => scope.audit(countAudit('OtpCode', service, action, changed));

const serviceFields = {
  id: serviceInstances.id,
  customerId: serviceInstances.customerId,
  tokenPackId: serviceInstances.tokenPackId,
  instanceName: serviceInstances.instanceName,
  primaryDirectoryId: tokenPacks.primaryDirectoryId,
  subscriptionId: tokenPacks.subscriptionId,
};

/**
 * The customer's service `serviceId`, in the token pack `tokenPackId` when one is named (locked until the
 * transaction ends when `forUpdate`: two generations of one service run one after the other); else 404.
 */
async function serviceOf(
  db: Database,
  serviceId: unknown,
  options: { tokenPackId?: unknown; forUpdate?: boolean } = {},
): Promise<OtpService> {
  const isId = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
  if (!isId(serviceId)) throw serviceNotFound();
  if (options.tokenPackId !== undefined && !isId(options.tokenPackId)) throw serviceNotFound();
  const query = db
    .select(serviceFields)
    .from(serviceInstances)
    .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
    .where(
      and(
        eq(serviceInstances.id, serviceId.toLowerCase()),
        options.tokenPackId === undefined
          ? undefined
          : eq(serviceInstances.tokenPackId, (options.tokenPackId as string).toLowerCase()),
      ),
    );
  const [service] = options.forUpdate ? await query.for('update', { of: serviceInstances }) : await query;
  if (!service) throw serviceNotFound();
  return service;
}

/** `column = any('{…}'::uuid[])`: one parameter whatever the number of ids (only uuids are written in it). */
const anyId = (column: typeof otpCodes.id, ids: readonly string[]): SQL =>
  sql`${column} = any(${`{${ids.filter((id) => UUID_PATTERN.test(id)).join(',')}}`}::uuid[])`;

const chunks = <T>(items: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/**
 * Makes a seed for every ACTIVE user of the primary directory of the service's token pack whom the pack's
 * plan covers (subscription/coverage.ts) and who has none for the service; answers how many. 409 when the
 * token pack has no primary directory.
 */
async function generateSeeds(
  tx: Database,
  sealer: Sealer,
  service: OtpService,
  now = new Date(),
): Promise<number> {
  if (!service.primaryDirectoryId) throw fail(OTP_ERRORS.noDirectory);
  const missing = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.directoryId, service.primaryDirectoryId),
        eq(users.status, 'ACTIVE'),
        // Only the users the pack's plan covers (the others are over the plan: left out).
        coveredBy(service, users.id, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(otpCodes)
            .where(and(eq(otpCodes.serviceInstanceId, service.id), eq(otpCodes.userId, users.id))),
        ),
      ),
    );
  const made = now.toISOString();
  let generated = 0;
  for (const batch of chunks(missing)) {
    // One parameter a batch (JSON): thousands of rows in one statement, quickly on PGlite too.
    const rows = JSON.stringify(
      batch.map((user) => ({ user_id: user.id, seed: sealer.seal(newTotpSeed()) })),
    );
    const inserted = (await tx.execute(sql`
      insert into ${otpCodes} (customer_id, service_instance_id, user_id, seed, generated_date)
      select ${service.customerId}::uuid, ${service.id}::uuid, v.user_id, v.seed, ${made}::timestamptz
      from jsonb_to_recordset(${rows}::jsonb) as v(user_id uuid, seed text)
      on conflict (service_instance_id, user_id) do nothing
      returning id`)) as unknown as { rows: unknown[] };
    generated += inserted.rows.length;
  }
  return generated;
}

/**
 * The ids of the service's seeds among `ids` (locked until the transaction ends when `forUpdate`); 404
 * unless every one is (nothing is changed then).
 */
async function seedsOfService(
  tx: Database,
  service: OtpService,
  ids: readonly string[],
  forUpdate = true,
): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const query = tx
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.serviceInstanceId, service.id), anyId(otpCodes.id, wanted)));
  const found = forUpdate ? await query.for('update') : await query;
  if (found.length !== wanted.length) throw recordNotFound();
  return found.map((row) => row.id);
}

/** Every seed of the service (locked), for re-generating them all. */
async function allSeedsOfService(tx: Database, service: OtpService): Promise<string[]> {
  const rows = await tx
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(eq(otpCodes.serviceInstanceId, service.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Gives the seeds of `ids` (checked) a new seed: the codes of the old one stop working; the replay guard,
 * the wrong-code count and any lock start over. Answers how many.
 */
async function regenerateSeeds(
  tx: Database,
  sealer: Sealer,
  ids: readonly string[],
  now = new Date(),
): Promise<number> {
  let regenerated = 0;
  for (const batch of chunks(ids)) {
    const values = JSON.stringify(batch.map((id) => ({ id, seed: sealer.seal(newTotpSeed()) })));
    const updated = await tx
      .update(otpCodes)
      .set({
        seed: sql`v.seed`,
        generatedDate: now,
        lastUsedStep: null,
        failedAttempts: 0,
        lockedUntil: null,
      })
      .from(sql`jsonb_to_recordset(${values}::jsonb) as v(id uuid, seed text)`)
      .where(sql`${otpCodes.id} = v.id`)
      .returning({ id: otpCodes.id });
    regenerated += updated.length;
  }
  return regenerated;
}

/** Deletes the seeds of `ids` (checked): their codes stop working. Answers how many. */
async function deleteSeeds(tx: Database, ids: readonly string[]): Promise<number> {
  let removed = 0;
  for (const batch of chunks(ids)) {
    const gone = await tx.delete(otpCodes).where(anyId(otpCodes.id, batch)).returning({ id: otpCodes.id });
    removed += gone.length;
  }
  return removed;
}

// ——— The list ———

const serviceFilter: Filter = {
  schema: Type.String({ maxLength: 100 }),
  where: (value) =>
    typeof value === 'string' && UUID_PATTERN.test(value)
      ? eq(otpCodes.serviceInstanceId, value.toLowerCase())
      : sql`false`,
};

export const otpListing = defineListing({
  filters: {
    serviceId: serviceFilter,
    username: ilikeAny([users.username]),
    id: inList(otpCodes.id),
  },
  sort: {
    username: users.username,
    generatedDate: otpCodes.generatedDate,
    id: otpCodes.id,
  },
  defaultSort: OTP_LISTING.defaultSort,
  unique: otpCodes.id,
});

const listFields = {
  id: otpCodes.id,
  serviceId: otpCodes.serviceInstanceId,
  tokenPackId: serviceInstances.tokenPackId,
  userId: otpCodes.userId,
  username: users.username,
  email: users.email,
  seed: otpCodes.seed,
  generatedDate: otpCodes.generatedDate,
};

/** The seeds with their users, for the list (WHERE, ORDER BY and LIMIT come after). */
const otpSelect = (db: Database) =>
  db
    .select(listFields)
    .from(otpCodes)
    .innerJoin(users, eq(users.id, otpCodes.userId))
    .innerJoin(serviceInstances, eq(serviceInstances.id, otpCodes.serviceInstanceId))
    .$dynamic();

interface OtpListRow {
  id: string;
  serviceId: string;
  tokenPackId: string;
  userId: string;
  username: string;
  email: string | null;
  seed: string;
  generatedDate: Date;
}

/** A row as the list answers it: the seed unsealed (the administrator hands it to the user). */
const toOtpRecord = (sealer: Sealer, row: OtpListRow): OtpRecord => ({
  id: row.id,
  serviceId: row.serviceId,
  tokenPackId: row.tokenPackId,
  userId: row.userId,
  username: row.username,
  email: row.email,
  seedNumber: sealer.open(row.seed),
  generatedDate: row.generatedDate.toISOString(),
});

/** How many seeds the service has. */
async function seedCount(db: Database, service: OtpService): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(otpCodes)
    .where(eq(otpCodes.serviceInstanceId, service.id));
  return row?.total ?? 0;
}

/** A page of the seeds of one of the customer's services (`ask` filters by it), unsealed, with the total. */
export async function listSeeds(
  tx: Database,
  sealer: Sealer,
  serviceId: string,
  ask: ListAsk,
): Promise<{ rows: OtpRecord[]; total: number }> {
  const service = await serviceOf(tx, serviceId);
  // Every seed has its user and service: without other filters the total is the service's count, read
  // from otp_codes alone (counting the joined rows takes ten times as long at 100,000 seeds).
  const onlyService = Object.keys(ask.filters).every((name) => name === 'serviceId');
  const knownTotal = onlyService ? () => seedCount(tx, service) : undefined;
  const found = await findRows(tx, otpSelect(tx), otpListing, { ...ask, knownTotal });
  return { ...found, rows: found.rows.map((row: OtpListRow) => toOtpRecord(sealer, row)) };
}

/** The seeds of `ids` (the service's, checked) with their users, by username, unsealed: for the emails. */
async function seedsToSend(tx: Database, sealer: Sealer, service: OtpService, ids: readonly string[]) {
  const rows = await tx
    .select({
      seed: otpCodes.seed,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
    })
    .from(otpCodes)
    .innerJoin(users, eq(users.id, otpCodes.userId))
    .where(and(eq(otpCodes.serviceInstanceId, service.id), anyId(otpCodes.id, ids)))
    .orderBy(users.username, otpCodes.id);
  return rows.map((row) => ({
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    seedNumber: sealer.open(row.seed),
  }));
}

// ——— The gateways' check of a code ———

const apiKeyRefused = () => fail(OTP_ERRORS.apiKey);

/**
 * The service whose HTTPS connector has the API key `apiKey` (its SHA-256 is what is stored), else 401: the
 * key is looked up across customers (it names its customer), the rest of the service in that customer only.
 */
async function serviceOfApiKey(db: Database, apiKey: unknown): Promise<OtpService> {
  if (typeof apiKey !== 'string' || apiKey.trim() === '') throw apiKeyRefused();
  const keyIs = eq(httpsConnectors.apiKeyHash, sha256Hex(apiKey.trim()));
  const [key] = await db
    .select({ customerId: httpsConnectors.customerId })
    .from(httpsConnectors)
    .where(keyIs)
    .limit(1);
  if (!key) throw apiKeyRefused();
  const [service] = await withinCustomer(db, key.customerId, (tx) =>
    tx
      .select(serviceFields)
      .from(httpsConnectors)
      .innerJoin(
        serviceConnectors,
        and(
          eq(serviceConnectors.connectorId, httpsConnectors.id),
          eq(serviceConnectors.typeId, CONNECTOR_TYPE_IDS.https),
        ),
      )
      .innerJoin(serviceInstances, eq(serviceInstances.id, serviceConnectors.serviceInstanceId))
      .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
      .where(keyIs)
      .limit(1),
  );
  if (!service) throw apiKeyRefused();
  return service;
}

/** A seed or an activated device a code may come from, as locked for the check. */
export interface Candidate extends CodeCandidate {
  method: 'otp' | 'app';
}

/**
 * Checks `code` against the OTP seeds of `userIds` for `service` and the V-Key apps they activated in its
 * token pack (read locked, in `tx`), and writes the bookkeeping (codeCheck.ts): the HTTPS API's check of a
 * code (the RADIUS server checks its own without a transaction: gateway/decision.ts).
 */
export async function checkUsersCode(
  tx: Database,
  sealer: Sealer,
  service: Pick<OtpService, 'id' | 'tokenPackId'>,
  userIds: readonly string[],
  code: string,
  now: Date,
): Promise<CodeCheck<Candidate>> {
  const seeds = await tx
    .select({
      id: otpCodes.id,
      seed: otpCodes.seed,
      lastUsedStep: otpCodes.lastUsedStep,
      failedAttempts: otpCodes.failedAttempts,
      lockedUntil: otpCodes.lockedUntil,
    })
    .from(otpCodes)
    .where(and(eq(otpCodes.serviceInstanceId, service.id), inArray(otpCodes.userId, [...userIds])))
    .orderBy(otpCodes.id)
    .for('update');
  const devices = await tx
    .select(deviceCandidateFields)
    .from(userDevices)
    .where(and(eq(userDevices.tokenPackId, service.tokenPackId), inArray(userDevices.userId, [...userIds])))
    .orderBy(userDevices.activatedDate, userDevices.id)
    .for('update');
  const candidates: Candidate[] = [
    ...seeds.map((row) => ({ ...row, method: 'otp' as const })),
    ...devices.map((row) => ({ ...row, method: 'app' as const })),
  ];
  const writeDevice = deviceWriter(tx, now);
  return checkCode(sealer, candidates, code, now, (candidate, values, matched) =>
    candidate.method === 'otp'
      ? tx.update(otpCodes).set(values).where(eq(otpCodes.id, candidate.id))
      : writeDevice(candidate, values, matched),
  );
}

/**
 * Checks `body.code` for `body.username` in `service` (see the module's comment), in `tx`, a transaction of
 * the service's customer whose row locks keep two checks of one user apart: a code is accepted once even when sent twice at the same
 * time. An unknown user, or one with neither seed nor device, is answered exactly as a known one: its wrong
 * codes are counted under its name (uncheckedAttempt), and lock it as a user's lock its seeds, so that the
 * answers never tell which usernames exist. While the user's seeds and devices are locked, 423.
 * The check itself is codeCheck.ts's, shared with the accounts' second factor.
 */
async function verifyCode(
  tx: Database,
  sealer: Sealer,
  service: OtpService,
  body: OtpVerifyBody,
  now = new Date(),
): Promise<OtpVerification> {
  const directoryId = service.primaryDirectoryId;
  if (!directoryId) return uncheckedAttempt(tx, service, body.username, now);
  const named = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.directoryId, directoryId), eq(users.username, body.username), eq(users.status, 'ACTIVE')),
    );
  // A user over the plan is answered as one without seed or device.
  const found: typeof named = [];
  for (const user of named) if (await coversUser(tx, service, user.id, now)) found.push(user);
  if (found.length === 0) return uncheckedAttempt(tx, service, body.username, now);
  const checked = await checkUsersCode(
    tx,
    sealer,
    service,
    found.map((user) => user.id),
    body.code,
    now,
  );
  if (checked.outcome === 'locked') throw fail(OTP_ERRORS.locked);
  if (checked.outcome === 'match') return { valid: true, method: checked.candidate.method };
  if (checked.outcome === 'none') return uncheckedAttempt(tx, service, body.username, now);
  return { valid: false };
}

/** How long the count of an unchecked username lasts without a new attempt. */
const UNCHECKED_KEEP_MS = 24 * 3600_000;

/**
 * A code for a username with nothing to check it against (unknown, or without seed or device): counted as a
 * wrong one under `otp-unchecked:<service>:<username>` (the rate_limits table: hits, and until when), so that
 * the OTP_LOCK.attempts-th in a row locks the name for OTP_LOCK.minutes as a real user's seeds would be.
 */
async function uncheckedAttempt(
  tx: Database,
  service: OtpService,
  username: string,
  now: Date,
): Promise<OtpVerification> {
  const key = `otp-unchecked:${service.id}:${username.trim().toLowerCase()}`;
  await tx
    .insert(rateLimits)
    .values({ key, hits: 0, resetsAt: new Date(now.getTime() + UNCHECKED_KEEP_MS) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .for('update');
  const lockedNow = row !== undefined && row.hits >= OTP_LOCK.attempts && row.resetsAt > now;
  if (lockedNow) throw fail(OTP_ERRORS.locked);
  const fresh = !row || row.resetsAt <= now || row.hits >= OTP_LOCK.attempts;
  const hits = fresh ? 1 : row.hits + 1;
  const resetsAt = new Date(
    now.getTime() + (hits >= OTP_LOCK.attempts ? OTP_LOCK.minutes * 60_000 : UNCHECKED_KEEP_MS),
  );
  await tx.update(rateLimits).set({ hits, resetsAt }).where(eq(rateLimits.key, key));
  return { valid: false };
}

/**
 * The gateways' check of a code (see above): the service found by its API key across customers, then the
 * code checked in the service's customer, in a transaction whose row locks keep two checks of one user
 * apart. The dashboard's approvals count it, right or not (locked out counts as not).
 */
export async function checkGatewayCode(
  call: Pick<CallBase<unknown>, 'transaction' | 'asCustomer'>,
  sealer: Sealer,
  apiKey: string | undefined,
  body: OtpVerifyBody,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<OtpVerification> {
  const service = await call.transaction((tx) => serviceOfApiKey(tx, apiKey));
  let valid = false;
  try {
    const answer = await call.asCustomer(service.customerId, (tx) => verifyCode(tx, sealer, service, body));
    valid = answer.valid;
    return answer;
  } finally {
    await call.asCustomer(service.customerId, (tx) =>
      recordSignInEvent(tx, log, {
        kind: 'approval',
        method: 'otp',
        outcome: valid ? 'success' : 'failure',
        customerId: service.customerId,
      }),
    );
  }
}

// ——— The calls' work, in the call's customer ———

/** The service and pack a generation or a re-generation names (locked: they run one after the other). */
const serviceToChange = (tx: Database, tokenPackId: string, serviceId: string) =>
  serviceOf(tx, serviceId, { tokenPackId, forUpdate: true });

/** Generates the seeds of one of the customer's services (see generateSeeds), audited; answers how many. */
export async function generateForService(
  scope: WriteScope,
  sealer: Sealer,
  tokenPackId: string,
  serviceId: string,
): Promise<{ generated: number } & PackPlan> {
  const service = await serviceToChange(scope.tx, tokenPackId, serviceId);
  const generated = await generateSeeds(scope.tx, sealer, service);
  if (generated > 0) await auditSeeds(scope, service, 'CREATE', generated);
  return { generated, ...(await planOfPack(scope.tx, service)) };
}

/**
 * Re-generates seeds of one of the customer's services: those of `ids`, or all (which also makes the missing
 * ones: the toolbar offers Re-generate all, not Generate, once the service has seeds), audited; answers how
 * many.
 */
export async function regenerateForService(
  scope: WriteScope,
  sealer: Sealer,
  tokenPackId: string,
  chosen: { serviceId: string; ids?: readonly string[]; all?: boolean },
): Promise<{ regenerated: number } & Partial<PackPlan>> {
  const { tx } = scope;
  const service = await serviceToChange(tx, tokenPackId, chosen.serviceId);
  const ids =
    chosen.ids === undefined
      ? await allSeedsOfService(tx, service)
      : await seedsOfService(tx, service, chosen.ids);
  const replaced = await regenerateSeeds(tx, sealer, ids);
  const added =
    chosen.all === true && service.primaryDirectoryId ? await generateSeeds(tx, sealer, service) : 0;
  const regenerated = replaced + added;
  if (regenerated > 0) await auditSeeds(scope, service, 'UPDATE', regenerated);
  // With all, the missing seeds were made too: say who the plan left out, as a generation does.
  return chosen.all === true && service.primaryDirectoryId
    ? { regenerated, ...(await planOfPack(scope.tx, service)) }
    : { regenerated };
}

/** Deletes seeds of one of the customer's services: all of `ids`, or none (404); audited. */
export async function deleteForService(
  scope: WriteScope,
  tokenPackId: string,
  chosen: { serviceId: string; ids: readonly string[] },
): Promise<void> {
  const service = await serviceOf(scope.tx, chosen.serviceId, { tokenPackId });
  const found = await seedsOfService(scope.tx, service, chosen.ids);
  await deleteSeeds(scope.tx, found);
  await auditSeeds(scope, service, 'DELETE', found.length);
}

/**
 * Queues one email a seed of `ids` (the service's, all or none: 404), with its otpauth:// link and QR code,
 * in the call's transaction: to `address` when given (one seed), else to the seed's user (a user without an
 * address is skipped). Answers how many were queued and skipped.
 */
export async function sendSeeds(
  scope: Scope & { customer: string },
  serviceId: string,
  ids: readonly string[],
  address: string | undefined,
  outgoing: { mail: MailQueue; sealer: Sealer; productName: string },
): Promise<{ queued: number; skipped: number }> {
  const { tx } = scope;
  const service = await serviceOf(tx, serviceId);
  await seedsOfService(tx, service, ids, false);
  let queued = 0;
  const rows = await seedsToSend(tx, outgoing.sealer, service, ids);
  for (const row of rows) {
    const to = address ?? row.email?.trim();
    if (!to) continue;
    const link = otpauthLink(outgoing.productName, row.username, row.seedNumber);
    await outgoing.mail.enqueue(
      tx,
      otpMail({
        customerId: scope.customer,
        to,
        productName: outgoing.productName,
        serviceName: service.instanceName,
        name: row.displayName?.trim() || row.username,
        seedNumber: row.seedNumber,
        link,
        qr: qrPng(link),
      }),
    );
    queued++;
  }
  return { queued, skipped: rows.length - queued };
}

// ——— Bulk actions over every seed the list's filters match (server/kit/bulk.ts) ———

/**
 * The seeds a bulk action goes through: those the list's filters match, of the service its filter serviceId
 * names (required, the customer's: 404 otherwise), the call's customer's only (row-level security).
 */
export const otpBulkSource = bulkSourceOfListing({
  listing: otpListing,
  select: (tx, fields) =>
    tx.select(fields).from(otpCodes).innerJoin(users, eq(users.id, otpCodes.userId)).$dynamic(),
  id: otpCodes.id,
  parent: (scope, filters) => {
    if (filters.serviceId === undefined) throw invalidField('filter.serviceId', 'is required');
    return serviceOf(scope.tx, filters.serviceId);
  },
  auditTable: 'OtpCode',
  table: otpCodes,
});

/** What each bulk action of the seed list does to a batch of its seeds; answers how many it changed. */
export const otpBulkActions: Readonly<Record<string, BulkPerform>> = {
  regenerate: (scope, ids, call) => regenerateSeeds(scope.tx, call.services.sealer, ids),
  delete: (scope, ids) => deleteSeeds(scope.tx, ids),
  sendMail: async (scope, ids, call, filters) =>
    (
      await sendSeeds(
        { ...scope, customer: scope.customer as string },
        filters.serviceId as string,
        ids,
        undefined,
        {
          mail: call.services.mail,
          sealer: call.services.sealer,
          productName: call.services.config.productName,
        },
      )
    ).queued,
};
