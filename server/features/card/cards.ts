import { and, desc, eq } from 'drizzle-orm';
import { CARD_ERRORS, type Card } from '../../../contract/card.ts';
import type { Database } from '../../db/client.ts';
import { cards, customers, processorAccounts } from '../../db/schema.ts';
import { type Modifier, recordAudit } from '../../domain/audit.ts';
import type { AttachedCard, PaymentProcessor } from '../../domain/payments/processor.ts';
import { conflict, notFound } from '../../errors.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * A customer's saved cards (contract/card.ts): the first one saved is the primary card, and while any is
 * saved exactly one is (a partial unique index keeps it at most one). Each change takes the customer's row
 * lock first, so that two changes of one customer's cards (or a card and a payment) do not cross.
 */

export type CardRow = typeof cards.$inferSelect;

export const cardNotFound = () => notFound(CARD_ERRORS.notFound.key, CARD_ERRORS.notFound.text);
const duplicate = () => conflict(CARD_ERRORS.duplicate.key, CARD_ERRORS.duplicate.text);

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
export const listCards = (db: Database, customerId: string): Promise<CardRow[]> =>
  db
    .select()
    .from(cards)
    .where(eq(cards.customerId, customerId))
    .orderBy(desc(cards.isPrimary), desc(cards.createdDate), desc(cards.id));

/** Takes the customer's row lock for the rest of the transaction. */
export async function lockCustomer(tx: Database, customerId: string): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** One of the customer's cards (404 for another customer's, an unknown or a malformed id). */
export async function findCard(tx: Database, customerId: string, id: string): Promise<CardRow> {
  const [row] = UUID_PATTERN.test(id)
    ? await tx
        .select()
        .from(cards)
        .where(and(eq(cards.id, id.toLowerCase()), eq(cards.customerId, customerId)))
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
  tx: Database,
  by: Modifier,
  customerId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => recordAudit(tx, by, { table: 'Card', action, entityId: customerId, customerId, before, after });

/**
 * Saves a card the processor keeps, in the caller's transaction (the customer's row locked): primary when it
 * is the customer's first. The same card saved twice (the processor's same reference) answers 409.
 */
export async function saveCard(
  tx: Database,
  by: Modifier,
  customerId: string,
  processor: string,
  attached: AttachedCard,
): Promise<CardRow> {
  const held = await tx
    .select({ reference: cards.reference })
    .from(cards)
    .where(eq(cards.customerId, customerId));
  if (held.some((row) => row.reference === attached.reference)) throw duplicate();
  let row: CardRow | undefined;
  try {
    [row] = await tx
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
  await auditCards(tx, by, customerId, 'CREATE', { card: null }, { card: audited(row!) });
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
    .where(
      and(eq(processorAccounts.customerId, customerId), eq(processorAccounts.processor, processor.name)),
    );
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

/**
 * Deletes a card, and has the processor that keeps it let go of it; when it was the primary one, the newest
 * remaining card becomes primary.
 */
export async function deleteCard(
  tx: Database,
  processor: PaymentProcessor,
  by: Modifier,
  customerId: string,
  id: string,
): Promise<CardRow> {
  await lockCustomer(tx, customerId);
  const row = await findCard(tx, customerId, id);
  await tx.delete(cards).where(eq(cards.id, row.id));
  // The processor lets go of it last: if it cannot be reached, the card stays saved here too.
  if (row.processor === processor.name) await processor.detachCard(row.reference);
  let primary: CardRow | undefined;
  if (row.isPrimary) {
    const [newest] = await listCards(tx, customerId);
    if (newest) {
      [primary] = await tx.update(cards).set({ isPrimary: true }).where(eq(cards.id, newest.id)).returning();
    }
  }
  await auditCards(
    tx,
    by,
    customerId,
    'DELETE',
    { card: audited(row) },
    { card: null, ...(primary ? { primaryCard: primary.id } : {}) },
  );
  return row;
}

/** Makes a card the primary one (the previous primary card no longer is). */
export async function setPrimaryCard(
  tx: Database,
  by: Modifier,
  customerId: string,
  id: string,
): Promise<CardRow> {
  await lockCustomer(tx, customerId);
  const row = await findCard(tx, customerId, id);
  if (row.isPrimary) return row;
  const [previous] = await tx
    .update(cards)
    .set({ isPrimary: false })
    .where(and(eq(cards.customerId, customerId), eq(cards.isPrimary, true)))
    .returning({ id: cards.id });
  // Two statements: the unique index is checked row by row, so the old primary card goes first.
  const [after] = await tx.update(cards).set({ isPrimary: true }).where(eq(cards.id, row.id)).returning();
  await auditCards(
    tx,
    by,
    customerId,
    'UPDATE',
    { primaryCard: previous?.id ?? null },
    { primaryCard: after!.id },
  );
  return after!;
}
