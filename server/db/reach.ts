import { sql } from 'drizzle-orm';
import { type AnyPgColumn, PgTransaction, pgPolicy, pgRole } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * The customer's scope, enforced by the database. Every table whose rows belong to a customer carries a
 * row-level security policy (`customerScope` in its schema) for the role `gateway_customer`, which has no
 * BYPASSRLS and owns nothing: its queries see and write only the rows of the customer named by the
 * transaction's `app.customer_id` setting. A call made in a customer runs its transaction in that role
 * (`inReach`), so that a query that forgets its customer condition still returns no other customer's row.
 *
 * The server itself connects as the tables' owner (migrations, sign-in, background work and operators
 * acting across customers run so, and bypass the policies). Without the setting, the role's queries fail
 * ('invalid input syntax for type uuid'): it never falls back to every row.
 */

export const CUSTOMER_ROLE = 'gateway_customer';
export const CUSTOMER_SETTING = 'app.customer_id';

/** The role, made by migration 0022 (it may already exist: roles belong to the whole PostgreSQL server). */
export const customerRole = pgRole(CUSTOMER_ROLE).existing();

/**
 * The transaction's customer, read once per statement: as a scalar subquery the planner evaluates it once
 * (an InitPlan) rather than for every row it filters (a page of 1,000 activation codes out of 100,000 took
 * 408 ms with the per-row read, 219 ms with this one, 175 ms without row-level security).
 */
const currentCustomer = sql.raw(`(select current_setting('${CUSTOMER_SETTING}')::uuid)`);

/**
 * The policy of a customer's table: its rows are the customer's whose id `column` holds. `shared`: rows
 * with no customer (the provider's, offered to every customer: shared roles, template images) are read
 * too, never written.
 */
export const customerScope = (column: AnyPgColumn, options: { shared?: boolean } = {}) =>
  pgPolicy('customer_scope', {
    as: 'permissive',
    for: 'all',
    to: customerRole,
    using: options.shared
      ? sql`${column} is null or ${column} = ${currentCustomer}`
      : sql`${column} = ${currentCustomer}`,
    withCheck: sql`${column} = ${currentCustomer}`,
  });

/**
 * The policy of a table whose rows belong to a row of a customer's table (`parent`, by its `id`): a row is
 * seen and written when its parent is, so the parent's own policy decides.
 */
export const belongsTo = (parent: string, column: AnyPgColumn) => {
  const parentIsSeen = sql`exists (select 1 from ${sql.identifier(parent)} where ${sql.identifier(parent)}.id = ${column})`;
  return pgPolicy('customer_scope', {
    as: 'permissive',
    for: 'all',
    to: customerRole,
    using: parentIsSeen,
    withCheck: parentIsSeen,
  });
};

/** Whom a transaction acts for: one customer (the policies admit its rows only), or every row. */
export type Reach = { customer: string } | 'all';

/**
 * Runs `work` in a transaction of `reach`: for a customer, as `gateway_customer` with `app.customer_id`
 * set, both for this transaction only (`set_config(…, true)`), so that a pooled connection carries
 * nothing to its next user.
 */
export function inReach<T>(db: Database, reach: Reach, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (reach !== 'all') await tx.execute(customerSettings(reach.customer));
    return work(tx);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that makes a transaction the customer's. A customer id is a uuid, written into the text:
 * a statement without parameters goes by the simple query protocol, one message rather than five (on the
 * embedded database each is a hop to its thread; about 0.4 ms of every customer's transaction). Anything
 * else goes as a parameter, and fails as it would.
 */
const customerSettings = (customer: string) =>
  UUID.test(customer)
    ? sql.raw(
        `select set_config('role', '${CUSTOMER_ROLE}', true), set_config('${CUSTOMER_SETTING}', '${customer}', true)`,
      )
    : sql`select set_config('role', ${CUSTOMER_ROLE}, true), set_config(${CUSTOMER_SETTING}, ${customer}, true)`;

/**
 * Inside a transaction of any reach, `work` acts for one customer: its queries run under that customer's
 * policies (a row of another customer is neither seen nor written), then the transaction's reach is what
 * it was. An operator's work on one customer's records (approving its order) runs so, and needs no customer
 * condition of its own. A failure aborts the whole transaction, so nothing is restored after one.
 */
export async function actingFor<T>(tx: Database, customer: string, work: () => Promise<T>): Promise<T> {
  const reached = (await tx.execute(
    sql`select current_setting('role') as role, current_setting(${CUSTOMER_SETTING}, true) as customer`,
  )) as unknown as { rows: { role: string; customer: string | null }[] };
  const [before] = reached.rows;
  await tx.execute(customerSettings(customer));
  const result = await work();
  await tx.execute(
    sql`select set_config('role', ${before?.role ?? 'none'}, true), set_config(${CUSTOMER_SETTING}, ${before?.customer ?? ''}, true)`,
  );
  return result;
}

const isTransaction = (db: Database) => (db as unknown) instanceof PgTransaction;

/**
 * `work` under one customer's policies, whether `db` is the pool or a transaction already open (then in a
 * savepoint of it, whose row locks last as long as the transaction): for a lookup that starts from a
 * record found across customers (an API key, a service, an account) and must read the rest of it in that
 * record's customer only.
 */
export function withinCustomer<T>(
  db: Database,
  customer: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  // From the pool, the transaction is the customer's from its start to its end: nothing to restore after.
  if (!isTransaction(db)) return inReach(db, { customer }, work);
  return db.transaction((tx) => actingFor(tx, customer, () => work(tx)));
}
