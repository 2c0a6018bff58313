import { and, count, eq, inArray, or } from 'drizzle-orm';
import { SUBSCRIPTION_ERRORS } from '../../../contract/billing.ts';
import { CONNECTOR_TYPE_IDS, type ConnectorKind } from '../../../contract/connector.ts';
import {
  type LaunchAnswer,
  type LaunchRequest,
  type LaunchValidation,
  NEW_CONNECTOR_ID,
  SERVICE_ERRORS,
  type ServiceChanges,
  type ServiceConnector,
  type UsedConnector,
} from '../../../contract/service.ts';
import type { Database } from '../../db/client.ts';
import {
  httpsConnectors,
  serviceConnectors,
  serviceInstances,
  serviceTemplates,
  subscriptions,
} from '../../db/schema.ts';
import { changesBetween } from '../../domain/audit.ts';
import { fail } from '../../errors.ts';
import type { Scope } from '../../kit/call.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { typeIdOf } from '../connector/sources.ts';
import { findSubscription, statusAt } from '../subscription/subscriptions.ts';
import { connectorNamesOf, isCreatable, type MakeScope, makeConnector } from './connectors.ts';
import {
  cannotCreateConnector,
  configOf,
  connectorInUse,
  connectorNotFound,
  connectorTypeNotNeeded,
  connectorTypeTwice,
  findTokenPack,
  type ServiceConnectorRow,
  type ServiceRow,
  serviceRows,
  templateNotFound,
} from './instances.ts';

/**
 * The rules of a service launch and of a service's connectors (docs/requirements/billing-services-screens.md Service launch, docs/requirements/billing-services-states.md, docs/requirements/billing-services-validation.md): a
 * published template, a subscription and one of its token packs, and at most one connector of each type the
 * template needs: an existing connector of the customer's, or one made with the service from its name. A
 * connector serves one service: one that another service uses is reported, and taken from it only when the
 * caller forces it, in the same transaction.
 */

const E = SERVICE_ERRORS;
const HTTPS_TYPE = CONNECTOR_TYPE_IDS.https;

/** The template, subscription and token pack of a launch, checked in the transaction's customer. */
export async function checkLaunch(db: Database, request: LaunchRequest, now: Date = new Date()) {
  const [template] = UUID_PATTERN.test(request.serviceTemplateId)
    ? await db
        .select()
        .from(serviceTemplates)
        .where(
          and(
            eq(serviceTemplates.id, request.serviceTemplateId.toLowerCase()),
            eq(serviceTemplates.status, 'PUBLISHED'),
          ),
        )
    : [];
  if (!template) throw templateNotFound();
  const [held] = await db.select({ total: count() }).from(subscriptions);
  if (!held || held.total === 0) throw fail(E.noSubscription);
  const { subscription } = await findSubscription(db, request.subscriptionId);
  // A service is launched into a subscription that is running (not ended, not cancelled).
  if (statusAt(subscription, now) !== 'ACTIVE') {
    throw fail(SUBSCRIPTION_ERRORS.notActive);
  }
  const pack = await findTokenPack(db, request.tokenPackId);
  if (pack.subscriptionId !== subscription.id) throw fail(E.tokenPackNotInSubscription);
  return { template, subscription, pack };
}

/** A connector chosen for a service: an existing one (connectorId) or one to make from its name (newName). */
export interface Choice {
  typeId: number;
  kind: ConnectorKind;
  connectorId?: string;
  newName?: string;
}

/**
 * Checks the connectors chosen for a service against the connector types its template needs (one of each at
 * most; an existing one must be the customer's connector of that kind, a NEW one of a kind the launch can
 * make). Answers the choices and the chosen connectors that another service than `serviceId` uses.
 */
export async function checkConnectors(
  db: Database,
  neededTypeIds: readonly number[],
  asked: readonly ServiceConnector[],
  serviceId?: string,
): Promise<{ choices: Choice[]; used: UsedConnector[] }> {
  const choices: Choice[] = [];
  const seen = new Set<number>();
  for (const [index, entry] of asked.entries()) {
    const typeId = typeIdOf(entry.type);
    if (!neededTypeIds.includes(typeId)) throw connectorTypeNotNeeded(entry.type);
    if (seen.has(typeId)) throw connectorTypeTwice(entry.type);
    seen.add(typeId);
    if (entry.id === NEW_CONNECTOR_ID) {
      if (!isCreatable(entry.type)) throw cannotCreateConnector(entry.type);
      const name = entry.name.trim();
      if (name === '') throw invalidField(`connectors.${index}.name`, 'must not be empty');
      choices.push({ typeId, kind: entry.type, newName: name });
    } else {
      if (!UUID_PATTERN.test(entry.id)) throw connectorNotFound();
      choices.push({ typeId, kind: entry.type, connectorId: entry.id.toLowerCase() });
    }
  }

  const existing = choices.filter((choice): choice is Choice & { connectorId: string } =>
    Boolean(choice.connectorId),
  );
  const names = new Map<string, string>();
  for (const kind of new Set(existing.map((choice) => choice.kind))) {
    const ofKind = existing.filter((choice) => choice.kind === kind);
    const found = await connectorNamesOf(
      db,
      kind,
      ofKind.map((choice) => choice.connectorId),
    );
    for (const choice of ofKind) {
      const name = found.get(choice.connectorId);
      if (name === undefined) throw connectorNotFound();
      names.set(`${choice.typeId}:${choice.connectorId}`, name);
    }
  }
  if (existing.length === 0) return { choices, used: [] };

  const holders = await db
    .select({
      typeId: serviceConnectors.typeId,
      connectorId: serviceConnectors.connectorId,
      serviceInstanceId: serviceConnectors.serviceInstanceId,
      serviceInstanceName: serviceInstances.instanceName,
    })
    .from(serviceConnectors)
    .innerJoin(serviceInstances, eq(serviceInstances.id, serviceConnectors.serviceInstanceId))
    .where(
      or(
        ...existing.map((choice) =>
          and(
            eq(serviceConnectors.typeId, choice.typeId),
            eq(serviceConnectors.connectorId, choice.connectorId),
          ),
        ),
      ),
    );
  const used = holders
    .filter((holder) => holder.serviceInstanceId !== serviceId)
    .map((holder) => ({
      connectorId: holder.connectorId,
      connectorName: names.get(`${holder.typeId}:${holder.connectorId}`) ?? '',
      serviceInstanceId: holder.serviceInstanceId,
      serviceInstanceName: holder.serviceInstanceName,
    }));
  return { choices, used };
}

type Assignment = Pick<ServiceConnectorRow, 'typeId' | 'kind' | 'connectorId'>;

const sameAssignment = (a: Assignment, b: Assignment) =>
  a.typeId === b.typeId && a.connectorId === b.connectorId && a.kind === b.kind;

/** Writes a service's connectorConfig from its connectors (and its modification time). */
async function writeConfig(tx: Database, serviceId: string): Promise<ServiceRow> {
  const rows = await tx
    .select()
    .from(serviceConnectors)
    .where(eq(serviceConnectors.serviceInstanceId, serviceId));
  const [updated] = await tx
    .update(serviceInstances)
    .set({ connectorConfig: configOf(rows), lastModifiedDate: new Date() })
    .where(eq(serviceInstances.id, serviceId))
    .returning();
  return updated!;
}

/**
 * Gives `service` exactly the chosen connectors and those it keeps (its other connectors are freed, an
 * HTTPS connector's serviceId following): NEW ones are made, and one another service uses is taken from it
 * (its connectorConfig changes, with its own audit entry) when `force`, else 409. Runs in the caller's
 * transaction; answers the service row as it is now.
 */
export async function assignConnectors(
  scope: MakeScope,
  service: ServiceRow,
  choices: readonly Choice[],
  options: { keep?: readonly ServiceConnectorRow[]; force: boolean },
): Promise<ServiceRow> {
  const { tx } = scope;
  const wanted: Assignment[] = (options.keep ?? []).map(({ typeId, kind, connectorId }) => ({
    typeId,
    kind,
    connectorId,
  }));
  for (const choice of choices) {
    const connectorId =
      choice.connectorId ??
      (isCreatable(choice.kind) ? await makeConnector(scope, choice.kind, choice.newName ?? '') : undefined);
    if (!connectorId) throw cannotCreateConnector(choice.kind);
    wanted.push({ typeId: choice.typeId, kind: choice.kind, connectorId });
  }

  const current = await tx
    .select()
    .from(serviceConnectors)
    .where(eq(serviceConnectors.serviceInstanceId, service.id));
  for (const row of current) {
    if (wanted.some((assignment) => sameAssignment(assignment, row))) continue;
    await tx
      .delete(serviceConnectors)
      .where(
        and(eq(serviceConnectors.serviceInstanceId, service.id), eq(serviceConnectors.typeId, row.typeId)),
      );
    if (row.typeId === HTTPS_TYPE) await clearHttpsService(tx, row.connectorId, service.id);
  }

  const taken = wanted.filter((assignment) => !current.some((row) => sameAssignment(row, assignment)));
  const holders =
    taken.length === 0
      ? []
      : await tx
          .select()
          .from(serviceConnectors)
          .where(
            or(
              ...taken.map((assignment) =>
                and(
                  eq(serviceConnectors.typeId, assignment.typeId),
                  eq(serviceConnectors.connectorId, assignment.connectorId),
                ),
              ),
            ),
          )
          .for('update');
  const others = holders.filter((holder) => holder.serviceInstanceId !== service.id);
  if (others.length > 0 && !options.force) {
    throw connectorInUse(others.length);
  }
  // Each service a connector is taken from: its connectorConfig changes, with one audit entry.
  for (const oldServiceId of new Set(others.map((holder) => holder.serviceInstanceId))) {
    const [before] = await tx
      .select()
      .from(serviceInstances)
      .where(eq(serviceInstances.id, oldServiceId))
      .for('update');
    const types = others
      .filter((holder) => holder.serviceInstanceId === oldServiceId)
      .map((holder) => holder.typeId);
    await tx
      .delete(serviceConnectors)
      .where(
        and(eq(serviceConnectors.serviceInstanceId, oldServiceId), inArray(serviceConnectors.typeId, types)),
      );
    const after = await writeConfig(tx, oldServiceId);
    await scope.audit({
      table: 'Service',
      action: 'UPDATE',
      entityId: oldServiceId,
      entityName: after.instanceName,
      changes: changesBetween(
        { connectorConfig: before?.connectorConfig ?? {} },
        { connectorConfig: after.connectorConfig },
      ),
    });
  }
  if (taken.length > 0) {
    await tx.insert(serviceConnectors).values(
      taken.map((assignment) => ({
        serviceInstanceId: service.id,
        customerId: service.customerId,
        typeId: assignment.typeId,
        kind: assignment.kind,
        connectorId: assignment.connectorId,
      })),
    );
  }
  const https = wanted.find((assignment) => assignment.typeId === HTTPS_TYPE);
  if (https) {
    await tx
      .update(httpsConnectors)
      .set({ serviceId: service.id })
      .where(eq(httpsConnectors.id, https.connectorId));
  }
  return writeConfig(tx, service.id);
}

/** An HTTPS connector no longer serves the service (left alone if it already serves another one). */
export async function clearHttpsService(tx: Database, connectorId: string, serviceId: string): Promise<void> {
  await tx
    .update(httpsConnectors)
    .set({ serviceId: null })
    .where(and(eq(httpsConnectors.id, connectorId), eq(httpsConnectors.serviceId, serviceId)));
}

/**
 * The connectors of a change of a service, checked as a launch's are (against its template's types, any
 * status: a template unpublished since still describes its services). The ldap_2fa connector is not changed
 * by an edit: one the service has is kept (entries for its type are ignored), and none is added.
 */
export async function checkServiceChanges(
  db: Database,
  service: ServiceRow,
  connectors: readonly ServiceConnector[],
) {
  const [template] = service.serviceTemplateId
    ? await db
        .select({ connectorIds: serviceTemplates.connectorIds })
        .from(serviceTemplates)
        .where(eq(serviceTemplates.id, service.serviceTemplateId))
    : [];
  const current = await db
    .select()
    .from(serviceConnectors)
    .where(eq(serviceConnectors.serviceInstanceId, service.id));
  const keep = current.filter((row) => row.kind === 'ldap_2fa');
  const asked = connectors.filter(
    (entry) => entry.type !== 'ldap_2fa' && !keep.some((row) => row.typeId === typeIdOf(entry.type)),
  );
  const checked = await checkConnectors(db, template?.connectorIds ?? [], asked, service.id);
  return { ...checked, keep };
}

// ——— The launch and the change of a service ———

const validation = (used: UsedConnector[], force: string | undefined): LaunchValidation => ({
  success: used.length === 0 || force === 'true',
  usedConnectors: used,
});

/** A launch checked before it is made: success, and the connectors another service uses. */
export async function validateLaunch(scope: Scope, launch: LaunchRequest): Promise<LaunchValidation> {
  const { template } = await checkLaunch(scope.tx, launch);
  const { used } = await checkConnectors(scope.tx, template.connectorIds, launch.connectors);
  return validation(used, launch.force);
}

/**
 * Launches a service from a published template into a token pack, with its connectors (NEW ones made with
 * it; one another service uses taken from it when forced, else 409), and its audit entry. Answers its id.
 */
export async function launchService(scope: MakeScope, launch: LaunchRequest): Promise<LaunchAnswer> {
  const force = launch.force === 'true';
  const { template, pack } = await checkLaunch(scope.tx, launch);
  const { choices, used } = await checkConnectors(scope.tx, template.connectorIds, launch.connectors);
  if (used.length > 0 && !force) throw connectorInUse(used.length);
  const made = await serviceRows.insert(scope, {
    customerId: scope.customer,
    tokenPackId: pack.id,
    serviceTemplateId: template.id,
    instanceName: launch.name.trim(),
    description: launch.description?.trim() ?? '',
    status: 'STOPPED',
    enabled: true,
  });
  const madeSecrets = new Map<'apiKey', string>();
  const service = await assignConnectors({ ...scope, madeSecrets }, made, choices, { force });
  await serviceRows.audit(scope, 'CREATE', null, service);
  const apiKey = madeSecrets.get('apiKey');
  return apiKey === undefined ? { id: service.id } : { id: service.id, apiKey };
}

/** A change of a service checked before it is saved (as a launch is). */
export async function validateServiceChanges(
  scope: Scope,
  changes: ServiceChanges,
): Promise<LaunchValidation> {
  const service = await serviceRows.find(scope, changes.id);
  const { used } = await checkServiceChanges(scope.tx, service, changes.connectors);
  return validation(used, changes.force);
}

/** Changes a service's name, description and connectors (the launch's force rule); answers it as it is now. */
export async function changeService(
  scope: MakeScope,
  id: string,
  changes: ServiceChanges,
): Promise<ServiceRow> {
  const force = changes.force === 'true';
  const before = await serviceRows.find(scope, id, { forUpdate: true });
  if (changes.id.toLowerCase() !== before.id) throw invalidField('id', 'must be the id in the path');
  const { choices, used, keep } = await checkServiceChanges(scope.tx, before, changes.connectors);
  if (used.length > 0 && !force) throw connectorInUse(used.length);
  const renamed = await serviceRows.change(scope, before.id, {
    instanceName: changes.instanceName.trim(),
    description: changes.description.trim(),
    rememberPassword: changes.rememberPassword ?? before.rememberPassword,
  });
  const updated = await assignConnectors(scope, renamed, choices, { keep, force });
  await serviceRows.audit(scope, 'UPDATE', before, updated);
  return updated;
}
