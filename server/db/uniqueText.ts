import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppError } from '../errors.ts';
import type { Database } from './client.ts';

/**
 * Refuses a text value that another row already has, ignoring case (`taken()` is thrown). Call it inside
 * the transaction that writes the value: writers of the same value (in any case) wait for each other on a
 * lock of that value, so that two rows never end up with values that differ only in case.
 */
export async function claimUniqueText(
  tx: Database,
  rule: {
    /** Any number, the same in every process, one per rule: the first key of its locks. */
    lock: number;
    table: PgTable;
    column: PgColumn;
    id: PgColumn;
    /** Which rows count (a role's name is unique among the provider's roles only). */
    among?: SQL;
    /** A column that names the row holding the value, for `taken` to say which it is. */
    holder?: PgColumn;
    taken: (holder?: string) => AppError;
  },
  value: string,
  exceptId?: string,
): Promise<void> {
  const lowered = value.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${rule.lock}, hashtext(${lowered}))`);
  const [found] = await tx
    .select({ id: rule.id, holder: rule.holder ?? rule.id })
    .from(rule.table)
    .where(
      and(
        rule.among,
        eq(sql`lower(${rule.column})`, lowered),
        exceptId === undefined ? undefined : ne(rule.id, exceptId),
      ),
    )
    .limit(1);
  if (found) throw rule.taken(rule.holder ? String(found.holder) : undefined);
}
