import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { defineResource } from '../../../contract/kit.ts';
import type { Database } from '../../../server/db/client.ts';
import { actingFor, inReach } from '../../../server/db/reach.ts';
import { directories, users } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { createKit } from '../../../server/kit/kit.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import {
  createTestContext,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
  testConfig,
} from '../helpers.ts';

/*
 * The customer's scope, enforced by the database (server/db/reach.ts, migration 0022): a transaction in a
 * customer's reach sees and writes that customer's rows only, whatever its query says, on every table whose
 * rows belong to a customer; and the route kit runs every call made in a customer so.
 */

/**
 * A call whose handler forgets its customer condition on purpose: it answers every user it can see. Its
 * customer comes from the path (an operator enters any customer; a customer's account names its own).
 */
const probe = defineResource({
  name: 'rls-probe',
  base: '/rls-probe',
  customerScoped: true,
  permission: null,
  actions: {
    everyUser: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/users',
      summary: 'Every user the call can see (a probe of the row-level security)',
      access: { customer: { from: 'path' } },
    },
    everyUserAnywhere: {
      by: 'call',
      method: 'GET',
      path: '{base}/users',
      summary: 'Every user the call can see, in no customer named by the call',
      access: {},
    },
  },
});

const answered = { schema: { response: { 200: Type.Array(Type.String()) } } };

let ctx: TestContext;
const customers: Record<'acme' | 'globex', { id: string; admin: string; users: string[] }> = {
  acme: { id: '', admin: '', users: [] },
  globex: { id: '', admin: '', users: [] },
};
let operator: string;

async function addUsers(db: Database, customerId: string, names: string[]): Promise<string[]> {
  const [directory] = await db
    .insert(directories)
    .values({ customerId, name: `Staff ${randomUUID().slice(0, 6)}`, type: 'LDAP' })
    .returning();
  await db.insert(users).values(
    names.map((username) => ({
      customerId,
      directoryId: directory!.id,
      username,
      source: 'LDAP' as const,
      status: 'ACTIVE' as const,
    })),
  );
  return names;
}

beforeAll(async () => {
  ctx = await createTestContext({
    extend: (app, db) => {
      const config = testConfig();
      app.register(
        async (api) => {
          const kit = createKit(api, {
            db,
            // The probe uses none of them.
            services: {
              config,
              sealer: createSealer(config.secretsKey),
              listening: { radius: null },
              mail: never(),
              payments: never(),
              now: () => new Date(),
            },
          });
          const everyUser = async ({ tx }: { tx: Database }) =>
            (await tx.select({ username: users.username }).from(users)).map((row) => row.username).sort();
          kit.route(probe, 'everyUser', answered, everyUser);
          kit.route(probe, 'everyUserAnywhere', answered, everyUser);
        },
        { prefix: '/api' },
      );
    },
  });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  for (const [name, users] of [
    ['acme', ['ada', 'alan']],
    ['globex', ['grace', 'gus', 'gwen']],
  ] as const) {
    const { id } = await ctx.createCustomer({ companyName: name });
    customers[name].id = id;
    customers[name].admin = (await signedIn(ctx, { customerId: id, roleIds: [role] })).token;
    customers[name].users = await addUsers(ctx.db, id, [...users]);
  }
  operator = await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

/** The rows of a plain query, on PGlite and node-postgres alike. */
const rowsOf = async <T>(db: Pick<Database, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const countOf = async (db: Pick<Database, 'execute'>, query: ReturnType<typeof sql>): Promise<number> =>
  (await rowsOf<{ n: number }>(db, query))[0]?.n ?? -1;

function never(): never {
  return undefined as never;
}

describe('a query that forgets its customer condition', () => {
  it("returns a customer's administrator only its own customer's rows", async () => {
    const { acme } = customers;
    const answer = await ctx.call('GET', `/api/rls-probe/${acme.id}/users`, { token: acme.admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(['ada', 'alan']);
  });

  it("returns a customer's rows to the calls of its accounts that name no customer", async () => {
    const { globex } = customers;
    const answer = await ctx.call('GET', '/api/rls-probe/users', { token: globex.admin });
    expect(answer.body).toEqual(['grace', 'gus', 'gwen']);
  });

  it('returns an operator inside a customer that customer’s rows only', async () => {
    const { globex } = customers;
    const answer = await ctx.call('GET', `/api/rls-probe/${globex.id}/users`, { token: operator });
    expect(answer.body).toEqual(['grace', 'gus', 'gwen']);
  });

  it('returns an operator outside any customer every row (the operator’s reach)', async () => {
    const answer = await ctx.call('GET', '/api/rls-probe/users', { token: operator });
    expect(answer.body).toEqual(['ada', 'alan', 'grace', 'gus', 'gwen']);
  });

  it("refuses another customer's id in the path before the query runs", async () => {
    const { acme, globex } = customers;
    const answer = await ctx.call('GET', `/api/rls-probe/${globex.id}/users`, { token: acme.admin });
    expect(answer.status).toBe(404);
  });
});

describe("a transaction in a customer's reach", () => {
  const inAcme = <T>(work: (tx: Database) => Promise<T>) =>
    inReach(ctx.db, { customer: customers.acme.id }, work);

  it("sees none of another customer's rows even when it asks for them by customer", async () => {
    const seen = await inAcme((tx) =>
      countOf(tx, sql`select count(*)::int as n from users where customer_id = ${customers.globex.id}`),
    );
    expect(seen).toBe(0);
  });

  it("changes none of another customer's rows", async () => {
    const changed = await inAcme((tx) =>
      rowsOf(
        tx,
        sql`update users set status = 'INACTIVE' where customer_id = ${customers.globex.id} returning id`,
      ),
    );
    expect(changed).toEqual([]);
    const active = sql`select count(*)::int as n from users where customer_id = ${customers.globex.id} and status = 'ACTIVE'`;
    expect(await countOf(ctx.db, active)).toBe(3);
  });

  it('cannot write a row for another customer', async () => {
    await expect(
      inAcme(async (tx) =>
        tx.execute(
          sql`insert into directories (customer_id, name, type) values (${customers.globex.id}, 'Stolen', 'LDAP')`,
        ),
      ),
    ).rejects.toThrow();
    expect(await countOf(ctx.db, sql`select count(*)::int as n from directories where name = 'Stolen'`)).toBe(
      0,
    );
  });

  it('sees nothing at all when no customer is set (it never falls back to every row)', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'gateway_customer', true)`);
        return tx.execute(sql`select count(*) from users`);
      }),
    ).rejects.toThrow();
  });
});

describe('a transaction of every row acting for one customer (an operator approving its order)', () => {
  const everyUser = sql`select count(*)::int as n from users`;

  it("sees and writes that customer's rows only, then every row again", async () => {
    const { acme, globex } = customers;
    const seen = await inReach(ctx.db, 'all', async (tx) => {
      const before = await countOf(tx, everyUser);
      const [during, changed] = await actingFor(tx, acme.id, async () => [
        await countOf(tx, everyUser),
        await rowsOf(tx, sql`update users set status = status where customer_id = ${globex.id} returning id`),
      ]);
      return { before, during, changed, after: await countOf(tx, everyUser) };
    });
    expect(seen).toEqual({ before: 5, during: 2, changed: [], after: 5 });
  });

  it("keeps a customer's transaction in its customer afterwards", async () => {
    const { acme, globex } = customers;
    const after = await inReach(ctx.db, { customer: globex.id }, async (tx) => {
      await actingFor(tx, acme.id, async () => undefined);
      return rowsOf<{ customer: string }>(tx, sql`select distinct customer_id as customer from users`);
    });
    expect(after).toEqual([{ customer: globex.id }]);
  });
});

describe('the policies', () => {
  /** The tables whose rows belong to a customer: a customer_id column, or a parent that has one. */
  const CHILD_TABLES = ['account_roles', 'service_users'];

  it('cover every table with a customer_id column, and the children of customers’ rows', async () => {
    const scoped = (
      await rowsOf<{ table_name: string }>(
        ctx.db,
        sql`select table_name from information_schema.columns
          where table_schema = current_schema() and column_name = 'customer_id' order by table_name`,
      )
    ).map((row) => row.table_name);
    expect(scoped.length).toBeGreaterThan(25);
    const wanted = [...scoped, 'customers', ...CHILD_TABLES].sort();
    const protectedTables = (
      await rowsOf<{ relname: string }>(
        ctx.db,
        sql`select c.relname from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relrowsecurity
          and exists (select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname
                      and 'gateway_customer' = any (p.roles))
        order by c.relname`,
      )
    ).map((row) => row.relname);
    expect(protectedTables).toEqual(wanted);
  });

  it("let a customer's searches use their indexes: lower, ILIKE and LIKE are leakproof", async () => {
    // Under row-level security an index serves a condition only when its functions are leakproof; the
    // bench (npm run bench -- users) measures what that is worth at 100,000 users.
    const marked = await rowsOf<{ proname: string }>(
      ctx.db,
      sql`select proname from pg_proc where proleakproof and proname in ('lower', 'texticlike', 'textlike')
        and pronamespace = 'pg_catalog'::regnamespace and proargtypes[0] = 'text'::regtype order by proname`,
    );
    expect(marked.map((row) => row.proname)).toEqual(['lower', 'texticlike', 'textlike']);
  });

  it('leave the instance secrets out of a customer’s transaction', async () => {
    await expect(
      inReach(ctx.db, { customer: customers.acme.id }, (tx) =>
        tx.execute(sql`select * from instance_secrets`),
      ),
    ).rejects.toThrow();
  });
});
