import { count, eq } from 'drizzle-orm';
import { CARD_ERRORS, declineErrorOf, type PayBody, type PaymentSession } from '../../../contract/card.ts';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import type { Modifier } from '../../domain/audit.ts';
import { PaymentDeclined, type PaymentProcessor } from '../../domain/payments/processor.ts';
import { sha256Hex } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import type { CallBase } from '../../kit/call.ts';
import { approveOrder, findOrder, type OrderJoin } from '../order/orders.ts';
import { attachCard, type CardRow, cardNotFound, findCard, lockCustomer, saveCard } from './cards.ts';

/**
 * Paying an order by card (contract/card.ts pay, payForOrder). Only a submitted, unpaid Professional (NORMAL)
 * order is paid by card: Free orders are approved when placed and Enterprise ones by an operator.
 *
 * A payment is one transaction, the customer's and the order's rows locked: the card (a saved one, or the new
 * card of a token, saved with the payment), the order marked paid and approved (approveOrder: the
 * subscription, its token pack and service instance), then the charge, and the payment row. Whatever fails
 * before the charge charges nothing; the charge is the last call before the payment row is written. A
 * declined charge undoes it all (the new card too) and is recorded as a DECLINED payment in a transaction
 * of its own; the order stays SUBMITTED. A charge whose payment cannot then be recorded (the transaction fails
 * after it) is refunded. Every transaction is in the customer's reach (its row-level security).
 */

const E = CARD_ERRORS;

/** The customer's order, if it may be paid by card now (409 otherwise; 404 for another customer's). */
export async function payableOrder(tx: Database, orderId: string, forUpdate = false): Promise<OrderJoin> {
  const found = await findOrder(tx, orderId, { forUpdate });
  const { order, tier } = found;
  if (tier.tierPlanType !== 'NORMAL') throw fail(E.notPayable, { plan: tier.name });
  if (order.paid) throw fail(E.alreadyPaid);
  if (order.status !== 'SUBMITTED') throw fail(E.orderNotSubmitted, { status: order.status });
  return found;
}

/**
 * The payment session of an order: derived from the order and what it costs (the same order answers the
 * same id, and nothing is stored until it is paid).
 */
export const paymentSessionOf = ({ order }: OrderJoin): PaymentSession => ({
  paymentSessionId: `ps_${sha256Hex(`payment-session:${order.id}:${order.amount}:${order.currency}`).slice(0, 32)}`,
  orderId: order.id,
  amount: order.amount,
  currency: order.currency,
});

/** What `pay` names to pay with: a new card's token or a saved card, exactly one. */
function sourceOf(body: PayBody): { token: string } | { cardId: string } {
  const token = body.stripeTokenId ?? undefined;
  const cardId = body.sourceId ?? undefined;
  if ((token === undefined) === (cardId === undefined)) throw fail(E.oneSource);
  return token === undefined ? { cardId: cardId! } : { token };
}

/** What paying takes of the call: its customer, who pays, and transactions in the customer's reach. */
export interface PayCall {
  customer: string;
  caller: { account: Modifier };
  transaction: CallBase<unknown>['transaction'];
}

/** Pays the order of `body` (see above); answers nothing: the caller reads the order back. */
export async function payOrder(call: PayCall, processor: PaymentProcessor, body: PayBody): Promise<void> {
  const { customer: customerId, caller } = call;
  const source = sourceOf(body);
  /** The charge tried: what a declined one records. */
  let attempt: { orderId: string; amount: number; currency: string; savedCardId: string | null } | undefined;
  /** The processor's payment, once charged: given back if the payment cannot be recorded. */
  let charged: string | undefined;
  try {
    await call.transaction(async (tx, audit) => {
      const write = { tx, audit, caller };
      await lockCustomer(tx, customerId);
      const { order } = await payableOrder(tx, body.orderId, true);
      let card: CardRow;
      if ('cardId' in source) {
        card = await findCard(tx, source.cardId);
        // A card another processor keeps cannot be charged by this one.
        if (card.processor !== processor.name) throw cardNotFound();
      } else {
        card = await saveCard(
          write,
          customerId,
          processor.name,
          await attachCard(tx, processor, customerId, source.token),
        );
      }
      await tx.update(orders).set({ paid: true }).where(eq(orders.id, order.id));
      await approveOrder(write, order.id);

      attempt = {
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        savedCardId: 'cardId' in source ? card.id : null,
      };
      // One key per order, card and attempt: a retried request charges once, a new attempt after a decline
      // is a new charge.
      const [{ tried } = { tried: 0 }] = await tx
        .select({ tried: count() })
        .from(payments)
        .where(eq(payments.orderId, order.id));
      const { paymentId } = await processor.charge({
        amount: order.amount,
        currency: order.currency,
        cardReference: card.reference,
        orderId: order.id,
        idempotencyKey: `order-${order.id}-${sha256Hex(card.reference).slice(0, 16)}-${tried}`,
      });
      charged = paymentId;
      const [payment] = await tx
        .insert(payments)
        .values({
          customerId,
          orderId: order.id,
          cardId: card.id,
          amount: order.amount,
          currency: order.currency,
          processor: processor.name,
          reference: paymentId,
          status: 'SUCCEEDED',
        })
        .returning();
      await audit({
        table: 'Order',
        action: 'UPDATE',
        entityId: order.id,
        customerId,
        before: { paid: false },
        after: { paid: true, paymentId: payment!.id, amount: order.amount, currency: order.currency },
      });
    });
  } catch (error) {
    if (charged !== undefined) {
      // Charged, but not recorded: the charge is given back, and the order stays as it was.
      await processor.refund(charged).catch(() => undefined);
      throw error;
    }
    if (!(error instanceof PaymentDeclined) || attempt === undefined) throw error;
    const declined = attempt;
    await call.transaction((tx) =>
      tx.insert(payments).values({
        customerId,
        orderId: declined.orderId,
        cardId: declined.savedCardId,
        amount: declined.amount,
        currency: declined.currency,
        processor: processor.name,
        reference: null,
        status: 'DECLINED',
        declineReason: error.reason,
      }),
    );
    throw fail(declineErrorOf(error.reason), { reason: error.reason });
  }
}
