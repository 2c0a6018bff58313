import { count, eq } from 'drizzle-orm';
import type { Order } from '../../../contract/billing.ts';
import { auditLog, directories, files, tokenPacks, whiteListIps } from '../../../server/db/schema.ts';
import {
  type BillingWorld,
  billingCalls,
  billingWorld,
  type Customer,
  submitted,
} from '../fixtures/billing.ts';
import { GIF, image, jsonBlob, type Part, PNG, sendForm } from '../fixtures/multipart.ts';
import type { TestContext } from '../helpers.ts';

/**
 * What the token pack tests share: Acme and Globex, each with a customer administrator and token packs made
 * the way a customer gets them (an approved Professional order: a subscription, its pack and one service),
 * a directory each, and the calls as the portal makes them (multipart for create and update).
 */

export { GIF, image, type Part, PNG, SVG } from '../fixtures/multipart.ts';

export const info = (value: unknown): Part => ['info', jsonBlob(value)];
export const icon = (bytes = PNG, type = 'image/png'): Part => ['iconFile', image(bytes, type), 'icon.png'];
export const featureImage = (bytes = GIF, type = 'image/gif'): Part => [
  'featureImageFile',
  image(bytes, type),
  'feature.gif',
];

export interface PackWorld extends BillingWorld {
  /** Acme's first pack (approved order, default name) and its service; its second pack and service. */
  acmePack: { id: string; subscriptionId: string; serviceId: string };
  acmeBranch: { id: string; subscriptionId: string; serviceId: string };
  globexPack: { id: string; subscriptionId: string; serviceId: string };
  acmeDirectory: string;
  globexDirectory: string;
}

/** An approved Professional order of the customer's: its subscription, token pack and service. */
export async function approvedPack(
  ctx: TestContext,
  world: BillingWorld,
  customer: Customer,
  tokenPackName?: string,
): Promise<{ id: string; subscriptionId: string; serviceId: string }> {
  const calls = billingCalls(ctx);
  const order = await submitted(
    calls.submit(customer.admin, customer.id, {
      numberOfUsers: 25,
      paymentPlanIds: [world.plans.pro.id, world.plans.proYearly],
      ...(tokenPackName ? { tokenPackName } : {}),
    }),
  );
  const answer = await calls.approve(world.operator, order.id);
  if (answer.status !== 200) throw new Error(`approve: ${answer.status} ${JSON.stringify(answer.body)}`);
  const approved = answer.body as Order;
  return {
    id: approved.tokenPackId!,
    subscriptionId: approved.subscriptionId!,
    serviceId: approved.serviceInstanceId!,
  };
}

export async function packWorld(ctx: TestContext): Promise<PackWorld> {
  const world = await billingWorld(ctx);
  const directoryOf = async (customerId: string, name: string) => {
    const [row] = await ctx.db
      .insert(directories)
      .values({ customerId, name, type: 'LDAP' })
      .returning({ id: directories.id });
    return row!.id;
  };
  return {
    ...world,
    acmePack: await approvedPack(ctx, world, world.acme),
    acmeBranch: await approvedPack(ctx, world, world.acme, 'Branch Office'),
    globexPack: await approvedPack(ctx, world, world.globex),
    acmeDirectory: await directoryOf(world.acme.id, 'Acme LDAP'),
    globexDirectory: await directoryOf(world.globex.id, 'Globex LDAP'),
  };
}

export const V2 = '/api/idm-config/token-pack-v2';
export const WHITE_LIST = '/api/idm-config/white-list-ips';

/** The token pack and trusted network calls, as the portal makes them. */
export function packCalls(ctx: TestContext) {
  return {
    getOne: (token: string, customerId: string, id: string) =>
      ctx.call('GET', `${V2}/${customerId}/${id}`, { token }),
    search: (token: string, customerId: string, query = '') =>
      ctx.call('GET', `${V2}/${customerId}/search${query ? `?${query}` : ''}`, { token }),
    create: (token: string, customerId: string, ...parts: Part[]) =>
      sendForm(ctx, 'POST', `${V2}/${customerId}`, parts, token),
    update: (token: string, customerId: string, id: string, ...parts: Part[]) =>
      sendForm(ctx, 'PUT', `${V2}/${customerId}/${id}`, parts, token),
    remove: (token: string, customerId: string, id: string) =>
      ctx.call('DELETE', `${V2}/${id}?customerId=${customerId}`, { token }),
    bySubscription: (token: string, customerId: string, subscriptionId: string) =>
      ctx.call('GET', `${V2}/get-by-subscription/${subscriptionId}?customerId=${customerId}`, { token }),
    byService: (token: string, customerId: string, serviceId: string) =>
      ctx.call('GET', `${V2}/get-tokenpack-by-service-id/${serviceId}?customerId=${customerId}`, { token }),
    byWizardStatus: (token: string, customerId: string, status: string) =>
      ctx.call('GET', `/api/idm-config/token-pack/${customerId}/get-by-wizard-status/${status}`, { token }),
    olderList: (token: string, query: string) =>
      ctx.call('GET', `/api/idm-config/token-pack?${query}`, { token }),
    networks: {
      search: (token: string, customerId: string, packId: string, query = '') =>
        ctx.call('GET', `${WHITE_LIST}/${customerId}/${packId}/search${query ? `?${query}` : ''}`, { token }),
      create: (token: string, customerId: string, packId: string, json: unknown) =>
        ctx.call('POST', `${WHITE_LIST}/${customerId}/${packId}`, { token, json }),
      update: (token: string, customerId: string, packId: string, id: string, json: unknown) =>
        ctx.call('PUT', `${WHITE_LIST}/${customerId}/${packId}/${id}`, { token, json }),
      deleteMany: (token: string, customerId: string, packId: string, ids: string[]) =>
        ctx.call('DELETE', `${WHITE_LIST}/${customerId}/${packId}/delete-many`, { token, json: { ids } }),
    },
  };
}

/** Reads an image the way a browser does (no token), with its bytes. */
export async function getImage(ctx: TestContext, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** The row counts a refused write must leave as they were. */
export async function counts(ctx: TestContext) {
  const total = async (table: typeof tokenPacks | typeof files | typeof auditLog | typeof whiteListIps) =>
    (await ctx.db.select({ total: count() }).from(table))[0]!.total;
  return {
    packs: await total(tokenPacks),
    files: await total(files),
    audit: await total(auditLog),
    networks: await total(whiteListIps),
  };
}

/** The file id a versioned image URL names. */
export const fileIdOf = (url: string | null) =>
  url === null ? null : new URL(url, 'http://localhost').searchParams.get('v');

export const fileExists = async (ctx: TestContext, id: string) =>
  (await ctx.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;
