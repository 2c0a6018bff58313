import { Type } from '@fastify/type-provider-typebox';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { UUID_PATTERN } from '../validation.ts';
import type { Caller } from './guard.ts';

/**
 * The customer a call acts in, for the `{resource}/{customerId}/…` calls:
 * - an account of a customer acts only in its own customer;
 * - a provider operator (no customer) acts in any existing customer (one entered from the portal).
 * Any other id, an unknown one and a malformed one all get the same 404 `error.customer.notFound`,
 * so that the ids of other customers are not revealed.
 *
 * The scope is applied in the query, never by filtering what was loaded:
 *
 *   const customerId = await resolveCustomer(db, callerOf(request), request.params.customerId);
 *   const found = await findRows(db, db.select(fields).from(tokenPacks).$dynamic(), tokenPackList, ask,
 *     scoped(tokenPacks.customerId, customerId));
 */

export const CUSTOMER_NOT_FOUND = { key: 'error.customer.notFound', text: 'Customer not found' } as const;

export const customerNotFound = () => notFound(CUSTOMER_NOT_FOUND.key, CUSTOMER_NOT_FOUND.text);

/** The path parameters of a customer-scoped call. The id is checked by resolveCustomer (404, not 400). */
export const CustomerParams = Type.Object({ customerId: Type.String() });

/** The customer id the caller may act in, as stored; a 404 for any id it may not use. */
export async function resolveCustomer(
  db: Database,
  caller: Pick<Caller, 'account'>,
  customerId: string,
): Promise<string> {
  if (!UUID_PATTERN.test(customerId)) throw customerNotFound();
  const own = caller.account.customerId;
  if (own !== null) {
    if (own.toLowerCase() !== customerId.toLowerCase()) throw customerNotFound();
    return own;
  }
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId.toLowerCase()));
  if (!customer) throw customerNotFound();
  return customer.id;
}

/** The condition that keeps a query inside one customer: `column = customerId`. */
export const scoped = (column: AnyPgColumn, customerId: string): SQL => eq(column, customerId);
