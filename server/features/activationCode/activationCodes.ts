import { Type } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACTIVATION_CODE_LISTING,
  ACTIVATION_CODE_STATUSES,
  ACTIVATION_ERRORS,
  type ActivationCodeRecord,
  type ActivationSummary,
  activationLink,
  type ReissueAnswer,
} from '../../../contract/activationCode.ts';
import { COMMON_ERRORS } from '../../../contract/errors.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, type Filter, findRows, ilikeAny, inList, type ListAsk } from '../../db/listing.ts';
import { activationCodes, retiredActivationCodes, type tokenPacks, users } from '../../db/schema.ts';
import { expiryFrom, newCodes, statusOf } from '../../domain/enrollment/codes.ts';
import { countAudit } from '../../domain/enrollment/countAudit.ts';
import { qrPng } from '../../domain/enrollment/qrPng.ts';
import { safeFileName, uniqueNames, type ZipEntry } from '../../domain/enrollment/zip.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import { fail } from '../../errors.ts';
import type { CallBase, Scope, WriteScope } from '../../kit/call.ts';
import { type BulkPerform, bulkSourceOfListing } from '../../kit/rows.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { coveredBy, type PackPlan, planOfPack } from '../subscription/coverage.ts';
import { tokenPackRows } from '../tokenPack/tokenPacks.ts';
import { activationMail } from './activationMail.ts';

/**
 * A token pack's activation codes (docs/requirements/billing-services-screens.md, docs/requirements/billing-services-entities.md, docs/requirements/billing-services-states.md): one per user of the pack's primary directory,
 * generated for those who have none, re-generated (the old code is retired: a late activation with it is
 * told it was replaced), deleted (retired too), sent by email, and zipped as QR codes. EXPIRED is read from
 * the expiry date when a code is listed or used; nothing rewrites it. Work on many codes goes by batches of
 * 5,000 rows, so that 100,000 users take a few seconds. Every query runs in the call's customer: the
 * database's row-level security keeps it to that customer's packs, users and codes.
 */

export type PackRow = typeof tokenPacks.$inferSelect;

export const BATCH = 5_000;
/** How many times a batch is tried again with new codes after a collision (2^-80 each: never, in practice). */
const RETRIES = 5;
/** How many codes the zip reads from the database at a time. */
const ZIP_PAGE = 1_000;

const recordNotFound = () => fail(COMMON_ERRORS.recordNotFound);

/** The token pack of the customer's named `id` (locked until the transaction ends when `forUpdate`), or 404. */
export const packOf = (scope: Scope, id: unknown, forUpdate = false): Promise<PackRow> =>
  tokenPackRows.find(scope, id, { forUpdate });

/** One audit entry for a token pack's codes: how many were generated, re-generated or deleted. */
const auditCodes = (
  scope: WriteScope,
  pack: { id: string; customerId: string },
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  changed: number,
) => scope.audit(countAudit('ActivationCode', pack, action, changed));

/**
 * `column = any('{…}'::uuid[])`: one parameter whatever the number of ids. Only uuids are written into the
 * array's text (anything else could match no row anyway).
 */
export const anyId = (column: AnyPgColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${`{${ids.filter((id) => UUID_PATTERN.test(id)).join(',')}}`}::uuid[])`;

const chunks = <T>(items: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The rows of a raw statement (node-postgres and PGlite both answer `{rows}`). */
async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/** Leaves out the rows of `v` whose new code was retired once: a retired code is never handed out again. */
const notRetired = sql`not exists (select 1 from ${retiredActivationCodes} r where r.code = v.code)`;

/**
 * Makes a NEW code for every ACTIVE user of the pack's primary directory whom the pack's plan covers
 * (subscription/coverage.ts) and who has none in the pack; answers how many. The pack is locked: two
 * generations of one pack run one after the other.
 */
async function generateCodes(tx: Database, pack: PackRow, now = new Date()): Promise<number> {
  if (!pack.primaryDirectoryId) throw fail(ACTIVATION_ERRORS.noDirectory);
  const missing = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.directoryId, pack.primaryDirectoryId),
        eq(users.status, 'ACTIVE'),
        // Only the users the pack's plan covers (the others are over the plan: left out).
        coveredBy(pack, users.id, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(activationCodes)
            .where(and(eq(activationCodes.tokenPackId, pack.id), eq(activationCodes.userId, users.id))),
        ),
      ),
    );
  const expires = expiryFrom(now).toISOString();
  const made = now.toISOString();
  let generated = 0;
  for (const batch of chunks(missing)) {
    let waiting = batch;
    for (let attempt = 0; waiting.length > 0; attempt++) {
      if (attempt > RETRIES) throw new Error('Could not draw unique activation codes');
      const codes = newCodes(waiting.length);
      // One parameter a batch (JSON): thousands of rows in one statement, quickly on PGlite too.
      const rows = JSON.stringify(
        waiting.map((user, index) => ({ user_id: user.id, username: user.username, code: codes[index] })),
      );
      // A code drawn twice (or once retired) is left out here and drawn again on the next round.
      const inserted = await rowsOf<{ user_id: string }>(
        tx.execute(sql`
          insert into ${activationCodes}
            (customer_id, token_pack_id, user_id, username, code, expire_date, created_date, last_modified_date)
          select ${pack.customerId}::uuid, ${pack.id}::uuid, v.user_id, v.username, v.code,
            ${expires}::timestamptz, ${made}::timestamptz, ${made}::timestamptz
          from jsonb_to_recordset(${rows}::jsonb) as v(user_id uuid, username text, code text)
          where ${notRetired}
          on conflict (code) do nothing
          returning user_id`),
      );
      generated += inserted.length;
      const done = new Set(inserted.map((row) => row.user_id));
      waiting = waiting.filter((user) => !done.has(user.id));
    }
  }
  return generated;
}

/**
 * The ids of the pack's codes among `ids` (locked until the transaction ends when `forUpdate`); 404 unless
 * every one is (nothing is changed then).
 */
async function codesOfPack(
  tx: Database,
  pack: PackRow,
  ids: readonly string[],
  forUpdate = true,
): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const query = tx
    .select({ id: activationCodes.id })
    .from(activationCodes)
    .where(and(eq(activationCodes.tokenPackId, pack.id), anyId(activationCodes.id, wanted)));
  const found = forUpdate ? await query.for('update') : await query;
  if (found.length !== wanted.length) throw recordNotFound();
  return found.map((row) => row.id);
}

/** The ids of the customer's codes among `ids` (locked), with their packs; 404 unless every one is. */
async function codesOfCustomer(
  tx: Database,
  ids: readonly string[],
): Promise<{ id: string; tokenPackId: string; customerId: string }[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await tx
    .select({
      id: activationCodes.id,
      tokenPackId: activationCodes.tokenPackId,
      customerId: activationCodes.customerId,
    })
    .from(activationCodes)
    .where(anyId(activationCodes.id, wanted))
    .for('update');
  if (found.length !== wanted.length) throw recordNotFound();
  return found;
}

/** Moves the current codes of `ids` to the retired ones, with the reason a late activation is told. */
async function retire(
  tx: Database,
  ids: readonly string[],
  reason: 'REGENERATED' | 'DELETED',
): Promise<void> {
  for (const batch of chunks(ids)) {
    await tx.execute(sql`
      insert into ${retiredActivationCodes} (code, customer_id, reason)
      select ${activationCodes.code}, ${activationCodes.customerId}, ${reason}
      from ${activationCodes} where ${anyId(activationCodes.id, batch)}
      on conflict (code) do update set reason = excluded.reason, retired_date = now()`);
  }
}

/**
 * Gives the codes of `ids` (the pack's, checked) a new code and expiry, status NEW: the old codes are
 * retired (REGENERATED). A device activated with an old code keeps working. Answers how many.
 */
async function regenerateCodes(tx: Database, ids: readonly string[], now = new Date()): Promise<number> {
  await retire(tx, ids, 'REGENERATED');
  const expireDate = expiryFrom(now);
  let regenerated = 0;
  for (const batch of chunks(ids)) {
    let waiting = batch;
    for (let attempt = 0; waiting.length > 0; attempt++) {
      if (attempt > RETRIES) throw new Error('Could not draw unique activation codes');
      const codes = newCodes(waiting.length);
      const values = JSON.stringify(waiting.map((id, index) => ({ id, code: codes[index] })));
      try {
        // A savepoint: a code drawn twice (a unique violation) undoes this round only; a code once retired
        // is left out. Either way the rows not done are drawn again on the next round.
        const updated = await tx.transaction((round) =>
          round
            .update(activationCodes)
            .set({
              code: sql`v.code`,
              status: 'NEW',
              expireDate,
              activatedDate: null,
              lastModifiedDate: now,
            })
            .from(sql`jsonb_to_recordset(${values}::jsonb) as v(id uuid, code text)`)
            .where(and(sql`${activationCodes.id} = v.id`, notRetired))
            .returning({ id: activationCodes.id }),
        );
        regenerated += updated.length;
        const done = new Set(updated.map((row) => row.id));
        waiting = waiting.filter((id) => !done.has(id));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  return regenerated;
}

/** Every code of the pack (locked), for re-generating them all. */
async function allCodesOfPack(tx: Database, pack: PackRow): Promise<string[]> {
  const rows = await tx
    .select({ id: activationCodes.id })
    .from(activationCodes)
    .where(eq(activationCodes.tokenPackId, pack.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Deletes the customer's codes of `ids` (all or none: 404), retiring them (DELETED): they no longer
 * activate. One audit entry per token pack.
 */
export async function deleteCodes(scope: WriteScope, ids: readonly string[]): Promise<void> {
  const found = await codesOfCustomer(scope.tx, ids);
  await removeCodes(
    scope.tx,
    found.map((row) => row.id),
  );
  const byPack = new Map<string, { id: string; customerId: string; count: number }>();
  for (const row of found) {
    const pack = byPack.get(row.tokenPackId) ?? { id: row.tokenPackId, customerId: row.customerId, count: 0 };
    byPack.set(row.tokenPackId, { ...pack, count: pack.count + 1 });
  }
  for (const pack of byPack.values()) await auditCodes(scope, pack, 'DELETE', pack.count);
}

/** Deletes the codes of `ids` (the call's, found), retiring them (DELETED); answers how many. */
async function removeCodes(tx: Database, ids: readonly string[]): Promise<number> {
  await retire(tx, ids, 'DELETED');
  let removed = 0;
  for (const batch of chunks(ids)) {
    const gone = await tx
      .delete(activationCodes)
      .where(anyId(activationCodes.id, batch))
      .returning({ id: activationCodes.id });
    removed += gone.length;
  }
  return removed;
}

const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** From how many rows changed at once the table is tidied right away (see tidyCodes). */
const TIDY_FROM = 1_000;

/**
 * After many codes changed (a generation, a re-generation, a deletion), outside the change's transaction:
 * VACUUM marks the table's pages all-visible again, so that the list walks its covering index alone (an
 * index-only scan), and ANALYZE refreshes the planner's counts. PGlite runs no autovacuum; on PostgreSQL this
 * only does early what autovacuum would do later. About 30 ms at 100,000 codes.
 */
export async function tidyCodes(call: Pick<CallBase<unknown>, 'vacuum'>, changed: number): Promise<void> {
  if (changed >= TIDY_FROM) await call.vacuum(activationCodes);
}

// ——— The list ———

/** The status shown, as SQL: EXPIRED for a NEW code past its expiry date. */
const shownStatus = sql<string>`case when ${activationCodes.status} = 'NEW' and ${activationCodes.expireDate} < now() then 'EXPIRED' else ${activationCodes.status} end`;

const statusFilter: Filter = {
  schema: Type.Enum(ACTIVATION_CODE_STATUSES),
  where: (value) => {
    if (value === 'ACTIVATED') return eq(activationCodes.status, 'ACTIVATED');
    const expired = sql`${activationCodes.expireDate} < now()`;
    return and(eq(activationCodes.status, 'NEW'), value === 'EXPIRED' ? expired : sql`not (${expired})`);
  },
};

/** emailExist: true keeps the codes whose user has an email address, false those whose user has none. */
const emailFilter: Filter = {
  schema: Type.Boolean(),
  where: (value) => {
    const has = sql`coalesce(trim(${users.email}), '') <> ''`;
    return value === true ? has : sql`not (${has})`;
  },
};

const tokenPackFilter: Filter = {
  schema: Type.String({ maxLength: 100 }),
  where: (value) =>
    typeof value === 'string' && UUID_PATTERN.test(value)
      ? eq(activationCodes.tokenPackId, value.toLowerCase())
      : sql`false`,
};

export const codeListing = defineListing({
  filters: {
    tokenPackId: tokenPackFilter,
    q: ilikeAny([activationCodes.code, activationCodes.username, users.email]),
    status: statusFilter,
    emailExist: emailFilter,
    id: inList(activationCodes.id),
  },
  sort: {
    code: activationCodes.code,
    username: activationCodes.username,
    email: users.email,
    // The status as shown (an expression: ORDER BY takes it as it takes a column).
    status: shownStatus as unknown as AnyPgColumn,
    lastModifiedDate: activationCodes.lastModifiedDate,
    expireDate: activationCodes.expireDate,
    id: activationCodes.id,
  },
  defaultSort: ACTIVATION_CODE_LISTING.defaultSort,
  unique: activationCodes.id,
});

export const codeFields = {
  id: activationCodes.id,
  code: activationCodes.code,
  tokenPackId: activationCodes.tokenPackId,
  userId: activationCodes.userId,
  status: activationCodes.status,
  expireDate: activationCodes.expireDate,
  activatedDate: activationCodes.activatedDate,
  lastModifiedDate: activationCodes.lastModifiedDate,
  username: activationCodes.username,
  email: users.email,
  distinguishedName: users.externalId,
};

/** The codes with their users, for the list (joins allowed; WHERE, ORDER BY and LIMIT come after). */
export const codeSelect = (db: Database) =>
  db
    .select(codeFields)
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.userId))
    .$dynamic();

export interface CodeListRow {
  id: string;
  code: string;
  tokenPackId: string;
  userId: string;
  status: 'NEW' | 'ACTIVATED';
  expireDate: Date;
  activatedDate: Date | null;
  lastModifiedDate: Date;
  username: string;
  email: string | null;
  distinguishedName: string | null;
}

const toCodeRecord = (row: CodeListRow, now = new Date()): ActivationCodeRecord => ({
  id: row.id,
  code: row.code,
  tokenPackId: row.tokenPackId,
  userId: row.userId,
  username: row.username,
  email: row.email,
  distinguishedName: row.distinguishedName,
  status: statusOf(row, now),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
  expireDate: row.expireDate.toISOString(),
  activatedDate: row.activatedDate?.toISOString() ?? null,
});

/** The filters and sorts that read the users' table (the others read the codes alone). */
const readsUsers = (ask: ListAsk): boolean =>
  ask.filters.q !== undefined || ask.filters.emailExist !== undefined || ask.sort?.field === 'email';

/**
 * A page of the customer's codes with the total. When neither the filters nor the sort read the users,
 * the page is chosen on the codes alone (the index on pack, username and id walks it in order), then its
 * codes and their users are read by primary key: at 100,000 codes, joining and sorting every row, or even
 * joining the page's rows (the planner then reads every user), is what took the time.
 */
async function listCodeRows(db: Database, ask: ListAsk): Promise<{ rows: CodeListRow[]; total: number }> {
  if (readsUsers(ask)) return findRows(db, codeSelect(db), codeListing, ask);
  const page = await findRows(
    db,
    db.select({ id: activationCodes.id }).from(activationCodes).$dynamic(),
    codeListing,
    ask,
  );
  if (page.rows.length === 0) return { rows: [], total: page.total };
  // The page's codes, then their users, each by its primary key (a join would read every user).
  const { username: _username, email: _email, distinguishedName: _dn, ...own } = codeFields;
  const codes = await db
    .select({ ...own, username: activationCodes.username })
    .from(activationCodes)
    .where(
      anyId(
        activationCodes.id,
        page.rows.map((row) => row.id),
      ),
    );
  const people = await db
    .select({ id: users.id, email: users.email, distinguishedName: users.externalId })
    .from(users)
    .where(
      anyId(
        users.id,
        codes.map((code) => code.userId),
      ),
    );
  const codeById = new Map(codes.map((code) => [code.id, code]));
  const userById = new Map(people.map((person) => [person.id, person]));
  const rows = page.rows.flatMap((row) => {
    const code = codeById.get(row.id);
    const person = code && userById.get(code.userId);
    return code && person
      ? [{ ...code, email: person.email, distinguishedName: person.distinguishedName }]
      : [];
  });
  return { rows, total: page.total };
}

/** A page of the codes of one of the customer's packs (`ask` filters by it), as answered. */
export async function listCodes(
  scope: Scope,
  tokenPackId: string,
  ask: ListAsk,
): Promise<{ rows: ActivationCodeRecord[]; total: number }> {
  await packOf(scope, tokenPackId);
  const now = new Date();
  const found = await listCodeRows(scope.tx, ask);
  return { ...found, rows: found.rows.map((row) => toCodeRecord(row, now)) };
}

/**
 * Generates the codes of a pack of the customer's (see generateCodes), audited; answers how many, and how
 * many users of its primary directory were left out as over the plan.
 */
export async function generateForPack(
  scope: WriteScope,
  tokenPackId: string,
): Promise<{ generated: number } & PackPlan> {
  const pack = await packOf(scope, tokenPackId, true);
  const generated = await generateCodes(scope.tx, pack);
  if (generated > 0) await auditCodes(scope, pack, 'CREATE', generated);
  return { generated, ...(await planOfPack(scope.tx, pack)) };
}

/**
 * Re-generates codes of a pack of the customer's: those of `ids`, or all (which also makes the missing ones:
 * the toolbar offers Re-generate all, not Generate, once the pack has codes), audited; answers how many.
 */
export async function regenerateForPack(
  scope: WriteScope,
  tokenPackId: string,
  chosen: { ids?: readonly string[]; all?: boolean },
): Promise<{ regenerated: number } & Partial<PackPlan>> {
  const pack = await packOf(scope, tokenPackId, true);
  const ids =
    chosen.ids === undefined
      ? await allCodesOfPack(scope.tx, pack)
      : await codesOfPack(scope.tx, pack, chosen.ids);
  const replaced = await regenerateCodes(scope.tx, ids);
  const added = chosen.all === true && pack.primaryDirectoryId ? await generateCodes(scope.tx, pack) : 0;
  const regenerated = replaced + added;
  if (regenerated > 0) await auditCodes(scope, pack, 'UPDATE', regenerated);
  // With all, the missing codes were made too: say who the plan left out, as a generation does.
  return chosen.all === true && pack.primaryDirectoryId
    ? { regenerated, ...(await planOfPack(scope.tx, pack)) }
    : { regenerated };
}

/**
 * Queues one email a code of `ids` (the customer's, all or none: 404), with its QR code inline, in the
 * call's transaction: to `address` when given (one code), else to the code's user (a user without an address
 * is skipped). Answers how many were queued and skipped.
 */
export async function sendCodes(
  scope: Scope & { customer: string },
  ids: readonly string[],
  address: string | undefined,
  outgoing: { mail: MailQueue; productName: string },
): Promise<{ queued: number; skipped: number }> {
  const { tx } = scope;
  await codesOfCustomer(tx, ids);
  const rows = await tx
    .select({
      code: activationCodes.code,
      expireDate: activationCodes.expireDate,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
    })
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.userId))
    .where(anyId(activationCodes.id, ids))
    .orderBy(asc(users.username));
  let queued = 0;
  for (const row of rows) {
    const to = address ?? row.email?.trim();
    if (!to) continue;
    const link = activationLink(scope.origin, row.code);
    await outgoing.mail.enqueue(
      tx,
      activationMail({
        customerId: scope.customer,
        to,
        productName: outgoing.productName,
        name: row.displayName?.trim() || row.username,
        code: row.code,
        link,
        onboardingUrl: `${scope.origin}/onboarding?link=${encodeURIComponent(link)}`,
        expireDate: row.expireDate,
        qr: qrPng(link),
      }),
    );
    queued++;
  }
  return { queued, skipped: rows.length - queued };
}

// ——— Follow-up: how the activation is going, and the expired codes issued again ———

/** A pack's codes pending (NEW, not expired), expired (NEW, past their expiry) and activated. */
export async function summaryOfPack(scope: Scope, tokenPackId: string): Promise<ActivationSummary> {
  const pack = await packOf(scope, tokenPackId);
  const expired = sql`${activationCodes.status} = 'NEW' and ${activationCodes.expireDate} <= now()`;
  const [row] = await scope.tx
    .select({
      total: count(),
      expired: sql<number>`count(*) filter (where ${expired})`.mapWith(Number),
      activated: sql<number>`count(*) filter (where ${activationCodes.status} = 'ACTIVATED')`.mapWith(Number),
    })
    .from(activationCodes)
    .where(eq(activationCodes.tokenPackId, pack.id));
  const { total = 0, expired: gone = 0, activated = 0 } = row ?? {};
  return { total, pending: total - gone - activated, expired: gone, activated };
}

/**
 * Re-issue expired: the pack's codes that expired unactivated get a new code and expiry (the old ones are
 * retired, as a re-generation does) and are emailed to their users, in the call's transaction; one audit
 * entry for the codes. Answers how many were made, emailed and skipped (a user without an address).
 */
export async function reissueExpired(
  scope: WriteScope & { customer: string },
  tokenPackId: string,
  outgoing: { mail: MailQueue; productName: string },
): Promise<ReissueAnswer> {
  const pack = await packOf(scope, tokenPackId, true);
  const expired = await scope.tx
    .select({ id: activationCodes.id })
    .from(activationCodes)
    .where(
      and(
        eq(activationCodes.tokenPackId, pack.id),
        eq(activationCodes.status, 'NEW'),
        sql`${activationCodes.expireDate} <= now()`,
      ),
    )
    .for('update');
  const ids = expired.map((row) => row.id);
  if (ids.length === 0) return { reissued: 0, queued: 0, skipped: 0 };
  const reissued = await regenerateCodes(scope.tx, ids);
  await auditCodes(scope, pack, 'UPDATE', reissued);
  const { queued, skipped } = await sendCodes(scope, ids, undefined, outgoing);
  return { reissued, queued, skipped };
}

// ——— The zip of QR codes ———

/** The codes a zip holds: those of `ids` in the pack, or all the pack's. */
const zipped = (packId: string, ids?: readonly string[]): SQL =>
  and(
    eq(activationCodes.tokenPackId, packId),
    ids === undefined ? undefined : anyId(activationCodes.id, ids),
  )!;

/** What a zip of a pack's QR codes holds: the pack, and its chosen codes (all when none are named). */
export interface ZipAsk {
  pack: PackRow;
  ids?: readonly string[];
  /** How many files it holds. */
  entries: number;
}

/** A zip of the chosen codes of a pack of the customer's (each one of the pack's: 404 otherwise). */
export async function zipOfCodes(scope: Scope, tokenPackId: string, ids: readonly string[]): Promise<ZipAsk> {
  const pack = await packOf(scope, tokenPackId);
  const chosen = await codesOfPack(scope.tx, pack, ids, false);
  return { pack, ids: chosen, entries: chosen.length };
}

/** A zip of every code of a pack of the customer's. */
export async function zipOfPack(scope: Scope, tokenPackId: string): Promise<ZipAsk> {
  const pack = await packOf(scope, tokenPackId);
  const [counted] = await scope.tx.select({ total: count() }).from(activationCodes).where(zipped(pack.id));
  return { pack, entries: counted?.total ?? 0 };
}

/** `<pack name>-activation-codes.zip`, as a Content-Disposition (an ASCII name, and the exact one in UTF-8). */
export function zipDisposition(pack: PackRow): string {
  const name = `${safeFileName(pack.name, 'token-pack')}-activation-codes.zip`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The zip's codes, by username, as PNG entries named after their users: read a page at a time, each page in
 * a transaction of its own (`read`: the call's, in the customer's reach), so that memory stays the same
 * whatever the number of codes and no transaction is held while the answer streams.
 */
export async function* qrEntries(
  read: CallBase<unknown>['transaction'],
  server: string,
  ask: ZipAsk,
): AsyncGenerator<ZipEntry> {
  const nameOf = uniqueNames();
  let after: { username: string; id: string } | undefined;
  for (;;) {
    const from = after;
    const page = await read((tx) =>
      tx
        .select({
          id: activationCodes.id,
          code: activationCodes.code,
          username: activationCodes.username,
          lastModifiedDate: activationCodes.lastModifiedDate,
        })
        .from(activationCodes)
        .where(
          and(
            zipped(ask.pack.id, ask.ids),
            from
              ? sql`(${activationCodes.username}, ${activationCodes.id}) > (${from.username}, ${from.id})`
              : undefined,
          ),
        )
        .orderBy(asc(activationCodes.username), asc(activationCodes.id))
        .limit(ZIP_PAGE),
    );
    for (const row of page) {
      yield {
        name: nameOf(safeFileName(row.username, 'user'), '.png'),
        content: qrPng(activationLink(server, row.code)),
        modified: row.lastModifiedDate,
      };
    }
    if (page.length < ZIP_PAGE) return;
    after = page.at(-1)!;
  }
}

// ——— Bulk actions over every code the list's filters match (server/kit/bulk.ts) ———

/**
 * The codes a bulk action goes through: those the list's filters match, in the pack its filter tokenPackId
 * names (required, the customer's: 404 otherwise), the call's customer's only (row-level security).
 */
export const codeBulkSource = bulkSourceOfListing({
  listing: codeListing,
  select: (tx, fields) =>
    tx.select(fields).from(activationCodes).innerJoin(users, eq(users.id, activationCodes.userId)).$dynamic(),
  id: activationCodes.id,
  parent: (scope, filters) => {
    if (filters.tokenPackId === undefined) throw invalidField('filter.tokenPackId', 'is required');
    return packOf(scope, filters.tokenPackId);
  },
  auditTable: 'ActivationCode',
  table: activationCodes,
});

/** What each bulk action of the code list does to a batch of its codes; answers how many it changed. */
export const codeBulkActions: Readonly<Record<string, BulkPerform>> = {
  regenerate: (scope, ids) => regenerateCodes(scope.tx, ids),
  delete: (scope, ids) => removeCodes(scope.tx, ids),
  sendMail: async (scope, ids, call) =>
    (
      await sendCodes({ ...scope, customer: scope.customer as string }, ids, undefined, {
        mail: call.services.mail,
        productName: call.services.config.productName,
      })
    ).queued,
};
