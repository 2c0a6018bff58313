import { desc, eq } from 'drizzle-orm';
import { CARD_ERRORS, type Card } from '../../../contract/card.ts';
import type { Database } from '../../db/client.ts';
import { cards, customers, processorAccounts } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import type { AttachedCard, PaymentProcessor } from '../../domain/payments/processor.ts';
import { fail } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * A customer's saved cards (contract/card.ts): the first one saved is the primary card, and while any is
 * saved exactly one is (a partial unique index keeps it at most one). Each change takes the customer's row
 * lock first, so that two changes of one customer's cards (or a card and a payment) do not cross. Every
 * query runs in the call's customer: the database's row-level security keeps it to that customer's cards.
 */

export type CardRow = typeof cards.$inferSelect;

/** The transaction of a change of cards and its audit writer. */
export type CardWrite = Pick<WriteScope, 'tx' | 'audit'>;

export const cardNotFound = () => fail(CARD_ERRORS.notFound);
const duplicate = () => fail(CARD_ERRORS.duplicate);

export const toCard = (row: CardRow): Card => ({
  id: row.id,
  brand: row.brand as Card['brand'],
  name: row.name,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isPrimary: row.isPrimary,
  createdDate: row.createdDate.toISOString(),
});

/** The customer's cards: the primary one first, then the newest. */
export const listCards = (tx: Database): Promise<CardRow[]> =>
  tx.select().from(cards).orderBy(desc(cards.isPrimary), desc(cards.createdDate), desc(cards.id));

/** Takes the customer's row lock for the rest of the transaction. */
export async function lockCustomer(tx: Database, customerId: string): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** One of the customer's cards (404 for another customer's, an unknown or a malformed id). */
export async function findCard(tx: Database, id: string): Promise<CardRow> {
  const [row] = UUID_PATTERN.test(id)
    ? await tx.select().from(cards).where(eq(cards.id, id.toLowerCase()))
    : [];
  if (!row) throw cardNotFound();
  return row;
}

/** What the audit log keeps of a card (never the processor's reference). */
const audited = (row: CardRow) => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isPrimary: row.isPrimary,
});

/**
 * The audit entry of a change of the customer's cards (table Card, entity the customer: its cards before and
 * after, without the processor's references).
 */
const auditCards = (
  write: CardWrite,
  customerId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => write.audit({ table: 'Card', action, entityId: customerId, customerId, before, after });

/**
 * Saves a card the processor keeps, in the caller's transaction (the customer's row locked): primary when it
 * is the customer's first. The same card saved twice (the processor's same reference) answers 409.
 */
export async function saveCard(
  write: CardWrite,
  customerId: string,
  processor: string,
  attached: AttachedCard,
): Promise<CardRow> {
  const held = await write.tx.select({ reference: cards.reference }).from(cards);
  if (held.some((row) => row.reference === attached.reference)) throw duplicate();
  let row: CardRow | undefined;
  try {
    [row] = await write.tx
      .insert(cards)
      .values({
        customerId,
        brand: attached.brand,
        name: attached.name,
        last4: attached.last4,
        expMonth: attached.expMonth,
        expYear: attached.expYear,
        isPrimary: held.length === 0,
        processor,
        reference: attached.reference,
      })
      .returning();
  } catch (error) {
    throw sqlStateOf(error) === '23505' ? duplicate() : error;
  }
  await auditCards(write, customerId, 'CREATE', { card: null }, { card: audited(row!) });
  return row!;
}

/**
 * Has the processor keep the card of `token` for the customer, under the customer's account there (made with
 * its first card and kept in processor_accounts), in the caller's transaction (the customer's row locked).
 */
export async function attachCard(
  tx: Database,
  processor: PaymentProcessor,
  customerId: string,
  token: string,
): Promise<AttachedCard> {
  const [account] = await tx
    .select({ reference: processorAccounts.reference })
    .from(processorAccounts)
    .where(eq(processorAccounts.processor, processor.name));
  const { card, accountReference } = await processor.attachCard(
    { customerId, reference: account?.reference },
    token,
  );
  if (accountReference !== undefined && accountReference !== account?.reference) {
    await tx
      .insert(processorAccounts)
      .values({ customerId, processor: processor.name, reference: accountReference })
      .onConflictDoUpdate({
        target: [processorAccounts.customerId, processorAccounts.processor],
        set: { reference: accountReference },
      });
  }
  return card;
}

/** Saves the card of a processor's token (the add-card call): the customer's row locked, then attached. */
export async function addCard(
  write: CardWrite,
  processor: PaymentProcessor,
  customerId: string,
  token: string,
): Promise<CardRow> {
  await lockCustomer(write.tx, customerId);
  const attached = await attachCard(write.tx, processor, customerId, token);
  return saveCard(write, customerId, processor.name, attached);
}

/**
 * Deletes a card, and has the processor that keeps it let go of it; when it was the primary one, the newest
 * remaining card becomes primary.
 */
export async function deleteCard(
  write: CardWrite,
  processor: PaymentProcessor,
  customerId: string,
  id: string,
): Promise<CardRow> {
  const { tx } = write;
  await lockCustomer(tx, customerId);
  const row = await findCard(tx, id);
  await tx.delete(cards).where(eq(cards.id, row.id));
  // The processor lets go of it last: if it cannot be reached, the card stays saved here too.
  if (row.processor === processor.name) await processor.detachCard(row.reference);
  let primary: CardRow | undefined;
  if (row.isPrimary) {
    const [newest] = await listCards(tx);
    if (newest) {
      [primary] = await tx.update(cards).set({ isPrimary: true }).where(eq(cards.id, newest.id)).returning();
    }
  }
  await auditCards(
    write,
    customerId,
    'DELETE',
    { card: audited(row) },
    { card: null, ...(primary ? { primaryCard: primary.id } : {}) },
  );
  return row;
}

/** Makes a card the primary one (the previous primary card no longer is). */
export async function setPrimaryCard(write: CardWrite, customerId: string, id: string): Promise<CardRow> {
  const { tx } = write;
  await lockCustomer(tx, customerId);
  const row = await findCard(tx, id);
  if (row.isPrimary) return row;
  const [previous] = await tx
    .update(cards)
    .set({ isPrimary: false })
    .where(eq(cards.isPrimary, true))
    .returning({ id: cards.id });
  // Two statements: the unique index is checked row by row, so the old primary card goes first.
  const [after] = await tx.update(cards).set({ isPrimary: true }).where(eq(cards.id, row.id)).returning();
  await auditCards(
    write,
    customerId,
    'UPDATE',
    { primaryCard: previous?.id ?? null },
    { primaryCard: after!.id },
  );
  return after!;
}
