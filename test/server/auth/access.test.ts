import { randomUUID } from 'node:crypto';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { AccessRule, CustomerSource } from '../../../contract/kit.ts';
import { allPermissionKeys, CATALOGUE, type Permission } from '../../../contract/permissions.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../../server/auth/guard.ts';
import * as schema from '../../../server/db/schema.ts';
import { sessions } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { openSession } from '../../../server/features/oauth2/oauth2.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import type directoryRecords from '../directory/records.ts';
import { builtInRoleId, insertAccount } from '../fixtures/admin.ts';
import { type FeatureRecords, type MadeBy, makeRecords } from '../fixtures/featureRecords.ts';
import { createTestContext, type JsonAnswer } from '../helpers.ts';
import { apiRoutes, type RouteEntry, routeTable } from '../kit/routeTable.ts';
import type tokenPackRecords from '../tokenPack/records.ts';

/*
 * The access matrix, generated from the registered routes: every route is called by every kind of caller it
 * must refuse, and the refusal is the one the guard promises (401, 403, 404), with nothing written. A new route
 * joins without a line here. Beside each refusal, a caller who may make the call is let past the guard, so
 * that a refusal is known to come from what the case changes.
 */

const table = routeTable();
const ctx = await createTestContext({ extend: table.collect });
afterAll(async () => {
  await ctx.close();
});
const routes = apiRoutes(table);

const acme = await ctx.createCustomer({ companyName: 'Acme' });
const globex = await ctx.createCustomer({ companyName: 'Globex' });
const providerAdmin = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
const customerAdmin = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);

type Account = typeof schema.accounts.$inferSelect;

/** An account written straight to the database (no password hashing: fast). */
async function accountOf(values: {
  customerId?: string | null;
  roleIds: string[];
  forceChangePassword?: boolean;
}): Promise<Account> {
  const account = await insertAccount(ctx, {
    customerId: values.customerId ?? null,
    roleIds: values.roleIds,
  });
  if (!values.forceChangePassword) return account;
  const [forced] = await ctx.db
    .update(schema.accounts)
    .set({ forceChangePassword: true })
    .where(eq(schema.accounts.id, account.id))
    .returning();
  return forced!;
}

/** A new session of the account: each call gets its own (a call may end the session it is made with). */
const sessionOf = async (account: Account) => (await openSession(ctx.db, ctx.config, account)).token;

// Records of Globex's of every kind, made by the features that own them (test/server/<feature>/records.ts):
// the record checks below use the first of each list, and the paths that name a directory or a token pack
// name Globex's.
const made = await makeRecords(
  { db: ctx.db, customerId: globex.id, sealer: createSealer(ctx.config.secretsKey) },
  import.meta.glob<FeatureRecords>('../*/records.ts', { eager: true, import: 'default' }),
);
const { directory: globexDirectory } = made.directory as MadeBy<typeof directoryRecords>;
const { packs: globexPacks } = made.tokenPack as MadeBy<typeof tokenPackRecords>;

const operator = await accountOf({ roleIds: [providerAdmin] });
const adminOfAcme = await accountOf({ customerId: acme.id, roleIds: [customerAdmin] });
const adminOfGlobex = await accountOf({ customerId: globex.id, roleIds: [customerAdmin] });
const forcedOperator = await accountOf({ roleIds: [providerAdmin], forceChangePassword: true });
const forcedAdmin = await accountOf({
  customerId: acme.id,
  roleIds: [customerAdmin],
  forceChangePassword: true,
});

/** A token whose session has been revoked (signed out). */
async function revokedToken(): Promise<string> {
  const token = await sessionOf(operator);
  const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, jti));
  return token;
}

const isCustomerPermission = (permission: Permission) =>
  CATALOGUE[permission.split(':')[0] as keyof typeof CATALOGUE].scope !== 'provider';

/** Callers holding every permission of their kind but one: made once per permission a route needs. */
const withoutCache = new Map<string, Promise<Account>>();
async function without(permission: Permission, kind: 'provider' | 'customer'): Promise<string> {
  const key = `${kind}:${permission}`;
  let account = withoutCache.get(key);
  if (!account) {
    account = (async () => {
      const keys = allPermissionKeys().filter(
        (candidate) => candidate !== permission && (kind === 'provider' || isCustomerPermission(candidate)),
      );
      const role = await ctx.createRole({
        name: `without-${kind}-${permission}`,
        scope: kind,
        customerId: kind === 'customer' ? acme.id : null,
        permissions: keys,
      });
      return accountOf({ customerId: kind === 'customer' ? acme.id : null, roleIds: [role.id] });
    })();
    withoutCache.set(key, account);
  }
  return sessionOf(await account);
}

/** Every table's content as one fingerprint (rate-limit counters aside: they count what arrives). */
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map(getTableName)
  .filter((name) => name !== 'rate_limits');
async function fingerprint(): Promise<string> {
  const parts = tables.map(
    (name) =>
      sql`(select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') from ${sql.identifier(name)} t)`,
  );
  const [row] = await ctx.db
    .select({ digest: sql<string>`md5(${sql.join(parts, sql` || `)})` })
    .from(sql`(select 1) as one`);
  return row!.digest;
}

interface Ask {
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Calls a route: its path parameters filled (random ids unless given), a JSON body when it takes one. */
async function callRoute(route: RouteEntry, ask: Ask): Promise<JsonAnswer> {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(ask.params?.[name] ?? randomUUID()),
  );
  const query = new URLSearchParams(ask.query).toString();
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'DELETE';
  return ctx.call(route.method as 'GET', `${path}${query ? `?${query}` : ''}`, {
    token: ask.token,
    ...(takesBody && !route.multipart ? { json: ask.body ?? {} } : {}),
  });
}

/** The place a customer source reads, filled with `customerId`. */
function customerAt(source: Exclude<CustomerSource, { from: 'none' | 'own' }>, customerId: string): Ask {
  const name = source.name ?? 'customerId';
  if (source.from === 'path') return { params: { [name]: customerId } };
  if (source.from === 'query') return { query: { [name]: customerId } };
  const path = name.split('.');
  const body: Record<string, unknown> = {};
  let at = body;
  for (const key of path.slice(0, -1)) {
    const inner: Record<string, unknown> = {};
    at[key] = inner;
    at = inner;
  }
  at[path.at(-1)!] = customerId;
  return { body };
}

const guarded = routes.filter(
  (route): route is RouteEntry & { access: Exclude<AccessRule, { public: true }> } => !route.access?.public,
);
const scopeOf = (route: (typeof guarded)[number]) => route.access.scope ?? 'any';
/** A caller the guard lets through: the operator, or (customer routes) a customer administrator. */
const passing = (route: (typeof guarded)[number]) =>
  sessionOf(scopeOf(route) === 'customer' ? adminOfAcme : operator);
const passesGuard = (answer: JsonAnswer) => answer.status !== 401 && answer.status !== 403;
const label = (route: RouteEntry) => `${route.method} ${route.url}`;

it('covers every API route, and each declares who may call it', () => {
  expect(routes.length).toBeGreaterThan(50);
  for (const route of routes) expect(route.access, label(route)).toBeDefined();
});

const each = (list: typeof guarded) => list.map((route) => [label(route), route] as const);

describe('without a token, with a revoked one, and with a caller who may make the call', () => {
  it.each(each(guarded))('%s: 401, 401, past the guard', async (_, route) => {
    expect((await callRoute(route, {})).status).toBe(401);
    expect((await callRoute(route, { token: await revokedToken() })).status).toBe(401);
    expect(passesGuard(await callRoute(route, { token: await passing(route) }))).toBe(true);
  });
});

describe('a caller of the other scope', () => {
  const scoped = guarded.filter((route) => scopeOf(route) !== 'any');
  it.each(each(scoped))('%s: 403', async (_, route) => {
    const other = await sessionOf(scopeOf(route) === 'provider' ? adminOfAcme : operator);
    const answer = await callRoute(route, { token: other });
    expect(answer.status).toBe(403);
    expect(answer.body.messageKey).toBe('error.action.notallow');
  });
});

describe('a caller whose roles grant every permission but the one the call needs', () => {
  const needing = guarded.filter((route) => route.access.permission !== undefined);
  it.each(each(needing))('%s: 403', async (_, route) => {
    const permission = route.access.permission!;
    const kinds: ('provider' | 'customer')[] = [];
    if (scopeOf(route) !== 'customer') kinds.push('provider');
    if (scopeOf(route) !== 'provider' && isCustomerPermission(permission)) kinds.push('customer');
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) {
      const answer = await callRoute(route, { token: await without(permission, kind) });
      expect(answer.status, kind).toBe(403);
      expect(answer.body.messageKey).toBe('error.action.notallow');
    }
  });
});

describe('an account that must still change its password', () => {
  it.each(each(guarded))('%s: only the calls of the password change pass', async (_, route) => {
    const forced = await sessionOf(scopeOf(route) === 'customer' ? forcedAdmin : forcedOperator);
    const answer = await callRoute(route, { token: forced });
    if (route.access.duringPasswordChange) {
      expect(passesGuard(answer)).toBe(true);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body.messageKey).toBe(PASSWORD_CHANGE_REQUIRED.key);
    }
  });
});

describe("another customer's id, or an unknown one, where the call names its customer", () => {
  const naming = guarded.filter((route) => {
    const source = route.access.customer;
    return source !== undefined && source.from !== 'none' && source.from !== 'own';
  });

  it('finds the routes to check', () => {
    expect(naming.length).toBeGreaterThan(0);
  });

  it.each(each(naming))('%s: 404, and nothing written', async (_, route) => {
    const source = route.access.customer as Exclude<CustomerSource, { from: 'none' | 'own' }>;
    const [ofAcme, ofGlobex, ofOperator] = await Promise.all(
      [adminOfAcme, adminOfGlobex, operator].map(sessionOf),
    );
    const before = await fingerprint();
    if (scopeOf(route) !== 'provider') {
      const foreign = await callRoute(route, { token: ofAcme, ...customerAt(source, globex.id) });
      expect(foreign.status).toBe(404);
      expect(foreign.body.messageKey).toBe('error.customer.notFound');
    }
    // Operators may name any customer; a customer-scope call refuses them, so a customer's account asks.
    const asker = scopeOf(route) === 'customer' ? ofAcme : ofOperator;
    const unknown = await callRoute(route, { token: asker, ...customerAt(source, randomUUID()) });
    expect(unknown.status).toBe(404);
    expect(await fingerprint()).toBe(before);
    if (scopeOf(route) !== 'provider') {
      // The customer's own administrator is let through (a record id the call names may still be unknown).
      const own = await callRoute(route, { token: ofGlobex, ...customerAt(source, globex.id) });
      expect(own.body.messageKey ?? '').not.toBe('error.customer.notFound');
    }
  });
});

/**
 * Records of another customer named by id: every route reachable by a customer administrator that takes a
 * record id (in its path, or as the `id` its body requires) answers 404 for a record of another customer. The records
 * are those the other customer's administrator sees in the resource's own list.
 */
/** Resources without a list of their own, and the resource whose list shows their records. */
const LISTED_IN: Readonly<Record<string, string>> = { 'service-launch': 'service-instance' };
/**
 * Calls whose `id` names no customer's record: a dashboard's uid (customer or provider, the same to all), a
 * message's key (every customer's: each reads and writes its own overrides of it, and test/server/translations
 * proves another customer's stay out of reach).
 */
const NOT_RECORDS = ['report.getOne', 'translations.getOne', 'translations.update'];

describe('records of another customer', () => {
  const reachable = guarded.filter(
    (route) =>
      scopeOf(route) !== 'provider' &&
      (route.params.includes('id') || route.schemas.body?.required?.includes('id') === true) &&
      route.contractKey !== undefined &&
      !NOT_RECORDS.includes(route.contractKey),
  );

  it('finds the routes to check', () => {
    expect(reachable.length).toBeGreaterThan(0);
  });

  it.each(reachable.map((route) => [label(route), route] as const))('%s', async (_, route) => {
    const resource = route.contractKey!.split('.')[0]!;
    const listedIn = LISTED_IN[resource] ?? resource;
    const list = routes.find((candidate) => candidate.contractKey === `${listedIn}.list`);
    expect(list, `${resource} has a list to find another customer's records in`).toBeDefined();
    // Where a path names the customer, the directory or the token pack, Globex's.
    const inGlobex = {
      customerId: globex.id,
      connectorId: globexDirectory!.id,
      tokenPackId: globexPacks[0]!.id,
    };
    const listed = await callRoute(list!, {
      params: inGlobex,
      token: await sessionOf(adminOfGlobex),
      body: { page: 0, limit: 10 },
      query: list!.method === 'GET' ? { page: '0', pageSize: '10' } : undefined,
    });
    const rows: { id: string }[] = listed.body.contents ?? listed.body.content ?? listed.body;
    expect(rows.length, `Globex has ${resource} records`).toBeGreaterThan(0);
    const theirs = rows[0]!.id;
    // The body: an edit sends the record as it was read; other calls the id and their other required fields.
    const required = (route.schemas.body?.required ?? []) as string[];
    const known = Object.keys(route.schemas.body?.properties ?? {});
    const body: Record<string, unknown> =
      route.method === 'PUT'
        ? Object.fromEntries(Object.entries(rows[0]!).filter(([name]) => known.includes(name)))
        : {};
    // A required list is sent empty, a choice as its first value (a record's value that is not one of them
    // too), any other required field as a text.
    const properties = route.schemas.body?.properties ?? {};
    for (const name of required) {
      const schema = properties[name];
      if (body[name] !== undefined && !(schema?.enum && !schema.enum.includes(body[name]))) continue;
      body[name] = schema?.type === 'array' ? [] : (schema?.enum?.[0] ?? 'Valid-Value-1');
    }
    if (route.schemas.body?.properties?.id !== undefined || required.includes('id')) body.id = theirs;

    const [ofAcme, ofGlobex] = await Promise.all([adminOfAcme, adminOfGlobex].map(sessionOf));
    const before = await fingerprint();
    const inAcme = { customerId: acme.id, connectorId: globexDirectory!.id, tokenPackId: globexPacks[0]!.id };
    // Where the body names the customer, the caller's own.
    const source = route.access.customer;
    const bodyIn = (customerId: string) =>
      source?.from === 'body' ? { ...body, ...customerAt(source, customerId).body } : body;
    const answer = await callRoute(route, {
      token: ofAcme,
      params: { ...inAcme, id: theirs },
      query: { customerId: acme.id },
      body: bodyIn(acme.id),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(await fingerprint()).toBe(before);
    // Their own administrator is let through (past the record: a call that needs more may still say no).
    const own = await callRoute(route, {
      token: ofGlobex,
      params: { ...inGlobex, id: theirs },
      query: { customerId: globex.id },
      body: bodyIn(globex.id),
    });
    if (own.status === 404) expect(own.body.messageKey).not.toBe(answer.body.messageKey);
  });
});
