import { and, eq, ne } from 'drizzle-orm';
import {
  CLOUD_CONFIG_ERRORS,
  CLOUD_CONFIG_LISTING,
  type CloudConfigChanges,
  type CloudConfigRecord,
} from '../../../contract/cloudConfig.ts';
import { defineListing, eq as equals, ilikeAny, inList } from '../../db/listing.ts';
import { vosCloudConfigs } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { fail } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';

/**
 * Cloud authentication server settings (contract/cloudConfig.ts): their rows, what an update changes, and
 * the activation. Exactly one is ACTIVE at a time, which the partial unique index
 * `vos_cloud_configs_one_active` guarantees even against concurrent activations.
 */

const UNIQUE_VIOLATION = '23505';

export type CloudConfigRow = typeof vosCloudConfigs.$inferSelect;

export const toCloudConfigRecord = ({ companyPassword, ...row }: CloudConfigRow): CloudConfigRecord => ({
  ...row,
  companyPasswordSet: companyPassword !== '',
  createdDate: row.createdDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/**
 * What the audit log compares; the password shows only as '(hidden)' (see changesBetween), and an empty one
 * is no password: it is not listed among the fields a creation sets.
 */
const audited = ({ id: _id, createdDate: _created, modifiedDate: _modified, ...row }: CloudConfigRow) => ({
  ...row,
  companyPassword: row.companyPassword === '' ? undefined : row.companyPassword,
});

const cloudConfigListing = defineListing({
  filters: {
    q: ilikeAny([vosCloudConfigs.cloudUrl, vosCloudConfigs.companyId]),
    status: equals(vosCloudConfigs.status),
    httpAuthMode: equals(vosCloudConfigs.httpAuthMode),
    id: inList(vosCloudConfigs.id),
  },
  sort: {
    id: vosCloudConfigs.id,
    cloudUrl: vosCloudConfigs.cloudUrl,
    companyId: vosCloudConfigs.companyId,
    httpAuthMode: vosCloudConfigs.httpAuthMode,
    status: vosCloudConfigs.status,
    createdDate: vosCloudConfigs.createdDate,
    modifiedDate: vosCloudConfigs.modifiedDate,
  },
  defaultSort: CLOUD_CONFIG_LISTING.defaultSort,
  unique: vosCloudConfigs.id,
});

/** The provider's cloud settings. */
export const cloudConfigRows = defineRows<CloudConfigRow, CloudConfigRecord>({
  table: vosCloudConfigs,
  id: vosCloudConfigs.id,
  select: (db) => db.select().from(vosCloudConfigs).$dynamic(),
  listing: cloudConfigListing,
  toRecords: (_, found) => found.map(toCloudConfigRecord),
  notFound: () => fail(CLOUD_CONFIG_ERRORS.notFound),
  audit: { table: 'CloudConfig', fields: audited, customerOf: () => null },
  modifiedAt: vosCloudConfigs.modifiedDate,
});

/** The columns an update changes: the fields sent (companyId trimmed), the password only when one is typed. */
export function cloudConfigChanges(form: CloudConfigChanges): Partial<CloudConfigRow> {
  const {
    id: _id,
    status: _status,
    companyPasswordSet: _passwordSet,
    createdDate: _created,
    modifiedDate: _modified,
    companyPassword,
    ...changes
  } = form;
  return {
    ...changes,
    ...(changes.companyId === undefined ? {} : { companyId: changes.companyId.trim() }),
    ...(companyPassword ? { companyPassword } : {}),
  };
}

/**
 * Makes a setting the only ACTIVE one: the others are deactivated, each change audited. A concurrent
 * activation that committed first makes the update a unique violation (see `activationConflict`).
 */
export async function activateCloudConfig(scope: WriteScope, id: string): Promise<CloudConfigRow> {
  const before = await cloudConfigRows.find(scope, id, { forUpdate: true });
  if (before.status === 'ACTIVE') return before;
  const now = new Date();
  const deactivated = await scope.tx
    .update(vosCloudConfigs)
    .set({ status: 'INACTIVE', modifiedDate: now })
    .where(and(eq(vosCloudConfigs.status, 'ACTIVE'), ne(vosCloudConfigs.id, before.id)))
    .returning();
  const [after] = await scope.tx
    .update(vosCloudConfigs)
    .set({ status: 'ACTIVE', modifiedDate: now })
    .where(eq(vosCloudConfigs.id, before.id))
    .returning();
  for (const other of deactivated) {
    await cloudConfigRows.audit(scope, 'DEACTIVATE', { ...other, status: 'ACTIVE' }, other);
  }
  await cloudConfigRows.audit(scope, 'ACTIVATE', before, after!);
  return after!;
}

/** Another activation won the race for the one ACTIVE setting: 409. */
export const activationConflict = (error: unknown) =>
  sqlStateOf(error) === UNIQUE_VIOLATION ? fail(CLOUD_CONFIG_ERRORS.activeConflict) : error;
