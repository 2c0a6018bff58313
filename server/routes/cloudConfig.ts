import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { vosCloudConfigs } from '../db/schema.ts';
import { type Modifier, recordAudit } from '../domain/audit.ts';
import { conflict, notFound } from '../errors.ts';
import { sqlStateOf } from '../http/deleteMany.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList } from '../http/listing.ts';
import { RangeQuery, readRange, sendRange } from '../http/range.ts';
import { notAllowed, Uuid } from '../http/validation.ts';

/**
 * Cloud authentication server settings (spec 01 §3, §4 "Cloud settings"; spec 02 §7 "Cloud config"), in the
 * range convention of ra-data-simple-rest. Several may be kept; exactly one is ACTIVE at a time, which the
 * partial unique index `vos_cloud_configs_one_active` guarantees even against concurrent activations.
 * The company password is write-only: answers say whether one is set (`companyPasswordSet`), never what it is.
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

export const URL_MAX_LENGTH = 2048;
export const CERTIFICATE_MAX_LENGTH = 20_000;

/** An absolute http: or https: URL with a host, without spaces. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** A URL field: an http(s) URL of at most 2048 characters, or '' when `optional`. */
export const HttpUrlField = (options: { optional: boolean }) =>
  Type.Refine(
    Type.String({ maxLength: URL_MAX_LENGTH, ...(options.optional ? {} : { minLength: 1 }) }),
    (value) => (options.optional && value === '') || isHttpUrl(value),
    () => 'must be an http(s) URL',
  );

const OptionalUrl = HttpUrlField({ optional: true });

const AUTH_MODES = ['DIGEST', 'BASIC', 'CLIENT_CERTIFICATE'] as const;
const STATUSES = ['ACTIVE', 'INACTIVE'] as const;
/** 0 plain, 1 encrypted (notifyMessageFlag); messageFlag takes the same two values. */
const Flag = Type.Enum([0, 1]);

const fields = {
  cloudUrl: HttpUrlField({ optional: false }),
  companyId: Type.Refine(
    Type.String({ minLength: 1, maxLength: 200 }),
    (value) => value.trim() !== '',
    () => 'must not be empty',
  ),
  /** Write-only. On an update, '' (like leaving it out) keeps the stored password. */
  companyPassword: Type.String({ maxLength: 1024 }),
  httpAuthMode: Type.Enum([...AUTH_MODES]),
  pushPassType: Type.String({ maxLength: 100 }),
  notifyMessageFlag: Flag,
  messageFlag: Flag,
  callbackUrl: OptionalUrl,
  certificate: Type.String({ maxLength: CERTIFICATE_MAX_LENGTH }),
  gatewayUrl: OptionalUrl,
  provisioningUrl: OptionalUrl,
  smartTokenUrl: OptionalUrl,
  pkiServerUrl: OptionalUrl,
};

const unknownField = notAllowed('is not a known field');

/** A new configuration: cloudUrl, companyId and httpAuthMode are needed; the rest default to '' and 0. */
const NewConfig = Type.Object(
  {
    cloudUrl: fields.cloudUrl,
    companyId: fields.companyId,
    companyPassword: Type.Optional(fields.companyPassword),
    httpAuthMode: fields.httpAuthMode,
    pushPassType: Type.Optional(fields.pushPassType),
    notifyMessageFlag: Type.Optional(fields.notifyMessageFlag),
    messageFlag: Type.Optional(fields.messageFlag),
    callbackUrl: Type.Optional(fields.callbackUrl),
    certificate: Type.Optional(fields.certificate),
    gatewayUrl: Type.Optional(fields.gatewayUrl),
    provisioningUrl: Type.Optional(fields.provisioningUrl),
    smartTokenUrl: Type.Optional(fields.smartTokenUrl),
    pkiServerUrl: Type.Optional(fields.pkiServerUrl),
  },
  { additionalProperties: unknownField },
);

/** Read-only fields of the record: ra-data-simple-rest sends the whole record back, and they are ignored. */
const ignored = (description: string) => ({ description: `${description}; read-only, ignored` });

/** An update: a field left out keeps its value; so does companyPassword sent as ''. */
const ConfigChanges = Type.Object(
  {
    cloudUrl: Type.Optional(fields.cloudUrl),
    companyId: Type.Optional(fields.companyId),
    companyPassword: Type.Optional(fields.companyPassword),
    httpAuthMode: Type.Optional(fields.httpAuthMode),
    pushPassType: Type.Optional(fields.pushPassType),
    notifyMessageFlag: Type.Optional(fields.notifyMessageFlag),
    messageFlag: Type.Optional(fields.messageFlag),
    callbackUrl: Type.Optional(fields.callbackUrl),
    certificate: Type.Optional(fields.certificate),
    gatewayUrl: Type.Optional(fields.gatewayUrl),
    provisioningUrl: Type.Optional(fields.provisioningUrl),
    smartTokenUrl: Type.Optional(fields.smartTokenUrl),
    pkiServerUrl: Type.Optional(fields.pkiServerUrl),
    id: Type.Optional(Type.String(ignored('the id is the one in the path'))),
    status: Type.Optional(Type.String(ignored('changed by activate'))),
    companyPasswordSet: Type.Optional(Type.Boolean(ignored('whether a password is stored'))),
    createdDate: Type.Optional(Type.String(ignored('set by the server'))),
    modifiedDate: Type.Optional(Type.String(ignored('set by the server'))),
  },
  { additionalProperties: unknownField },
);

export const CloudConfigRecord = Type.Object({
  id: Type.String(),
  cloudUrl: Type.String(),
  companyId: Type.String(),
  companyPasswordSet: Type.Boolean(),
  httpAuthMode: Type.Enum([...AUTH_MODES]),
  pushPassType: Type.String(),
  notifyMessageFlag: Type.Integer(),
  messageFlag: Type.Integer(),
  callbackUrl: Type.String(),
  certificate: Type.String(),
  gatewayUrl: Type.String(),
  provisioningUrl: Type.String(),
  smartTokenUrl: Type.String(),
  pkiServerUrl: Type.String(),
  status: Type.Enum([...STATUSES]),
  createdDate: Type.String(),
  modifiedDate: Type.String(),
});

type ConfigRow = typeof vosCloudConfigs.$inferSelect;

const toRecord = ({ companyPassword, ...row }: ConfigRow): Static<typeof CloudConfigRecord> => ({
  ...row,
  companyPasswordSet: companyPassword !== '',
  createdDate: row.createdDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** What the audit log compares; the password shows only as '(hidden)' (see changesBetween). */
const audited = ({ id: _id, createdDate: _created, modifiedDate: _modified, ...row }: ConfigRow) => row;

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
  defaultSort: { field: 'createdDate', order: 'DESC' },
  unique: vosCloudConfigs.id,
});

const IdParams = Type.Object({ id: Uuid }, { additionalProperties: notAllowed('is not a known parameter') });

const RESOURCE = 'vos-cloud-config';

const modifierOf = (request: Parameters<typeof callerOf>[0]): Modifier => {
  const { account } = callerOf(request);
  return { id: account.id, email: account.email };
};

export const cloudConfigRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const base = `/idm-config/${RESOURCE}`;
  const access = (action: 'view' | 'create' | 'modify') =>
    ({ access: { scope: 'provider', permission: `vos-cloud-configuration:${action}` } }) as const;

  app.get(
    base,
    {
      config: access('view'),
      schema: { querystring: RangeQuery, response: { 200: Type.Array(CloudConfigRecord) } },
    },
    async (request, reply) => {
      const ask = readRange(configList, request.query);
      const found = await findRows(db, db.select().from(vosCloudConfigs).$dynamic(), configList, ask);
      return sendRange(reply, RESOURCE, found, ask, toRecord);
    },
  );

  app.get(
    `${base}/:id`,
    { config: access('view'), schema: { params: IdParams, response: { 200: CloudConfigRecord } } },
    async (request) => {
      const [row] = await db.select().from(vosCloudConfigs).where(eq(vosCloudConfigs.id, request.params.id));
      if (!row) throw configNotFound();
      return toRecord(row);
    },
  );

  app.post(
    base,
    { config: access('create'), schema: { body: NewConfig, response: { 201: CloudConfigRecord } } },
    async (request, reply) => {
      const by = modifierOf(request);
      const body = request.body;
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vosCloudConfigs)
          .values({ ...body, companyId: body.companyId.trim(), status: 'INACTIVE' })
          .returning();
        const { companyPassword, ...visible } = audited(row!);
        await recordAudit(tx, by, {
          table: 'CloudConfig',
          action: 'CREATE',
          entityId: row!.id,
          customerId: null,
          // An empty password is no password: it is not listed among the fields set.
          after: companyPassword === '' ? visible : { ...visible, companyPassword },
        });
        return row!;
      });
      reply.code(201);
      return toRecord(created);
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: access('modify'),
      schema: { params: IdParams, body: ConfigChanges, response: { 200: CloudConfigRecord } },
    },
    async (request) => {
      const by = modifierOf(request);
      const { id } = request.params;
      const {
        id: _id,
        status: _status,
        companyPasswordSet: _passwordSet,
        createdDate: _created,
        modifiedDate: _modified,
        companyPassword,
        ...changes
      } = request.body;
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(vosCloudConfigs)
          .where(eq(vosCloudConfigs.id, id))
          .for('update');
        if (!before) throw configNotFound();
        const next: ConfigRow = {
          ...before,
          ...changes,
          ...(changes.companyId === undefined ? {} : { companyId: changes.companyId.trim() }),
          ...(companyPassword ? { companyPassword } : {}),
        };
        const differs = Object.keys(audited(next)).some(
          (field) => next[field as keyof ConfigRow] !== before[field as keyof ConfigRow],
        );
        if (!differs) return before;
        const { id: _same, createdDate: _createdDate, ...values } = next;
        const [after] = await tx
          .update(vosCloudConfigs)
          .set({ ...values, modifiedDate: new Date() })
          .where(eq(vosCloudConfigs.id, id))
          .returning();
        await recordAudit(tx, by, {
          table: 'CloudConfig',
          action: 'UPDATE',
          entityId: id,
          customerId: null,
          before: audited(before),
          after: audited(after!),
        });
        return after!;
      });
      return toRecord(updated);
    },
  );

  app.post(
    `${base}/active/:id`,
    { config: access('modify'), schema: { params: IdParams, response: { 200: CloudConfigRecord } } },
    async (request) => {
      const by = modifierOf(request);
      const { id } = request.params;
      try {
        const activated = await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(vosCloudConfigs)
            .where(eq(vosCloudConfigs.id, id))
            .for('update');
          if (!before) throw configNotFound();
          if (before.status === 'ACTIVE') return before;
          const now = new Date();
          const deactivated = await tx
            .update(vosCloudConfigs)
            .set({ status: 'INACTIVE', modifiedDate: now })
            .where(and(eq(vosCloudConfigs.status, 'ACTIVE'), ne(vosCloudConfigs.id, id)))
            .returning({ id: vosCloudConfigs.id });
          // A concurrent activation that committed first makes this a unique violation: 409 below.
          const [after] = await tx
            .update(vosCloudConfigs)
            .set({ status: 'ACTIVE', modifiedDate: now })
            .where(eq(vosCloudConfigs.id, id))
            .returning();
          for (const other of deactivated) {
            await recordAudit(tx, by, {
              table: 'CloudConfig',
              action: 'DEACTIVATE',
              entityId: other.id,
              customerId: null,
              changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
            });
          }
          await recordAudit(tx, by, {
            table: 'CloudConfig',
            action: 'ACTIVATE',
            entityId: id,
            customerId: null,
            changes: { status: { before: before.status, after: 'ACTIVE' } },
          });
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
  );
};
