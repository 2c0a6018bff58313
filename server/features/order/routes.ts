import { billingCalls, CANCEL_NOTE, Order, order } from '../../../contract/billing.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  approveOrder,
  calculate,
  cancelOrder,
  listOrders,
  orderListing,
  orderRecord,
  submitOrder,
} from './orders.ts';

/**
 * Orders and what they cost (contract/billing.ts): the calculation, submitting a first subscription, the
 * order lists (a customer's own; every customer's for operators), cancelling and approving.
 */

export function orderRoutes(kit: Kit): void {
  const now = () => kit.services.now();

  kit.route(billingCalls, 'calculate', (call) => calculate(call.tx, call.body, now()));

  kit.list(order, 'list', {
    listing: orderListing,
    record: Order,
    find: (call, ask) => listOrders(call.tx, ask),
  });

  kit.route(order, 'getOne', (call) => orderRecord(call.tx, call.params.id));

  kit.route(order, 'create', async (call) => {
    const id = await submitOrder(call, call.customer, call.body, now());
    call.reply.code(201);
    return orderRecord(call.tx, id);
  });

  kit.route(order, 'cancel', async (call) => {
    const { orderId, notes } = call.body;
    await cancelOrder(call, orderId, notes || CANCEL_NOTE);
    return orderRecord(call.tx, orderId);
  });

  kit.route(order, 'approve', async (call) => {
    await approveOrder(call, call.body.orderId, now());
    return orderRecord(call.tx, call.body.orderId);
  });
}
