import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SamlDefaults } from '../../../contract/saml.ts';
import {
  denyServiceUsers,
  INSTALLER_PROFILE,
  type LaunchValidation,
  NEW_CONNECTOR_ID,
  SERVICE_ERRORS,
  SERVICE_LISTING,
  SERVICE_USER_LISTS,
  type ServiceConnector,
  type ServiceInstanceRecord,
  seamlessServiceUsers,
  serviceInstance,
  serviceLaunch,
} from '../../../contract/service.ts';
import { WIZARD_STATUSES } from '../../../contract/tokenPack.ts';
import { UserRecord } from '../../../contract/user.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList, SORT_ORDERS } from '../../db/listing.ts';
import { serviceInstances, tokenPacks, users } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { conflict } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { invalidField } from '../../validation.ts';
import { publicOrigin } from '../../kit/origin.ts';
import { samlDefaults } from '../connector/make.ts';
import { selectUsers, toUserRecord } from '../user/users.ts';
import type { MakeContext } from './connectors.ts';
import { installerProfile } from './installer.ts';
import {
  auditedService,
  connectorInUse,
  findService,
  findTokenPack,
  type ServiceRow,
  toServiceRecords,
} from './instances.ts';
import {
  assignConnectors,
  checkConnectors,
  checkLaunch,
  checkServiceChanges,
  releaseHttpsConnectors,
} from './launch.ts';
import { manageServiceUsers, serviceUserListing } from './userLists.ts';

/**
 * Service launch, service instances and their user lists (contract/service.ts): launching a service from a
 * published template into a token pack with its connectors (existing ones, or ones made from a name), its
 * edit with the same rules, start, stop and delete, the token pack's setup wizard, the installer profile,
 * and the 2FA bypass and seamless login lists. Every call acts in one customer: another customer's ids are
 * 404s, as unknown ones.
 */

const E = SERVICE_ERRORS;
const UNIQUE_VIOLATION = '23505';

const serviceList = defineListing({
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

const ServiceListQuery = Type.Object({
  ...serviceList.queryFilterProperties,
  sort: Type.Optional(Type.Enum(serviceList.sortFields)),
  order: Type.Optional(Type.Enum(SORT_ORDERS)),
});

/** Two services took the same connector at once: the second is told it is in use. */
const translate = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw sqlStateOf(error) === UNIQUE_VIOLATION ? connectorInUse(1) : error;
  }
};

const validation = (used: LaunchValidation['usedConnectors'], force: string | undefined) => ({
  success: used.length === 0 || force === 'true',
  usedConnectors: used,
});

export const serviceRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  sealer: Sealer;
  config: Config;
}> = async (app, { db, sealer, config }) => {
  const recordOf = async (database: Database, row: ServiceRow): Promise<ServiceInstanceRecord> =>
    (await toServiceRecords(database, [row]))[0]!;

  /**
   * What an Office 365 connector made with the service starts from, read before the transaction (it may
   * make the gateway's signing key), once the call's own checks passed: undefined when none is made.
   */
  const defaultsFor = async (
    request: FastifyRequest,
    connectors: readonly ServiceConnector[],
    check: () => Promise<unknown>,
  ): Promise<SamlDefaults | undefined> => {
    if (!connectors.some((entry) => entry.id === NEW_CONNECTOR_ID && entry.type === 'saml')) return undefined;
    await check();
    return samlDefaults(db, sealer, config, publicOrigin(request, config));
  };

  const makeContext = (
    request: FastifyRequest,
    tx: Database,
    customerId: string,
    defaults?: SamlDefaults,
  ): MakeContext => ({
    tx,
    by: callerOf(request).account,
    customerId,
    sealer,
    samlDefaults: defaults,
  });

  // ——— service-launch ———

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.getOne, 'service-launch.getOne'),
    handler: async (request) =>
      recordOf(db, await findService(db, requiredCustomerOf(request), request.params.id)),
  });

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.getMany, 'service-launch.getMany'),
    handler: async (request) => {
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(serviceInstances)
        .where(
          and(
            eq(serviceInstances.customerId, requiredCustomerOf(request)),
            inArray(serviceInstances.id, ids),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked; unknown ids are left out.
      return toServiceRecords(
        db,
        ids.flatMap((id) => {
          const row = byId.get(id);
          return row ? [row] : [];
        }),
      );
    },
  });

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.actions.validateCreate, 'service-launch.validateCreate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { template } = await checkLaunch(db, customerId, request.body);
      const { used } = await checkConnectors(db, customerId, template.connectorIds, request.body.connectors);
      return validation(used, request.body.force);
    },
  });

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.create, 'service-launch.create'),
    handler: async (request, reply) => {
      const customerId = requiredCustomerOf(request);
      const launch = request.body;
      const force = launch.force === 'true';
      const check = async (tx: Database) => {
        const checked = await checkLaunch(tx, customerId, launch);
        const connectors = await checkConnectors(
          tx,
          customerId,
          checked.template.connectorIds,
          launch.connectors,
        );
        if (connectors.used.length > 0 && !force) throw connectorInUse(connectors.used.length);
        return { ...checked, ...connectors };
      };
      const defaults = await defaultsFor(request, launch.connectors, () => check(db));
      const id = await translate(() =>
        db.transaction(async (tx) => {
          const { template, pack, choices } = await check(tx);
          const [made] = await tx
            .insert(serviceInstances)
            .values({
              customerId,
              tokenPackId: pack.id,
              serviceTemplateId: template.id,
              instanceName: launch.name.trim(),
              description: launch.description?.trim() ?? '',
              status: 'STOPPED',
              enabled: true,
            })
            .returning();
          const service = await assignConnectors(
            makeContext(request, tx, customerId, defaults),
            made!,
            choices,
            {
              force,
            },
          );
          await recordAudit(tx, callerOf(request).account, {
            table: 'Service',
            action: 'CREATE',
            entityId: service.id,
            customerId,
            after: auditedService(service),
          });
          return service.id;
        }),
      );
      reply.code(201);
      return { id };
    },
  });

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.actions.validateUpdate, 'service-launch.validateUpdate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const service = await findService(db, customerId, request.body.id);
      const { used } = await checkServiceChanges(db, customerId, service, request.body.connectors);
      return validation(used, request.body.force);
    },
  });

  app.route({
    ...routeOf(serviceLaunch.base, serviceLaunch.update, 'service-launch.update'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const changes = request.body;
      const force = changes.force === 'true';
      const check = async (tx: Database, forUpdate: boolean) => {
        const before = await findService(tx, customerId, request.params.id, forUpdate);
        if (changes.id.toLowerCase() !== before.id) throw invalidField('id', 'must be the id in the path');
        const checked = await checkServiceChanges(tx, customerId, before, changes.connectors);
        if (checked.used.length > 0 && !force) throw connectorInUse(checked.used.length);
        return { before, ...checked };
      };
      const defaults = await defaultsFor(request, changes.connectors, () => check(db, false));
      const after = await translate(() =>
        db.transaction(async (tx) => {
          const { before, choices, keep } = await check(tx, true);
          const [renamed] = await tx
            .update(serviceInstances)
            .set({
              instanceName: changes.instanceName.trim(),
              description: changes.description.trim(),
              rememberPassword: changes.rememberPassword ?? before.rememberPassword,
              lastModifiedDate: new Date(),
            })
            .where(eq(serviceInstances.id, before.id))
            .returning();
          const updated = await assignConnectors(
            makeContext(request, tx, customerId, defaults),
            renamed!,
            choices,
            {
              keep,
              force,
            },
          );
          const changed = changesBetween(auditedService(before), auditedService(updated));
          if (Object.keys(changed).length > 0) {
            await recordAudit(tx, callerOf(request).account, {
              table: 'Service',
              action: 'UPDATE',
              entityId: before.id,
              customerId,
              changes: changed,
            });
          }
          return updated;
        }),
      );
      return recordOf(db, after);
    },
  });

  app.route({
    ...routeOf(
      serviceLaunch.base,
      serviceLaunch.actions.updateWizardStatus,
      'service-launch.updateWizardStatus',
    ),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { id, status } = request.body;
      return db.transaction(async (tx) => {
        const service = await findService(tx, customerId, id);
        const [pack] = await tx
          .select()
          .from(tokenPacks)
          .where(eq(tokenPacks.id, service.tokenPackId))
          .for('update');
        const from = WIZARD_STATUSES.indexOf(pack!.wizardStatus);
        const to = WIZARD_STATUSES.indexOf(status);
        if (to < from) throw conflict(E.wizardBackwards.key, E.wizardBackwards.text);
        if (to > from) {
          await tx
            .update(tokenPacks)
            .set({ wizardStatus: status, lastModifiedDate: new Date() })
            .where(eq(tokenPacks.id, pack!.id));
          await recordAudit(tx, callerOf(request).account, {
            table: 'TokenPack',
            action: 'UPDATE',
            entityId: pack!.id,
            customerId,
            before: { wizardStatus: pack!.wizardStatus },
            after: { wizardStatus: status },
          });
        }
        return { id: service.id, status };
      });
    },
  });

  app.route({
    ...routeOf(
      serviceLaunch.base,
      serviceLaunch.actions.downloadInstallerProfile,
      'service-launch.downloadInstallerProfile',
    ),
    handler: async (request, reply) => {
      const service = await findService(db, requiredCustomerOf(request), request.params.id);
      const profile = await installerProfile(db, service, {
        productName: config.productName,
        serverUrl: publicOrigin(request, config),
      });
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${INSTALLER_PROFILE.fileName}"`)
        .send(profile);
    },
  });

  // ——— service-instance ———

  app.route({
    ...routeOf(
      serviceInstance.base,
      {
        ...serviceInstance.list,
        method: 'GET' as const,
        schema: {
          querystring: ServiceListQuery,
          response: { 200: Type.Array(serviceLaunch.getOne.schema.response[200]) },
        },
      },
      'service-instance.list',
    ),
    handler: async (request) => {
      const query = request.query as Record<string, unknown>;
      const filters = serviceList.readQueryFilters(query);
      const field = typeof query.sort === 'string' ? query.sort : SERVICE_LISTING.defaultSort.field;
      const order = query.order === 'DESC' ? 'DESC' : 'ASC';
      const rows = await db
        .select()
        .from(serviceInstances)
        .where(and(eq(serviceInstances.customerId, requiredCustomerOf(request)), serviceList.where(filters)))
        .orderBy(...serviceList.orderBy({ field, order }));
      return toServiceRecords(db, rows);
    },
  });

  const setStatus = (request: FastifyRequest, id: string, status: ServiceRow['status']) =>
    db.transaction(async (tx) => {
      const customerId = requiredCustomerOf(request);
      const before = await findService(tx, customerId, id, true);
      if (before.status === status) return recordOf(tx, before);
      const [after] = await tx
        .update(serviceInstances)
        .set({ status, lastModifiedDate: new Date() })
        .where(eq(serviceInstances.id, before.id))
        .returning();
      await recordAudit(tx, callerOf(request).account, {
        table: 'Service',
        action: 'UPDATE',
        entityId: before.id,
        customerId,
        before: { status: before.status },
        after: { status },
      });
      return recordOf(tx, after!);
    });

  app.route({
    ...routeOf(serviceInstance.base, serviceInstance.actions.start, 'service-instance.start'),
    handler: (request) => setStatus(request, request.body.id, 'STARTED'),
  });

  app.route({
    ...routeOf(serviceInstance.base, serviceInstance.actions.stop, 'service-instance.stop'),
    handler: (request) => setStatus(request, request.body.id, 'STOPPED'),
  });

  app.route({
    ...routeOf(serviceInstance.base, serviceInstance.delete, 'service-instance.delete'),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const customerId = requiredCustomerOf(request);
        const row = await findService(tx, customerId, request.body.id, true);
        const record = await recordOf(tx, row);
        // Its connectors and user lists go with it (foreign keys); an HTTPS connector forgets it.
        await releaseHttpsConnectors(tx, [row.id]);
        await tx.delete(serviceInstances).where(eq(serviceInstances.id, row.id));
        await recordAudit(tx, callerOf(request).account, {
          table: 'Service',
          action: 'DELETE',
          entityId: row.id,
          customerId,
          before: auditedService(row),
        });
        return record;
      }),
  });

  app.route({
    ...routeOf(serviceInstance.base, serviceInstance.actions.unusedList, 'service-instance.unusedList'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const pack = await findTokenPack(db, customerId, request.query.tokenPackId);
      const rows = await db
        .select()
        .from(serviceInstances)
        .where(
          and(
            eq(serviceInstances.customerId, customerId),
            eq(serviceInstances.tokenPackId, pack.id),
            eq(serviceInstances.enabled, false),
          ),
        )
        .orderBy(asc(serviceInstances.instanceName), asc(serviceInstances.id));
      return toServiceRecords(db, rows);
    },
  });

  // ——— the 2FA bypass and seamless login lists ———

  for (const resource of [denyServiceUsers, seamlessServiceUsers]) {
    const list = SERVICE_USER_LISTS[resource.name];
    const listing = serviceUserListing(list);

    app.route({
      ...routeOf(
        resource.base,
        {
          ...resource.list,
          method: 'GET' as const,
          schema: { querystring: pageSearchQuery(listing), response: { 200: pageAnswer(UserRecord) } },
        },
        `${resource.name}.list`,
      ),
      handler: async (request) => {
        const customerId = requiredCustomerOf(request);
        const ask = readPageSearch(listing, request.query);
        if (ask.filters.serviceId === undefined) throw invalidField('serviceId', 'is required');
        await findService(db, customerId, ask.filters.serviceId);
        const found = await findRows(db, selectUsers(db), listing, ask, eq(users.customerId, customerId));
        return answerPage(found, ask, toUserRecord);
      },
    });

    app.route({
      ...routeOf(resource.base, resource.actions.manage, `${resource.name}.manage`),
      handler: async (request) =>
        db.transaction(async (tx) => {
          const service = await findService(tx, requiredCustomerOf(request), request.body.serviceId, true);
          const total = await manageServiceUsers(tx, callerOf(request).account, service, list, request.body);
          return { serviceId: service.id, total };
        }),
    });
  }
};
