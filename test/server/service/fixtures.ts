import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll } from 'vitest';
import type { ConnectorKind } from '../../../contract/connector.ts';
import type { LaunchRequest, ServiceConnector } from '../../../contract/service.ts';
import {
  auditLog,
  directories,
  httpsConnectors,
  oidcClients,
  radiusConnectors,
  saml2Connectors,
  samlConnectors,
  serviceConnectors,
  serviceInstances,
  serviceTemplates,
  serviceUsers,
  tokenPacks,
  users,
} from '../../../server/db/schema.ts';
import { saml2Form } from '../connector/fixtures.ts';
import { billingCalls, customerWithAdmin, plansOf, submitted } from '../fixtures/billing.ts';
import { createTestContext, type JsonAnswer, type TestContext } from '../helpers.ts';

/**
 * What the service tests share: two customers (Acme, whose administrator makes the calls, and Globex, the
 * rival), each with an approved Professional order (a subscription, its token pack and the service the
 * approval makes), published and unpublished templates, connectors made through their own calls, and the
 * service calls as the portal makes them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Tenant {
  id: string;
  /** A customer administrator's token. */
  admin: string;
  subscriptionId: string;
  tokenPackId: string;
  /** The service the approval of the order made (no template, no connectors). */
  approvalServiceId: string;
}

export interface ServiceWorld {
  ctx: TestContext;
  acme: Tenant;
  globex: Tenant;
  operator: string;
  close: () => Promise<void>;
}

/** A customer with an approved Professional order: a subscription and its token pack. */
export async function tenant(ctx: TestContext, companyName: string, operator: string): Promise<Tenant> {
  const plans = await plansOf(ctx);
  const billing = billingCalls(ctx);
  const customer = await customerWithAdmin(ctx, companyName);
  const order = await submitted(
    billing.submit(customer.admin, customer.id, {
      numberOfUsers: 25,
      paymentPlanIds: [plans.pro.id, plans.proYearly],
      tokenPackName: `${companyName} Pack`,
    }),
  );
  const approved = await billing.approve(operator, order.id);
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  return {
    id: customer.id,
    admin: customer.admin,
    subscriptionId: approved.body.subscriptionId,
    tokenPackId: approved.body.tokenPackId,
    approvalServiceId: approved.body.serviceInstanceId,
  };
}

export async function serviceWorld(): Promise<ServiceWorld> {
  const ctx = await createTestContext();
  const operator = await ctx.signInOperator();
  const acme = await tenant(ctx, 'Acme', operator);
  const globex = await tenant(ctx, 'Globex', operator);
  return { ctx, acme, globex, operator, close: () => ctx.close() };
}

/**
 * A file's service world, made before its tests and closed after them (its members are there once the tests
 * run), and its service calls.
 */
export function serviceSuite() {
  const world = {} as ServiceWorld;
  beforeAll(async () => {
    Object.assign(world, await serviceWorld());
  });
  afterAll(async () => {
    await world.close?.();
  });
  return { world, calls: serviceCalls(world) };
}

/** A service template (written straight to the database), published unless told. */
export async function template(
  ctx: TestContext,
  connectorIds: number[],
  values: { status?: 'PUBLISHED' | 'UNPUBLISHED'; templateName?: string; protocol?: 'RADIUS' | 'HTTPS' } = {},
) {
  const uname = `template-${randomUUID().slice(0, 8)}`;
  const [row] = await ctx.db
    .insert(serviceTemplates)
    .values({
      uname,
      templateName: values.templateName ?? `Template ${uname}`,
      protocol: values.protocol ?? 'RADIUS',
      status: values.status ?? 'PUBLISHED',
      connectorIds,
    })
    .returning();
  return row!;
}

/** The service calls, as the portal makes them (the token of `as`, Acme's administrator by default). */
export function serviceCalls(world: ServiceWorld) {
  const call = (method: Method, url: string, json?: unknown, token = world.acme.admin) =>
    world.ctx.call(method, `/api${url}`, { token, json });
  const launch = '/service-mgmt/service-launch';
  const instance = '/service-mgmt/service-instance';
  return {
    call,
    validateCreate: (body: Partial<LaunchRequest>, token?: string) =>
      call('POST', `${launch}/validate-create-service`, body, token),
    create: (body: Partial<LaunchRequest>, token?: string) =>
      call('POST', `${launch}/create-service`, body, token),
    getOne: (customerId: string, id: string, token?: string) =>
      call('GET', `${launch}/${customerId}/${id}`, undefined, token),
    getMany: (customerId: string, ids: string[], token?: string) =>
      call('POST', `${launch}/details?customerId=${customerId}`, { ids }, token),
    update: (customerId: string, id: string, body: Record<string, unknown>, token?: string) =>
      call('PUT', `${launch}/${customerId}/${id}`, body, token),
    validateUpdate: (body: Record<string, unknown>, token?: string) =>
      call('POST', `${launch}/validate-update`, body, token),
    wizard: (customerId: string, id: string, status: string, token?: string) =>
      call('PUT', `${launch}/update-wizard-status`, { id, status, customerId }, token),
    download: (customerId: string, id: string, token?: string) =>
      call('GET', `${launch}/download/${id}?customerId=${customerId}`, undefined, token),
    list: (customerId: string, query = '', token?: string) =>
      call('GET', `${instance}/${customerId}/list${query ? `?${query}` : ''}`, undefined, token),
    start: (customerId: string, id: string, token?: string) =>
      call('POST', `${instance}/${customerId}/start`, { id }, token),
    stop: (customerId: string, id: string, token?: string) =>
      call('POST', `${instance}/${customerId}/stop`, { id }, token),
    remove: (customerId: string, id: string, token?: string) =>
      call('DELETE', `${instance}/${customerId}/delete`, { id }, token),
    unusedList: (customerId: string, tokenPackId: string, token?: string) =>
      call('GET', `${instance}/${customerId}/unused_list?tokenPackId=${tokenPackId}`, undefined, token),
  };
}

/** A launch of `templateId` into the tenant's token pack. */
export const launchOf = (
  who: Tenant,
  templateId: string,
  connectors: ServiceConnector[],
  extra: Partial<LaunchRequest> = {},
): LaunchRequest => ({
  serviceTemplateId: templateId,
  customerId: who.id,
  name: `Service ${randomUUID().slice(0, 8)}`,
  subscriptionId: who.subscriptionId,
  tokenPackId: who.tokenPackId,
  connectors,
  ...extra,
});

/** Launches and answers the new service's id (fails the test otherwise). */
export async function launched(world: ServiceWorld, body: LaunchRequest, token?: string): Promise<string> {
  const answer = await serviceCalls(world).create(body, token);
  if (answer.status !== 201)
    throw new Error(`create-service: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

/** A connector of `who`, made through its own call (a directory written to the database). */
export async function connector(
  world: ServiceWorld,
  who: Tenant,
  kind: ConnectorKind,
  name = `${kind} ${randomUUID().slice(0, 8)}`,
): Promise<{ id: string; name: string; answer?: JsonAnswer }> {
  const base = '/api/idm-config/connectors';
  const post = (type: string, json: unknown) =>
    world.ctx.call('POST', `${base}/${type}/${who.id}`, { token: who.admin, json });
  const tag = randomUUID().slice(0, 8);
  let answer: JsonAnswer;
  switch (kind) {
    case 'ldap':
    case 'ldap_2fa': {
      const [row] = await world.ctx.db
        .insert(directories)
        .values({ customerId: who.id, name, type: 'LDAP' })
        .returning();
      return { id: row!.id, name };
    }
    case 'radius':
      answer = await post('radius', {
        name,
        ipAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      break;
    case 'https':
      answer = await post('https', { name });
      break;
    case 'oidc':
      answer = await post('oidc', { clientName: name, redirectUrls: ['https://app.example.test/cb'] });
      break;
    case 'saml2':
      answer = await post('saml2', saml2Form(`sp-${tag}`, name));
      break;
    case 'saml': {
      const defaults = await world.ctx.call('GET', `${base}/saml/${who.id}/defaults`, {
        token: who.admin,
      });
      answer = await post('saml', { name, ...defaults.body });
      break;
    }
  }
  if (answer.status !== 201) throw new Error(`${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: answer.body.id as string, name, answer };
}

/** How a launch or an edit chooses the connector `made` (see connector), as one of `type`. */
export const asConnector = (
  made: { id: string; name: string },
  type: ServiceConnector['type'],
): ServiceConnector => ({
  id: made.id,
  type,
  name: made.name,
});

/** A RADIUS and an HTTPS connector of `who`, and how a launch chooses both (`chosen`). */
export async function radiusAndHttpsOf(world: ServiceWorld, who: Tenant) {
  const radius = await connector(world, who, 'radius');
  const https = await connector(world, who, 'https');
  return { radius, https, chosen: [asConnector(radius, 'radius'), asConnector(https, 'https')] };
}

/** Users of `customerId`, written to the database. */
export async function usersOf(ctx: TestContext, customerId: string, names: string[]) {
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId, name: `Users ${randomUUID().slice(0, 8)}`, type: 'LDAP' })
    .returning();
  return ctx.db
    .insert(users)
    .values(
      names.map((username) => ({
        customerId,
        directoryId: directory!.id,
        source: 'LDAP' as const,
        username,
        displayName: username.replace('.', ' '),
        email: `${username}@example.test`,
      })),
    )
    .returning();
}

/** The row counts of the tables a service call may write, for a customer (to check nothing was written). */
export async function writtenFor(ctx: TestContext, customerId: string) {
  const total = async (query: PromiseLike<{ total: number }[]>) => (await query)[0]?.total ?? 0;
  const counted = (
    table:
      | typeof radiusConnectors
      | typeof oidcClients
      | typeof httpsConnectors
      | typeof saml2Connectors
      | typeof samlConnectors
      | typeof serviceConnectors
      | typeof auditLog,
  ) => total(ctx.db.select({ total: count() }).from(table).where(eq(table.customerId, customerId)));
  /** The customer's rows of `table` in id order, each its id and `value`, as text. */
  const listed = async (table: typeof httpsConnectors | typeof tokenPacks, value: AnyPgColumn) =>
    JSON.stringify(
      await ctx.db
        .select({ id: table.id, value })
        .from(table)
        .where(eq(table.customerId, customerId))
        .orderBy(table.id),
    );
  const services = await ctx.db
    .select({ id: serviceInstances.id, config: serviceInstances.connectorConfig })
    .from(serviceInstances)
    .where(eq(serviceInstances.customerId, customerId))
    .orderBy(serviceInstances.id);
  const ids = services.map((row) => row.id);
  return {
    services: JSON.stringify(services),
    serviceConnectors: await counted(serviceConnectors),
    serviceUsers:
      ids.length === 0
        ? 0
        : await total(
            ctx.db
              .select({ total: count() })
              .from(serviceUsers)
              .where(inArray(serviceUsers.serviceInstanceId, ids)),
          ),
    radius: await counted(radiusConnectors),
    oidc: await counted(oidcClients),
    https: await counted(httpsConnectors),
    saml2: await counted(saml2Connectors),
    saml: await counted(samlConnectors),
    audit: await counted(auditLog),
    httpsServices: await listed(httpsConnectors, httpsConnectors.serviceId),
    wizard: await listed(tokenPacks, tokenPacks.wizardStatus),
  };
}

/** The audit entries of a record, oldest first. */
export const auditOfEntity = (ctx: TestContext, entityId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.modifiedDate);
