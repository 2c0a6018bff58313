import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { ConnectorKind } from '../../../contract/connector.ts';
import {
  connectorKey,
  SERVICE_ERRORS,
  SERVICE_LISTING,
  type ServiceInstanceRecord,
} from '../../../contract/service.ts';
import { templateIconUrl } from '../../../contract/serviceTemplate.ts';
import { TOKEN_PACK_ERRORS, WIZARD_STATUSES } from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny, inList, SORT_ORDERS } from '../../db/listing.ts';
import {
  httpsConnectors,
  serviceConnectors,
  serviceInstances,
  serviceTemplates,
  serviceUsers,
  tokenPacks,
} from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { connectorNamesOf } from './connectors.ts';

/**
 * Service instances (contract/service.ts): a customer's rows, their records with the names of their token
 * pack, template and connectors and the sizes of their user lists; the list of a customer's services, a
 * token pack's unused ones, a service's start, stop and deletion, and its token pack's setup wizard.
 */

export type ServiceRow = typeof serviceInstances.$inferSelect;
export type ServiceConnectorRow = typeof serviceConnectors.$inferSelect;

const E = SERVICE_ERRORS;
export const tokenPackNotFound = () => fail(TOKEN_PACK_ERRORS.notFound);
export const templateNotFound = () => fail(E.templateNotFound);
export const connectorNotFound = () => fail(E.connectorNotFound);
export const connectorTypeNotNeeded = (type: ConnectorKind) => fail(E.connectorTypeNotNeeded, { type });
export const connectorTypeTwice = (type: ConnectorKind) => fail(E.connectorTypeTwice, { type });
export const cannotCreateConnector = (type: ConnectorKind) => fail(E.cannotCreateConnector, { type });
/**
 * 409: chosen connectors serve another service and force is not 'true'. The answer's params say how many
 * (error params are text and numbers); validate-create-service and validate-update list them.
 */
export const connectorInUse = (count: number) => fail(E.connectorInUse, { count });

/** The call's token pack `id`, or 404. */
export async function findTokenPack(tx: Database, id: unknown) {
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw tokenPackNotFound();
  const [pack] = await tx.select().from(tokenPacks).where(eq(tokenPacks.id, id.toLowerCase()));
  if (!pack) throw tokenPackNotFound();
  return pack;
}

/** The connectors services use, by service. */
export async function connectorsOf(db: Database, serviceIds: readonly string[]) {
  const rows =
    serviceIds.length === 0
      ? []
      : await db
          .select()
          .from(serviceConnectors)
          .where(inArray(serviceConnectors.serviceInstanceId, [...serviceIds]));
  const byService = new Map<string, ServiceConnectorRow[]>();
  for (const row of rows) {
    byService.set(row.serviceInstanceId, [...(byService.get(row.serviceInstanceId) ?? []), row]);
  }
  return byService;
}

/** connector_{typeId} → connector id, by type id. */
export const configOf = (rows: readonly Pick<ServiceConnectorRow, 'typeId' | 'connectorId'>[]) =>
  Object.fromEntries(
    [...rows].sort((a, b) => a.typeId - b.typeId).map((row) => [connectorKey(row.typeId), row.connectorId]),
  );

/**
 * The records of service rows (in their order): a connector that no longer exists (deleted on its own page)
 * is left out of `connectors` and `connectorConfig`.
 */
export async function toServiceRecords(
  db: Database,
  rows: readonly ServiceRow[],
): Promise<ServiceInstanceRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const packIds = [...new Set(rows.map((row) => row.tokenPackId))];
  const templateIds = [
    ...new Set(rows.flatMap((row) => (row.serviceTemplateId ? [row.serviceTemplateId] : []))),
  ];
  const [packs, templates, connectors, listSizes] = await Promise.all([
    db
      .select({ id: tokenPacks.id, name: tokenPacks.name })
      .from(tokenPacks)
      .where(inArray(tokenPacks.id, packIds)),
    templateIds.length === 0
      ? []
      : db.select().from(serviceTemplates).where(inArray(serviceTemplates.id, templateIds)),
    connectorsOf(db, ids),
    db
      .select({ serviceId: serviceUsers.serviceInstanceId, list: serviceUsers.list, total: count() })
      .from(serviceUsers)
      .where(inArray(serviceUsers.serviceInstanceId, ids))
      .groupBy(serviceUsers.serviceInstanceId, serviceUsers.list),
  ]);
  const packNames = new Map(packs.map((pack) => [pack.id, pack.name]));
  const templateById = new Map(templates.map((template) => [template.id, template]));
  const sizes = new Map(listSizes.map((size) => [`${size.serviceId}:${size.list}`, size.total]));

  // The connectors' names, one query per kind.
  const names = new Map<string, string>();
  const wanted = new Map<ConnectorKind, string[]>();
  for (const row of rows) {
    for (const connector of connectors.get(row.id) ?? []) {
      wanted.set(connector.kind, [...(wanted.get(connector.kind) ?? []), connector.connectorId]);
    }
  }
  for (const [kind, connectorIds] of wanted) {
    const found = await connectorNamesOf(db, kind, connectorIds, false);
    for (const [id, name] of found) names.set(`${kind}:${id}`, name);
  }

  return rows.map((row) => {
    const template = row.serviceTemplateId ? templateById.get(row.serviceTemplateId) : undefined;
    const existing = (connectors.get(row.id) ?? [])
      .filter((connector) => names.has(`${connector.kind}:${connector.connectorId}`))
      .sort((a, b) => a.typeId - b.typeId);
    return {
      id: row.id,
      customerId: row.customerId,
      instanceName: row.instanceName,
      description: row.description,
      status: row.status,
      tokenPackId: row.tokenPackId,
      tokenPackName: packNames.get(row.tokenPackId) ?? '',
      serviceTemplateId: row.serviceTemplateId,
      templateName: template?.templateName ?? null,
      protocol: template?.protocol ?? null,
      iconUrl: template?.iconFileId ? templateIconUrl(template.id, template.iconFileId) : null,
      enabled: row.enabled,
      rememberPassword: row.rememberPassword,
      connectorConfig: configOf(existing),
      connectors: existing.map((connector) => ({
        id: connector.connectorId,
        name: names.get(`${connector.kind}:${connector.connectorId}`)!,
        type: connector.kind,
      })),
      connectorIds: template?.connectorIds ?? [],
      bypassCount: sizes.get(`${row.id}:BYPASS`) ?? 0,
      seamlessCount: sizes.get(`${row.id}:SEAMLESS`) ?? 0,
      createdDate: row.createdDate.toISOString(),
      lastModifiedDate: row.lastModifiedDate.toISOString(),
    };
  });
}

/**
 * What the audit log keeps of a service (rememberPassword as rememberCredentials: the log hides the values
 * of fields named like a password).
 */
export const auditedService = (row: ServiceRow) => ({
  instanceName: row.instanceName,
  description: row.description,
  status: row.status,
  tokenPackId: row.tokenPackId,
  serviceTemplateId: row.serviceTemplateId,
  enabled: row.enabled,
  rememberCredentials: row.rememberPassword,
  connectorConfig: row.connectorConfig,
});

// ——— The rows the calls read and write ———

export const serviceListing = defineListing({
  filters: {
    q: ilikeAny([serviceInstances.instanceName, serviceInstances.description]),
    tokenPackId: equals(serviceInstances.tokenPackId),
    status: equals(serviceInstances.status),
    id: inList(serviceInstances.id),
  },
  sort: {
    instanceName: serviceInstances.instanceName,
    status: serviceInstances.status,
    createdDate: serviceInstances.createdDate,
    id: serviceInstances.id,
  },
  defaultSort: SERVICE_LISTING.defaultSort,
  unique: serviceInstances.id,
});

/** The service list's query: the listing's filters, and a sort field and order. */
export const ServiceListQuery = Type.Object({
  ...serviceListing.queryFilterProperties,
  sort: Type.Optional(Type.Enum(serviceListing.sortFields)),
  order: Type.Optional(Type.Enum(SORT_ORDERS)),
});

/** A customer's service instances, answered with the names of what they use. */
export const serviceRows = defineRows<ServiceRow, ServiceInstanceRecord>({
  table: serviceInstances,
  id: serviceInstances.id,
  customerColumn: serviceInstances.customerId,
  select: (db) => db.select().from(serviceInstances).$dynamic(),
  listing: serviceListing,
  toRecords: (scope, found) => toServiceRecords(scope.tx, found),
  notFound: () => fail(E.notFound),
  audit: { table: 'Service', fields: auditedService, customerOf: (row) => row.customerId },
  // Two services took the same connector at once: the second is told it is in use.
  translate: (error) => (sqlStateOf(error) === '23505' ? connectorInUse(1) : error),
  modifiedAt: serviceInstances.lastModifiedDate,
  status: serviceInstances.status,
});

/** The call's services matching the list's filters, in its sort (every one: a customer has few). */
export async function listServices(
  scope: Scope,
  query: Record<string, unknown>,
): Promise<ServiceInstanceRecord[]> {
  const filters = serviceListing.readQueryFilters(query);
  const field = typeof query.sort === 'string' ? query.sort : SERVICE_LISTING.defaultSort.field;
  const order = query.order === 'DESC' ? 'DESC' : 'ASC';
  const found = await serviceRows.spec
    .select(scope.tx)
    .where(serviceListing.where(filters))
    .orderBy(...serviceListing.orderBy({ field, order }));
  return serviceRows.records(scope, found as ServiceRow[]);
}

/** A token pack's services that are not usable in it (disabled), by name. */
export async function unusedServices(scope: Scope, tokenPackId: string): Promise<ServiceInstanceRecord[]> {
  const pack = await findTokenPack(scope.tx, tokenPackId);
  const found = await scope.tx
    .select()
    .from(serviceInstances)
    .where(and(eq(serviceInstances.tokenPackId, pack.id), eq(serviceInstances.enabled, false)))
    .orderBy(asc(serviceInstances.instanceName), asc(serviceInstances.id));
  return serviceRows.records(scope, found);
}

/** Starts or stops a service (a service already so is answered as it is); answers its record. */
export async function setServiceStatus(
  scope: WriteScope,
  id: string,
  status: ServiceRow['status'],
): Promise<ServiceInstanceRecord> {
  const changed = await serviceRows.setStatus(scope, id, { status, action: 'UPDATE' });
  return serviceRows.record(scope, await serviceRows.find(scope, changed.id));
}

/**
 * Deletes a service: its connectors and user lists go with it (foreign keys), an HTTPS connector forgets
 * it. Answers its record as it was.
 */
export async function deleteService(scope: WriteScope, id: string): Promise<ServiceInstanceRecord> {
  const row = await serviceRows.find(scope, id, { forUpdate: true });
  const record = await serviceRows.record(scope, row);
  await releaseHttpsConnectors(scope.tx, [row.id]);
  await serviceRows.remove(scope, [row.id]);
  await serviceRows.audit(scope, 'DELETE', row, null);
  return record;
}

/** Moves the setup wizard of a service's token pack on (NEW → TOUCHED → COMPLETED); never back (409). */
export async function advanceWizard(
  scope: WriteScope,
  serviceId: string,
  status: (typeof WIZARD_STATUSES)[number],
) {
  const service = await serviceRows.find(scope, serviceId);
  const [pack] = await scope.tx
    .select()
    .from(tokenPacks)
    .where(eq(tokenPacks.id, service.tokenPackId))
    .for('update');
  const from = WIZARD_STATUSES.indexOf(pack!.wizardStatus);
  const to = WIZARD_STATUSES.indexOf(status);
  if (to < from) throw fail(E.wizardBackwards);
  if (to > from) {
    await scope.tx
      .update(tokenPacks)
      .set({ wizardStatus: status, lastModifiedDate: new Date() })
      .where(eq(tokenPacks.id, pack!.id));
    await scope.audit({
      table: 'TokenPack',
      action: 'UPDATE',
      entityId: pack!.id,
      entityName: pack!.name,
      before: { wizardStatus: pack!.wizardStatus },
      after: { wizardStatus: status },
    });
  }
  return { id: service.id, status };
}

/** The HTTPS connectors that serve any of the services no longer do (a deletion). */
export async function releaseHttpsConnectors(tx: Database, serviceIds: readonly string[]): Promise<void> {
  if (serviceIds.length === 0) return;
  await tx
    .update(httpsConnectors)
    .set({ serviceId: null })
    .where(inArray(httpsConnectors.serviceId, [...serviceIds]));
}
