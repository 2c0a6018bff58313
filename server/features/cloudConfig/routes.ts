import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import {
  CLOUD_CONFIG_LISTING,
  type CloudConfigChanges,
  type CloudConfigRecord,
  cloudConfig,
  type NewCloudConfig,
} from '../../../contract/cloudConfig.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny, inList } from '../../db/listing.ts';
import { vosCloudConfigs } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';

/**
 * Cloud authentication server settings (contract/cloudConfig.ts). Exactly one is ACTIVE at a time, which
 * the partial unique index `vos_cloud_configs_one_active` guarantees even against concurrent activations.
 */

export const CLOUD_CONFIG_ERRORS = {
  notFound: { key: 'error.cloudConfig.notFound', text: 'Cloud configuration not found' },
  activeConflict: {
    key: 'error.cloudConfig.activeConflict',
    text: 'Another configuration was activated at the same time. Reload and try again.',
  },
} as const;

const configNotFound = () => notFound(CLOUD_CONFIG_ERRORS.notFound.key, CLOUD_CONFIG_ERRORS.notFound.text);

const UNIQUE_VIOLATION = '23505';

type ConfigRow = typeof vosCloudConfigs.$inferSelect;

const toRecord = ({ companyPassword, ...row }: ConfigRow): CloudConfigRecord => ({
  ...row,
  companyPasswordSet: companyPassword !== '',
  createdDate: row.createdDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/**
 * What the audit log compares; the password shows only as '(hidden)' (see changesBetween), and an empty one
 * is no password: it is not listed among the fields a creation sets.
 */
const audited = ({ id: _id, createdDate: _created, modifiedDate: _modified, ...row }: ConfigRow) => ({
  ...row,
  companyPassword: row.companyPassword === '' ? undefined : row.companyPassword,
});

const configList = defineListing({
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

/** The columns an update changes: the fields sent (companyId trimmed), the password only when one is typed. */
function changesOf(form: CloudConfigChanges): Partial<ConfigRow> {
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

export const cloudConfigRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<ConfigRow, CloudConfigRecord, NewCloudConfig & CloudConfigChanges>(app, {
    db,
    contract: cloudConfig,
    listingNames: CLOUD_CONFIG_LISTING,
    table: vosCloudConfigs,
    id: vosCloudConfigs.id,
    select: (database) => database.select().from(vosCloudConfigs).$dynamic(),
    listing: configList,
    record: cloudConfig.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: configNotFound,
    audit: { table: 'CloudConfig', fields: audited, customerOf: () => null },
    modifiedAt: vosCloudConfigs.modifiedDate,
    create: {
      values: (_, form) => ({ ...form, companyId: form.companyId.trim(), status: 'INACTIVE' }),
      answer: (_, __, record) => record,
    },
    update: { values: (_, __, form) => changesOf(form) },
  });

  app.route({
    ...routeOf(cloudConfig.base, cloudConfig.actions.activate, 'vos-cloud-config.activate'),
    handler: async (request) => {
      const { id } = request.params;
      try {
        const activated = await db.transaction(async (tx) => {
          const ctx = rows.context(request, tx);
          const before = await rows.find(tx, request, id, true);
          if (before.status === 'ACTIVE') return before;
          const now = new Date();
          const deactivated = await tx
            .update(vosCloudConfigs)
            .set({ status: 'INACTIVE', modifiedDate: now })
            .where(and(eq(vosCloudConfigs.status, 'ACTIVE'), ne(vosCloudConfigs.id, id)))
            .returning();
          // A concurrent activation that committed first makes this a unique violation: 409 below.
          const [after] = await tx
            .update(vosCloudConfigs)
            .set({ status: 'ACTIVE', modifiedDate: now })
            .where(eq(vosCloudConfigs.id, before.id))
            .returning();
          for (const other of deactivated) {
            await rows.audit(ctx, 'DEACTIVATE', { ...other, status: 'ACTIVE' }, other);
          }
          await rows.audit(ctx, 'ACTIVATE', before, after!);
          return after!;
        });
        return toRecord(activated);
      } catch (error) {
        if (sqlStateOf(error) === UNIQUE_VIOLATION) {
          throw conflict(CLOUD_CONFIG_ERRORS.activeConflict.key, CLOUD_CONFIG_ERRORS.activeConflict.text);
        }
        throw error;
      }
    },
  });
};
