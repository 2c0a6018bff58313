import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { loadPermissions } from '../../../server/auth/guard.ts';
import * as schema from '../../../server/db/schema.ts';
import { openSession } from '../../../server/features/oauth2/oauth2.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, PASSWORD } from '../fixtures/admin.ts';
import { uniqueEmail } from '../helpers.ts';
import { appWithItsLog, type FuzzRequest, malformedRequests, sample, troubleIn } from './fuzzInputs.ts';
import { apiRoutes, type RouteEntry } from './routeTable.ts';

/**
 * Every route under /api, generated from its declaration: malformed paths, queries and bodies (see
 * fuzzInputs.ts) must get a 4xx or a 2xx, never a 5xx; nothing may reach the log as an error or a stack;
 * and a refused request writes nothing (the row count of every table is the same after it).
 * Guarded routes are called past the guard: by an operator holding every permission, and by a customer
 * administrator where the route lets customers in.
 */

const { ctx, table, logLines } = await appWithItsLog();

interface Caller {
  name: string;
  account?: { id: string; customerId: string | null; forceChangePassword: boolean };
  customerId: string | null;
  permissions: ReadonlySet<string>;
  token?: string;
}

const customer = await ctx.createCustomer({ companyName: 'Fuzz Customer' });

async function signedInCaller(name: string, role: string, customerId: string | null): Promise<Caller> {
  const email = uniqueEmail(name);
  const account = await ctx.createAccount({
    email,
    password: PASSWORD,
    customerId,
    forceChangePassword: false,
    roleIds: [await builtInRoleId(ctx, role)],
  });
  return {
    name,
    account,
    customerId,
    permissions: await loadPermissions(ctx.db, account.id),
    token: await ctx.signIn(email, PASSWORD),
  };
}

const operator = await signedInCaller('operator', PROVIDER_ADMIN_ROLE, null);
const customerAdmin = await signedInCaller('customer-admin', CUSTOMER_ADMIN_ROLE, customer.id);
const anonymous: Caller = { name: 'anonymous', customerId: null, permissions: new Set() };

/** Who can reach the route past the guard. */
function callersOf(route: RouteEntry): Caller[] {
  const access = route.access;
  if (!access || access.public) return [anonymous];
  const scope = access.scope ?? 'any';
  const candidates =
    scope === 'provider' ? [operator] : scope === 'customer' ? [customerAdmin] : [operator, customerAdmin];
  return candidates.filter((caller) => !access.permission || caller.permissions.has(access.permission));
}

/** Values of path parameters that exist where it matters: a customer id is the caller's (or any) customer. */
function pathValuesFor(route: RouteEntry, caller: Caller): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of route.params) {
    if (name === 'customerId') values[name] = caller.customerId ?? customer.id;
    else values[name] = String(sample(route.schemas.params?.properties?.[name] ?? { type: 'string' }));
  }
  return values;
}

const { rateLimits } = schema;
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const countFields: Record<string, SQL<number>> = Object.fromEntries(
  tables.map((each) => [getTableName(each), sql<number>`(select count(*) from ${each})::int`]),
);
const rowCounts = async () => (await ctx.db.select(countFields).from(sql`(select 1) as one`))[0]!;

/** The id the next writing transaction will get: it moves with every write, even one rolled back. */
const nextTransactionId = async () =>
  (
    await ctx.db
      .select({ next: sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text` })
      .from(sql`(select 1) as one`)
  )[0]!.next;

/** Answers that may write although they refuse: a failed sign-in is counted (and locks the login). */
const mayWriteWhenRefused = (status: number) => status === 401 || status === 429;

async function send(request: FuzzRequest, token: string | undefined) {
  const response = await ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: token ? { ...request.headers, authorization: `Bearer ${token}` } : request.headers,
    payload: request.payload,
  });
  return response.statusCode;
}

const routes = apiRoutes(table);

it('finds the API routes and who may call them', () => {
  expect(routes.length).toBeGreaterThan(50);
  for (const route of routes) {
    expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    expect(callersOf(route), `nobody can call ${route.method} ${route.url} past the guard`).not.toEqual([]);
  }
});

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_, route) => {
  it('answers malformed input with a 4xx, logs no error and writes nothing', async () => {
    const failures: string[] = [];
    /** Answers given past the guard and any rate limit: the fuzz must reach the route's own checks. */
    let reached = 0;
    let sent = 0;
    for (const caller of callersOf(route)) {
      let counts = await rowCounts();
      let lastWrite = await nextTransactionId();
      for (const request of malformedRequests(route, pathValuesFor(route, caller))) {
        let status = await send(request, caller.token);
        if (status === 401 && caller.account) {
          // A case signed the caller out (POST /auth/signout): open a new session and send it once more.
          caller.token = (await openSession(ctx.db, ctx.config, caller.account)).token;
          counts = await rowCounts();
          lastWrite = await nextTransactionId();
          status = await send(request, caller.token);
        }
        sent += 1;
        const where = `${caller.name}, ${request.label}`;
        if (status >= 500) failures.push(`${where}: ${status}`);
        if (caller.token && status === 401) failures.push(`${where}: refused by the guard (401)`);
        if (status !== 403 && status !== 429 && !(caller.token && status === 401)) reached += 1;
        // Counting every table after each request would dominate the run: they are counted again only
        // when a transaction was started since the last count (a write, even one rolled back).
        const transactionId = await nextTransactionId();
        if (transactionId === lastWrite) continue;
        const after = await rowCounts();
        // A refused request still counts against its rate limit (the limits count what arrives, by design).
        const changed = Object.keys(after).filter(
          (name) => after[name] !== counts[name] && name !== getTableName(rateLimits),
        );
        if (status >= 400 && !mayWriteWhenRefused(status) && changed.length > 0) {
          failures.push(`${where}: ${status} but wrote to ${changed.join(', ')}`);
        }
        counts = after;
        lastWrite = transactionId;
      }
    }
    const trouble = troubleIn(logLines.splice(0)).map((line) => line.slice(0, 2000));
    expect(failures).toEqual([]);
    expect(trouble).toEqual([]);
    expect(reached).toBeGreaterThan(sent / 2);
    expect(sent).toBeGreaterThan(0);
  });
});
