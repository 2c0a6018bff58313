import { subscription } from '../../../contract/billing.ts';
import { billing } from '../../../contract/session.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  listSubscriptions,
  orderChange,
  orderEdit,
  paymentRequired,
  subscriptionListing,
  subscriptionRecord,
  supportFeaturesOf,
} from './subscriptions.ts';

/**
 * Subscriptions (contract/billing.ts): the lists and the detail, and the orders that change one: upgrade,
 * extend (with the users to remove when the count falls below the active users) and edit (more users,
 * prorated), with the check that says whether a change is paid by card. And the support features a
 * customer's plans include (contract/session.ts billing: the theme menu shows only when they include theme).
 */

export function subscriptionRoutes(kit: Kit): void {
  const now = () => kit.services.now();
  const listing = subscriptionListing(now);

  kit.list(subscription, 'list', {
    listing,
    record: subscription.getOne.schema.response[200],
    find: (call, ask) => listSubscriptions(call.tx, listing, ask, now()),
  });

  kit.route(subscription, 'getOne', (call) => subscriptionRecord(call.tx, call.params.id, now()));

  kit.route(subscription, 'precheckPayment', async (call) => ({
    paymentRequired: await paymentRequired(call.tx, call.query.subscriptionId),
  }));

  kit.route(subscription, 'upgrade', async (call) => {
    const answer = await orderChange(call, call.customer, call.body, 'UPGRADE', now());
    call.reply.code(201);
    return answer;
  });

  kit.route(subscription, 'extend', async (call) => {
    const answer = await orderChange(call, call.customer, call.body, 'EXTEND', now());
    call.reply.code(201);
    return answer;
  });

  kit.route(subscription, 'update', (call) => orderEdit(call, call.customer, call.body, now()));

  kit.route(billing, 'supportFeatures', (call) => supportFeaturesOf(call.tx, call.customer));
}
