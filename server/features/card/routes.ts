import { card, cardCalls } from '../../../contract/card.ts';
import type { Kit } from '../../kit/kit.ts';
import { orderRecord } from '../order/orders.ts';
import { addCard, deleteCard, listCards, setPrimaryCard, toCard } from './cards.ts';
import { payableOrder, paymentSessionOf, payOrder } from './pay.ts';

/**
 * Payment cards and card payments (contract/card.ts), every call in the customer of its path: the saved
 * cards, adding one from the card payment provider's token, deleting one, choosing the primary one, and
 * paying a submitted Professional order. No card number, token or processor reference is ever logged or
 * answered.
 */

export function cardRoutes(kit: Kit): void {
  kit.route(card, 'list', async (call) => (await listCards(call.tx)).map(toCard));

  kit.route(card, 'create', async (call) => {
    const row = await addCard(call, call.services.payments, call.customer, call.body.stripeTokenId);
    call.reply.code(201);
    return toCard(row);
  });

  kit.route(card, 'delete', async (call) =>
    toCard(await deleteCard(call, call.services.payments, call.customer, call.params.id)),
  );

  kit.route(card, 'setDefault', async (call) =>
    toCard(await setPrimaryCard(call, call.customer, call.params.id)),
  );

  kit.route(cardCalls, 'provider', ({ services: { payments } }) => ({
    processor: payments.name,
    publishableKey: payments.publishableKey,
  }));

  kit.route(card, 'payForOrder', async (call) =>
    paymentSessionOf(await payableOrder(call.tx, call.params.orderId)),
  );

  // The charge is made between the payment's writes, and a declined one is recorded on its own: the call
  // opens its transactions itself.
  kit.route(card, 'pay', { transaction: false }, async (call) => {
    await payOrder(call, call.services.payments, call.body);
    return call.transaction((tx) => orderRecord(tx, call.body.orderId));
  });
}
