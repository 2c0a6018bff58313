import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { card, cardCalls } from '../../../contract/card.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProcessor } from '../../domain/payments/index.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { findOrder, toOrder } from '../order/orders.ts';
import {
  attachCard,
  deleteCard,
  listCards,
  lockCustomer,
  saveCard,
  setPrimaryCard,
  toCard,
} from './cards.ts';
import { payableOrder, paymentSessionOf, payOrder } from './pay.ts';

/**
 * Payment cards and card payments (contract/card.ts), every call in the customer of its path: the saved
 * cards, adding one from the card payment provider's token, deleting one, choosing the primary one, and
 * paying a submitted Professional order. No card number, token or processor reference is ever logged or
 * answered.
 */

export const cardRoutes: FastifyPluginAsyncTypebox<{ db: Database; processor: PaymentProcessor }> = async (
  app,
  { db, processor },
) => {
  const modifier = (request: FastifyRequest) => {
    const { account } = callerOf(request);
    return { id: account.id, email: account.email };
  };

  app.route({
    ...routeOf(card.base, { ...card.list, method: 'GET' as const }, 'card.list'),
    handler: async (request) => (await listCards(db, requiredCustomerOf(request))).map(toCard),
  });

  app.route({
    ...routeOf(card.base, card.create, 'card.create'),
    handler: async (request, reply) => {
      const customerId = requiredCustomerOf(request);
      const row = await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const attached = await attachCard(tx, processor, customerId, request.body.stripeTokenId);
        return saveCard(tx, modifier(request), customerId, processor.name, attached);
      });
      reply.code(201);
      return toCard(row);
    },
  });

  app.route({
    ...routeOf(card.base, card.delete, 'card.delete'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const row = await db.transaction((tx) =>
        deleteCard(tx, processor, modifier(request), customerId, request.params.id),
      );
      return toCard(row);
    },
  });

  app.route({
    ...routeOf(card.base, card.actions.setDefault, 'card.setDefault'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const row = await db.transaction((tx) =>
        setPrimaryCard(tx, modifier(request), customerId, request.params.id),
      );
      return toCard(row);
    },
  });

  app.route({
    ...routeOf('', cardCalls.calls.provider, 'card-payment.provider'),
    handler: async () => ({ processor: processor.name, publishableKey: processor.publishableKey }),
  });

  app.route({
    ...routeOf(card.base, card.actions.payForOrder, 'card.payForOrder'),
    handler: async (request) =>
      paymentSessionOf(await payableOrder(db, requiredCustomerOf(request), request.params.orderId)),
  });

  app.route({
    ...routeOf(card.base, card.actions.pay, 'card.pay'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      await payOrder(db, processor, modifier(request), customerId, request.body);
      return toOrder(await findOrder(db, request.body.orderId, customerId));
    },
  });
};
