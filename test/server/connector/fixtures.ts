import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { NEW_SAML2_SETTINGS } from '../../../contract/saml2.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { auditOf, builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { createTestContext, type JsonAnswer, type TestContext } from '../helpers.ts';

/**
 * What the connector route tests share: a database with two customers (Acme, whose administrator makes the
 * calls, and Globex, whose administrator is the rival that must see none of Acme's connectors), a caller
 * with chosen permissions, and the audit entries of a record as text.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ConnectorWorld {
  ctx: TestContext;
  acme: { id: string };
  globex: { id: string };
  /** Acme's customer administrator. */
  admin: string;
  /** Globex's customer administrator. */
  rival: string;
  /** An /api call with a token (Acme's administrator unless told). */
  call: (method: Method, url: string, json?: unknown, token?: string) => Promise<JsonAnswer>;
  /** A signed-in account of `customerId` whose one role (of that customer) has exactly `permissions`. */
  callerWith: (customerId: string, permissions: string[]) => Promise<string>;
  close: () => Promise<void>;
}

export async function connectorWorld(): Promise<ConnectorWorld> {
  const ctx = await createTestContext();
  const acme = await ctx.createCustomer({ companyName: 'Acme' });
  const globex = await ctx.createCustomer({ companyName: 'Globex' });
  const customerAdmin = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  const admin = (await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdmin] })).token;
  const rival = (await signedIn(ctx, { customerId: globex.id, roleIds: [customerAdmin] })).token;
  const call = (method: Method, url: string, json?: unknown, token = admin) =>
    ctx.call(method, `/api${url}`, { token, json });
  const callerWith = async (customerId: string, permissions: string[]) => {
    const role = await ctx.createRole({
      name: `limited-${randomUUID().slice(0, 8)}`,
      customerId,
      scope: 'customer',
      permissions,
    });
    return (await signedIn(ctx, { customerId, roleIds: [role.id] })).token;
  };
  return { ctx, acme, globex, admin, rival, call, callerWith, close: () => ctx.close() };
}

/**
 * A file's connector world, made before its tests and closed after them (its members are there once the
 * tests run), with one kind of connector's address `base`: `acmeBase()` is Acme's list of that kind, and
 * `created(json)` makes one there as Acme's administrator, expects 201 and answers the body.
 */
export function connectorSuite(base: string) {
  const world = {} as ConnectorWorld;
  beforeAll(async () => {
    Object.assign(world, await connectorWorld());
  });
  afterAll(async () => {
    await world.close?.();
  });
  const acmeBase = () => `${base}/${world.acme.id}`;
  async function created(json: unknown) {
    const answer = await world.call('POST', acmeBase(), json);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }
  return { world, acmeBase, created };
}

/** The database row of `table` whose id is `id`, if any. */
export async function rowById<T extends PgTable & { id: AnyPgColumn }>(
  ctx: TestContext,
  table: T,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const rows = await ctx.db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return rows[0] as T['$inferSelect'] | undefined;
}

/**
 * A SAML 2.0 connector's form as the portal sends it, for service provider `uname` at
 * https://<uname>.example.test, with `values` over it.
 */
export const saml2Form = (uname: string, providerName: string, values: Record<string, unknown> = {}) => ({
  ...NEW_SAML2_SETTINGS,
  uname,
  providerName,
  entityId: `https://${uname}.example.test`,
  acsUrl: `https://${uname}.example.test/acs`,
  ...values,
});

/** The audit entries of one record, oldest first, and the same as one JSON text (to look for secrets in). */
export async function auditTrail(ctx: TestContext, entityId: string) {
  const entries = await auditOf(ctx, entityId);
  return { entries, text: JSON.stringify(entries) };
}

/** The page search of a list, as the portal asks for it. */
export const pageQuery = (sort: string, extra = '') =>
  `search?page=0&pageSize=10&sort=${sort}&order=ASC${extra ? `&${extra}` : ''}`;

/** Ids a caller may send for a record it cannot see: another one, none at all, and not an id. */
export const strangerIds = () => [randomUUID(), 'not-a-uuid', '0'];

/** A name no other test of the file uses. */
export const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/**
 * Expects the rival (Globex's administrator) to get 404 for the record `target` of `customer` under `base`:
 * reading it, changing it to `form` and deleting it.
 */
export async function expectRivalKeptOut(
  world: ConnectorWorld,
  base: string,
  customer: string,
  target: string,
  form: unknown,
) {
  const path = `${base}/${customer}/${target}`;
  expect((await world.call('GET', path, undefined, world.rival)).status, path).toBe(404);
  expect((await world.call('PUT', path, form, world.rival)).status, path).toBe(404);
  const remove = `${base}/${target}?customerId=${customer}`;
  expect((await world.call('DELETE', remove, undefined, world.rival)).status, remove).toBe(404);
}
