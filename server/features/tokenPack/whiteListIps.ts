import { and, count, eq, ne } from 'drizzle-orm';
import { COMMON_ERRORS } from '../../../contract/errors.ts';
import {
  WHITE_LIST_ERRORS as E,
  WHITE_LIST_LIMITS,
  WHITE_LIST_LISTING,
  type WhiteListIpForm,
  type WhiteListIpRecord,
} from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny } from '../../db/listing.ts';
import { whiteListIps } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows, type Rows } from '../../kit/rows.ts';
import { tokenPackNotFound, tokenPackRows } from './tokenPacks.ts';
import { canonicalNetwork } from './trustedNetworks.ts';

/**
 * A token pack's trusted networks (contract/tokenPack.ts white-list-ips), kept canonical (trustedNetworks.ts):
 * every call names the pack in its path, which must be one of the call's customer's (404 otherwise, before
 * anything else); a network is unique in its pack, and a pack trusts at most WHITE_LIST_LIMITS.perTokenPack.
 * Every write has its audit entry ('WhiteListIp').
 */

type WhiteListRow = typeof whiteListIps.$inferSelect;

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const duplicateNetwork = () => fail(E.duplicate);

export const whiteListListing = defineListing({
  filters: { q: ilikeAny([whiteListIps.ip, whiteListIps.description]) },
  sort: {
    ip: whiteListIps.ip,
    description: whiteListIps.description,
    createdDate: whiteListIps.createdDate,
    id: whiteListIps.id,
  },
  defaultSort: WHITE_LIST_LISTING.defaultSort,
  unique: whiteListIps.id,
});

const toWhiteListRecord = (row: WhiteListRow): WhiteListIpRecord => ({
  id: row.id,
  tokenPackId: row.tokenPackId,
  ip: row.ip,
  description: row.description,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** A second network the same (even from a concurrent call) is a 409; a pack deleted meanwhile a 404. */
export const translateWhiteList = (error: unknown) => {
  const state = sqlStateOf(error);
  if (state === UNIQUE_VIOLATION) return duplicateNetwork();
  if (state === FOREIGN_KEY_VIOLATION) return tokenPackNotFound();
  return error;
};

/** The networks of one pack. */
const networksOfPack = (tokenPackId: string): Rows<WhiteListRow, WhiteListIpRecord> =>
  defineRows<WhiteListRow, WhiteListIpRecord>({
    table: whiteListIps,
    id: whiteListIps.id,
    customerColumn: whiteListIps.customerId,
    visible: () => eq(whiteListIps.tokenPackId, tokenPackId),
    select: (db) => db.select().from(whiteListIps).$dynamic(),
    listing: whiteListListing,
    toRecords: (_, rows) => rows.map(toWhiteListRecord),
    notFound: () => fail(E.notFound),
    audit: {
      table: 'WhiteListIp',
      fields: ({ tokenPackId: pack, ip, description }) => ({ tokenPackId: pack, ip, description }),
      customerOf: (row) => row.customerId,
    },
    translate: translateWhiteList,
    modifiedAt: whiteListIps.lastModifiedDate,
  });

/**
 * The networks of the pack `tokenPackId`, one of the call's customer's (its 404 otherwise); `forUpdate`
 * locks the pack until the transaction ends (additions are counted one after the other).
 */
export async function networksOf(
  scope: Scope,
  tokenPackId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ packId: string; rows: Rows<WhiteListRow, WhiteListIpRecord> }> {
  const pack = await tokenPackRows.find(scope, tokenPackId, options);
  return { packId: pack.id, rows: networksOfPack(pack.id) };
}

/** The canonical network of a form's ip, or 400. */
function networkOf(ip: string): string {
  const canonical = canonicalNetwork(ip.trim());
  if (canonical === undefined) throw fail(E.invalid);
  return canonical;
}

/** Whether another network of the pack is `ip` already. */
async function taken(tx: Database, tokenPackId: string, ip: string, except?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: whiteListIps.id })
    .from(whiteListIps)
    .where(
      and(
        eq(whiteListIps.tokenPackId, tokenPackId),
        eq(whiteListIps.ip, ip),
        except === undefined ? undefined : ne(whiteListIps.id, except),
      ),
    );
  return row !== undefined;
}

/** Trusts a network for a pack of the call's customer; answers its record. */
export async function addNetwork(
  scope: WriteScope & { customer: string },
  tokenPackId: string,
  form: WhiteListIpForm,
): Promise<WhiteListIpRecord> {
  const { packId, rows } = await networksOf(scope, tokenPackId, { forUpdate: true });
  const ip = networkOf(form.ip);
  const [held] = await scope.tx
    .select({ total: count() })
    .from(whiteListIps)
    .where(eq(whiteListIps.tokenPackId, packId));
  const max = WHITE_LIST_LIMITS.perTokenPack;
  if ((held?.total ?? 0) >= max) throw fail(E.tooMany, { max });
  if (await taken(scope.tx, packId, ip)) throw duplicateNetwork();
  const created = await rows.write(() =>
    rows.insert(scope, {
      customerId: scope.customer,
      tokenPackId: packId,
      ip,
      description: form.description?.trim() ?? '',
    }),
  );
  await rows.audit(scope, 'CREATE', null, created);
  return rows.record(scope, created);
}

/** Changes a trusted network of a pack of the call's customer (canonical again); answers its record. */
export async function changeNetwork(
  scope: WriteScope,
  tokenPackId: string,
  id: string,
  form: WhiteListIpForm,
): Promise<WhiteListIpRecord> {
  const { rows } = await networksOf(scope, tokenPackId);
  const before = await rows.find(scope, id, { forUpdate: true });
  const ip = networkOf(form.ip);
  if (await taken(scope.tx, before.tokenPackId, ip, before.id)) throw duplicateNetwork();
  const values = { ip, description: form.description?.trim() ?? before.description };
  if (!rows.changed(before, { ...before, ...values })) return rows.record(scope, before);
  const after = await rows.write(() => rows.change(scope, before.id, values));
  await rows.audit(scope, 'UPDATE', before, after);
  return rows.record(scope, after);
}

/** Stops trusting networks of a pack of the call's customer: all of them, or none (404). */
export async function removeNetworks(
  scope: WriteScope,
  tokenPackId: string,
  ids: readonly string[],
): Promise<{ ids: string[] }> {
  const { rows } = await networksOf(scope, tokenPackId);
  const locked = await rows.findMany(scope, ids, { forUpdate: true });
  if (locked.length !== new Set(ids.map((id) => id.toLowerCase())).size) {
    throw fail(COMMON_ERRORS.recordNotFound);
  }
  await rows.remove(
    scope,
    locked.map((row) => row.id),
  );
  for (const row of locked) await rows.audit(scope, 'DELETE', row, null);
  return { ids: [...ids] };
}
