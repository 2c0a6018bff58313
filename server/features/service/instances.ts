import { and, count, eq, inArray } from 'drizzle-orm';
import type { ConnectorKind } from '../../../contract/connector.ts';
import { connectorKey, SERVICE_ERRORS, type ServiceInstanceRecord } from '../../../contract/service.ts';
import { templateIconUrl } from '../../../contract/serviceTemplate.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import {
  serviceConnectors,
  serviceInstances,
  serviceTemplates,
  serviceUsers,
  tokenPacks,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { connectorNamesOf } from './connectors.ts';

/**
 * Service instances (contract/service.ts): finding one in a customer, and their records with the names of
 * their token pack, template and connectors, and the sizes of their user lists.
 */

export type ServiceRow = typeof serviceInstances.$inferSelect;
export type ServiceConnectorRow = typeof serviceConnectors.$inferSelect;

const E = SERVICE_ERRORS;
export const serviceNotFound = () => notFound(E.notFound.key, E.notFound.text);
export const tokenPackNotFound = () =>
  notFound(TOKEN_PACK_ERRORS.notFound.key, TOKEN_PACK_ERRORS.notFound.text);
export const templateNotFound = () => notFound(E.templateNotFound.key, E.templateNotFound.text);
export const connectorNotFound = () => notFound(E.connectorNotFound.key, E.connectorNotFound.text);
export const connectorTypeNotNeeded = (type: ConnectorKind) =>
  badRequest(E.connectorTypeNotNeeded.key, E.connectorTypeNotNeeded.text, { type });
export const connectorTypeTwice = (type: ConnectorKind) =>
  badRequest(E.connectorTypeTwice.key, E.connectorTypeTwice.text, { type });
export const cannotCreateConnector = (type: ConnectorKind) =>
  badRequest(E.cannotCreateConnector.key, E.cannotCreateConnector.text, { type });
/**
 * 409: chosen connectors serve another service and force is not 'true'. The answer's params say how many
 * (error params are text and numbers); validate-create-service and validate-update list them.
 */
export const connectorInUse = (count: number) =>
  conflict(E.connectorInUse.key, E.connectorInUse.text, { count });

/** The service `id` of `customerId`, or 404 (another customer's and malformed ids alike). */
export async function findService(
  db: Database,
  customerId: string,
  id: unknown,
  forUpdate = false,
): Promise<ServiceRow> {
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw serviceNotFound();
  const query = db
    .select()
    .from(serviceInstances)
    .where(and(eq(serviceInstances.id, id.toLowerCase()), eq(serviceInstances.customerId, customerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw serviceNotFound();
  return row;
}

/** The token pack `id` of `customerId`, or 404. */
export async function findTokenPack(db: Database, customerId: string, id: unknown) {
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw tokenPackNotFound();
  const [pack] = await db
    .select()
    .from(tokenPacks)
    .where(and(eq(tokenPacks.id, id.toLowerCase()), eq(tokenPacks.customerId, customerId)));
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

  // The connectors' names, one query per kind and customer.
  const names = new Map<string, string>();
  const wanted = new Map<string, { customerId: string; kind: ConnectorKind; ids: string[] }>();
  for (const row of rows) {
    for (const connector of connectors.get(row.id) ?? []) {
      const key = `${row.customerId}:${connector.kind}`;
      const entry = wanted.get(key) ?? { customerId: row.customerId, kind: connector.kind, ids: [] };
      entry.ids.push(connector.connectorId);
      wanted.set(key, entry);
    }
  }
  for (const { customerId, kind, ids: connectorIds } of wanted.values()) {
    const found = await connectorNamesOf(db, customerId, kind, connectorIds, false);
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
