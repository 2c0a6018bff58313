import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, Subscription, TierPlan } from '../../../contract/billing.ts';
import { CARD_ERRORS, type Card, type PaymentSession } from '../../../contract/card.ts';
import { DECLINING_TEST_CARDS, tokenizeTestCard } from '../../../contract/cardRules.ts';
import { auditLog, payments, subscriptions, tokenPacks } from '../../../server/db/schema.ts';
import { PaymentDeclined, paymentProcessorFrom } from '../../../server/domain/payments/index.ts';
import { type Payer, tierSuite } from '../fixtures/billing.ts';

/**
 * Paying orders by card (contract/card.ts pay, payForOrder) with the built-in TEST processor: a submitted
 * Professional order paid with a new card's token or a saved card is paid and approved in one transaction
 * (its subscription and token pack made), and a payment recorded; a declined card answers 402 with the
 * reason, records a DECLINED payment and leaves the order submitted; Free and Enterprise orders, paid or
 * closed orders and other customers' orders and cards are refused.
 */

const { t, free, professional, enterprise, operator, newCustomer } = tierSuite();
type Customer = Payer;

const tokenOf = (number: string) => {
  const now = new Date();
  const made = tokenizeTestCard(
    { number, expMonth: 6, expYear: now.getUTCFullYear() + 3, cvc: '123', name: 'Jane Cardholder' },
    now,
  );
  if (!made.token) throw new Error(made.error);
  return made.token;
};
const GOOD = '4242424242424242';
const numberDeclining = (reason: string) =>
  Object.entries(DECLINING_TEST_CARDS).find(([, why]) => why === reason)![0];

/** Submits an order of `tier` (its period of `months`) for `numberOfUsers`. */
async function submit(
  customer: Customer,
  tier: TierPlan,
  numberOfUsers: number,
  months = 12,
): Promise<Order> {
  const period = tier.periods.find((each) => each.periodCount === months)!;
  const answer = await t.call('POST', `/api/billing/order/${customer.id}/submit`, {
    token: customer.token,
    json: { customerId: customer.id, numberOfUsers, paymentPlanIds: [tier.id, period.id] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Order;
}

const pay = (customer: Customer, body: Record<string, unknown>, token = customer.token) =>
  t.call('POST', `/api/billing/${customer.id}/pay`, { token, json: body });
const session = (customer: Customer, orderId: string) =>
  t.call('POST', `/api/billing/${customer.id}/pay-for-order/${orderId}`, { token: customer.token });
const orderOf = async (customer: Customer, id: string) =>
  (await t.call('GET', `/api/billing/order/${customer.id}/detail/${id}`, { token: customer.token }))
    .body as Order;
const cardsOf = async (customer: Customer) =>
  (await t.call('GET', `/api/billing/${customer.id}/get-list-payment-sources`, { token: customer.token }))
    .body as Card[];
const paymentsOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('paying a Professional order', () => {
  it('with a new card: the order is paid and approved with its token pack, the payment recorded, the card saved', async () => {
    const acme = await newCustomer('Acme');
    const order = await submit(acme, professional, 25);
    expect(order).toMatchObject({ status: 'SUBMITTED', paid: false, amount: 75_000, currency: 'USD' });

    const answer = await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paid = answer.body as Order;
    expect(paid).toMatchObject({ id: order.id, status: 'APPROVED', paid: true, amount: 75_000 });
    expect(paid.tokenPackId).not.toBeNull();
    expect(paid.subscriptionId).not.toBeNull();
    expect(paid.serviceInstanceId).not.toBeNull();
    expect(await orderOf(acme, order.id)).toEqual(paid);

    const [pack] = await t.db.select().from(tokenPacks).where(eq(tokenPacks.id, paid.tokenPackId!));
    expect(pack).toMatchObject({ customerId: acme.id, name: 'Professional Token Pack' });
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, paid.subscriptionId!));
    expect(subscription).toMatchObject({ customerId: acme.id, numberOfUsers: 25, status: 'ACTIVE' });

    const [card] = await cardsOf(acme);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isPrimary: true });
    const rows = await paymentsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customerId: acme.id,
      cardId: card!.id,
      amount: 75_000,
      currency: 'USD',
      processor: 'test',
      status: 'SUCCEEDED',
      declineReason: null,
    });
    expect(rows[0]!.reference).toMatch(/^pay_test_/);

    // Approved by the paying account.
    const [approval] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'APPROVE')));
    expect(approval!.modifiedBy).toBe(acme.email);
  });

  it('with a saved card (sourceId), after reading its payment session', async () => {
    const acme = await newCustomer('Acme');
    const saved = await t.call('POST', `/api/billing/${acme.id}/add-card`, {
      token: acme.token,
      json: { stripeTokenId: tokenOf('5555555555554444') },
    });
    expect(saved.status).toBe(201);
    const order = await submit(acme, professional, 10, 1);

    const first = await session(acme, order.id);
    expect(first.status).toBe(200);
    const started = first.body as PaymentSession;
    expect(started).toEqual({
      paymentSessionId: expect.stringMatching(/^ps_[0-9a-f]{32}$/),
      orderId: order.id,
      amount: order.amount,
      currency: 'USD',
    });
    // The same order, the same session; nothing is written.
    expect((await session(acme, order.id)).body).toEqual(started);
    expect(await paymentsOf(order.id)).toEqual([]);

    const answer = await pay(acme, { orderId: order.id, sourceId: saved.body.id, stripeTokenId: null });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'APPROVED', paid: true });
    const rows = await paymentsOf(order.id);
    expect(rows.map((row) => [row.status, row.cardId, row.amount])).toEqual([
      ['SUCCEEDED', saved.body.id, order.amount],
    ]);
    expect(await cardsOf(acme)).toHaveLength(1);

    // Paid: no session any more.
    const after = await session(acme, order.id);
    expect(after.status).toBe(409);
    expect(after.body.messageKey).toBe(CARD_ERRORS.alreadyPaid.key);
  });

  it('extends a subscription when the extension is paid', async () => {
    const acme = await newCustomer('Acme');
    const placed = await submit(acme, professional, 10, 1);
    expect((await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: placed.id })).status).toBe(200);
    const subscriptionId = (await orderOf(acme, placed.id)).subscriptionId!;
    const detail = async () =>
      (
        await t.call('GET', `/api/billing/subscription/${subscriptionId}/detail?customerId=${acme.id}`, {
          token: acme.token,
        })
      ).body as Subscription;
    const before = await detail();

    const extension = await t.call('POST', `/api/billing/subscription/${acme.id}/extend`, {
      token: acme.token,
      json: {
        customerId: acme.id,
        numberOfUsers: 12,
        paymentPlanIds: [professional.id, professional.periods.find((each) => each.periodCount === 12)!.id],
        subscriptionId,
      },
    });
    expect(extension.status, JSON.stringify(extension.body)).toBe(201);
    const [card] = await cardsOf(acme);
    const answer = await pay(acme, { orderId: extension.body.id, sourceId: card!.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ action: 'EXTEND', status: 'APPROVED', paid: true });
    const after = await detail();
    expect(after.numberOfUsers).toBe(12);
    expect(new Date(after.expireDate).getTime()).toBeGreaterThan(new Date(before.expireDate).getTime());
  });
});

/** What a decline says, in words, by the test number's reason. */
const DECLINE_WORDS: Readonly<Record<string, { messageKey: string; message: string }>> = {
  card_declined: {
    messageKey: 'error.card.declined',
    message: 'Your card was declined. Use another card or contact your bank.',
  },
  insufficient_funds: {
    messageKey: 'error.card.insufficientFunds',
    message: 'Your card has insufficient funds. Use another card or contact your bank.',
  },
  expired_card: { messageKey: 'error.card.expiredCard', message: 'Your card has expired. Use another card.' },
};

describe('a declined card', () => {
  it.each(Object.entries(DECLINING_TEST_CARDS))(
    '%s answers 402 saying its reason (%s) in words, records a DECLINED payment and leaves the order submitted',
    async (number, reason) => {
      const acme = await newCustomer('Acme');
      const order = await submit(acme, professional, 10);
      const answer = await pay(acme, { stripeTokenId: tokenOf(number), orderId: order.id });
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ ...DECLINE_WORDS[reason], params: { field: 'card', reason } });
      expect(answer.body.message).not.toContain(reason);
      expect(await orderOf(acme, order.id)).toMatchObject({
        status: 'SUBMITTED',
        paid: false,
        subscriptionId: null,
        tokenPackId: null,
      });
      const rows = await paymentsOf(order.id);
      expect(
        rows.map((row) => [row.status, row.declineReason, row.amount, row.reference, row.cardId]),
      ).toEqual([['DECLINED', reason, order.amount, null, null]]);
      // The new card is not kept, nothing was subscribed.
      expect(await cardsOf(acme)).toEqual([]);
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.customerId, acme.id))).toEqual(
        [],
      );

      // Another card then pays it.
      const retried = await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id });
      expect(retried.status).toBe(200);
      expect((await paymentsOf(order.id)).map((row) => row.status).sort()).toEqual(['DECLINED', 'SUCCEEDED']);
    },
  );

  it('declines a saved card that declines, naming the card on the payment', async () => {
    const acme = await newCustomer('Acme');
    const saved = await t.call('POST', `/api/billing/${acme.id}/add-card`, {
      token: acme.token,
      json: { stripeTokenId: tokenOf(numberDeclining('insufficient_funds')) },
    });
    expect(saved.status).toBe(201);
    const order = await submit(acme, professional, 10);
    const answer = await pay(acme, { orderId: order.id, sourceId: saved.body.id });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      messageKey: 'error.card.insufficientFunds',
      params: { field: 'card', reason: 'insufficient_funds' },
    });
    const rows = await paymentsOf(order.id);
    expect(rows.map((row) => [row.status, row.cardId])).toEqual([['DECLINED', saved.body.id]]);
    expect((await orderOf(acme, order.id)).status).toBe('SUBMITTED');
    expect(await cardsOf(acme)).toHaveLength(1);
  });
});

describe('what is not paid by card', () => {
  it('an order paid already: 409', async () => {
    const acme = await newCustomer('Acme');
    const order = await submit(acme, professional, 10);
    expect((await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id })).status).toBe(200);
    const [card] = await cardsOf(acme);
    const again = await pay(acme, { orderId: order.id, sourceId: card!.id });
    expect(again.status).toBe(409);
    expect(again.body.messageKey).toBe(CARD_ERRORS.alreadyPaid.key);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('an Enterprise or a Free order: 409, and nothing written', async () => {
    const acme = await newCustomer('Acme');
    const big = await submit(acme, enterprise, 100);
    const small = await submit(acme, free, 5);
    for (const order of [big, small]) {
      const tier = order.id === big.id ? enterprise : free;
      for (const answer of [
        await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id }),
        await session(acme, order.id),
      ]) {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({
          messageKey: CARD_ERRORS.notPayable.key,
          params: { plan: tier.name },
        });
      }
      expect(await paymentsOf(order.id)).toEqual([]);
    }
    expect((await orderOf(acme, big.id)).status).toBe('SUBMITTED');
    expect(await cardsOf(acme)).toEqual([]);
  });

  it('a cancelled order: 409', async () => {
    const acme = await newCustomer('Acme');
    const order = await submit(acme, professional, 10);
    const cancelled = await t.call('POST', `/api/billing/order/${acme.id}/cancel`, {
      token: acme.token,
      json: { orderId: order.id, customerId: acme.id },
    });
    expect(cancelled.status).toBe(200);
    const answer = await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      messageKey: CARD_ERRORS.orderNotSubmitted.key,
      params: { status: 'CANCELED' },
    });
  });

  it("another customer's order or card: 404, and nothing written", async () => {
    const acme = await newCustomer('Acme');
    const globex = await newCustomer('Globex');
    const theirs = await submit(globex, professional, 10);
    const mine = await submit(acme, professional, 10);
    const theirCard = await t.call('POST', `/api/billing/${globex.id}/add-card`, {
      token: globex.token,
      json: { stripeTokenId: tokenOf(GOOD) },
    });
    const byOrder = await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: theirs.id });
    expect(byOrder.status).toBe(404);
    expect(byOrder.body.messageKey).toBe('error.billing.orderNotFound');
    expect((await session(acme, theirs.id)).status).toBe(404);
    expect((await session(acme, 'not-an-order')).status).toBe(404);
    const byCard = await pay(acme, { orderId: mine.id, sourceId: theirCard.body.id });
    expect(byCard.status).toBe(404);
    expect(byCard.body.messageKey).toBe(CARD_ERRORS.notFound.key);
    // Naming Globex in the path: the guard's answer.
    const named = await pay(globex, { sourceId: theirCard.body.id, orderId: theirs.id }, acme.token);
    expect(named.status).toBe(404);
    expect(named.body.messageKey).toBe('error.customer.notFound');

    expect(await paymentsOf(theirs.id)).toEqual([]);
    expect(await paymentsOf(mine.id)).toEqual([]);
    expect((await orderOf(globex, theirs.id)).status).toBe('SUBMITTED');
    expect(await cardsOf(acme)).toEqual([]);
  });

  it('neither or both of a token and a saved card, or a token that is not one: 400', async () => {
    const acme = await newCustomer('Acme');
    const order = await submit(acme, professional, 10);
    const saved = await t.call('POST', `/api/billing/${acme.id}/add-card`, {
      token: acme.token,
      json: { stripeTokenId: tokenOf(GOOD) },
    });
    for (const body of [
      { orderId: order.id },
      { orderId: order.id, stripeTokenId: null, sourceId: null },
      { orderId: order.id, stripeTokenId: tokenOf('5555555555554444'), sourceId: saved.body.id },
    ]) {
      const answer = await pay(acme, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe(CARD_ERRORS.oneSource.key);
    }
    const notOne = await pay(acme, { orderId: order.id, stripeTokenId: 'tok_visa' });
    expect(notOne.status).toBe(400);
    expect(notOne.body.messageKey).toBe(CARD_ERRORS.invalidToken.key);
    const unknown = await pay(acme, { orderId: order.id, stripeTokenId: tokenOf(GOOD), extra: 1 });
    expect(unknown.status).toBe(400);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderOf(acme, order.id)).status).toBe('SUBMITTED');
  });

  it('by an operator: 403', async () => {
    const acme = await newCustomer('Acme');
    const order = await submit(acme, professional, 10);
    const answer = await pay(acme, { stripeTokenId: tokenOf(GOOD), orderId: order.id }, operator.token);
    expect(answer.status).toBe(403);
    const asked = await t.call('POST', `/api/billing/${acme.id}/pay-for-order/${order.id}`, {
      token: operator.token,
    });
    expect(asked.status).toBe(403);
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});

describe('the payment processor', () => {
  it('is the TEST processor unless Stripe is configured, and declines the documented numbers', async () => {
    const processor = paymentProcessorFrom({});
    expect(processor.name).toBe('test');
    expect(processor.publishableKey).toBeNull();
    expect(
      paymentProcessorFrom({ stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' } }).name,
    ).toBe('stripe');

    const account = { customerId: randomUUID() };
    const { card } = await processor.attachCard(account, tokenOf(GOOD));
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', name: 'Jane Cardholder' });
    const charge = (cardReference: string) =>
      processor.charge({
        amount: 1234,
        currency: 'USD',
        cardReference,
        orderId: randomUUID(),
        idempotencyKey: randomUUID(),
      });
    expect((await charge(card.reference)).paymentId).toMatch(/^pay_test_/);
    const declining = await processor.attachCard(account, tokenOf(numberDeclining('card_declined')));
    await expect(charge(declining.card.reference)).rejects.toEqual(new PaymentDeclined('card_declined'));
  });
});
