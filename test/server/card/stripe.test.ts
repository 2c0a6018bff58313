import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, TierPlan } from '../../../contract/billing.ts';
import { CARD_ERRORS, type Card } from '../../../contract/card.ts';
import { loadConfig } from '../../../server/config.ts';
import { auditLog, cards, payments, processorAccounts } from '../../../server/db/schema.ts';
import { createStripeProcessor } from '../../../server/domain/payments/stripeProcessor.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { type FakeStripe, startFakeStripe } from './fakeStripe.ts';

/**
 * Card payments through Stripe: the server's Stripe processor, with the real `stripe` SDK, against a local
 * stand-in of Stripe's API (fakeStripe.ts). A customer's cards are attached to one Stripe Customer made with
 * its first card; a payment is an off-session Payment Intent with an idempotency key; a decline answers 402
 * with Stripe's decline code; a charge that cannot be recorded is refunded; a deleted card is detached; a
 * Stripe that cannot be used answers 502 and keeps nothing.
 */

const SECRET = 'sk_test_51FakeSecretKeyForTheLocalStandIn';
const PUBLISHABLE = 'pk_test_51FakePublishableKeyForThePortal';

let t: TestContext;
let stripe: FakeStripe;
let professional: TierPlan;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestContext({
    paymentProcessor: createStripeProcessor({
      secretKey: SECRET,
      publishableKey: PUBLISHABLE,
      api: stripe.api,
      timeout: 5_000,
    }),
  });
  const tiers = (await t.call('GET', '/api/billing/payment_plan')).body as TierPlan[];
  professional = tiers.find((tier) => tier.tierPlanType === 'NORMAL')!;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

interface Customer {
  id: string;
  token: string;
}

async function newCustomer(): Promise<Customer> {
  const customer = await t.createCustomer({ companyName: `Stripe buyer ${randomUUID().slice(0, 6)}` });
  const role = await builtInRoleId(t, CUSTOMER_ADMIN_ROLE);
  const { token } = await signedIn(t, { customerId: customer.id, roleIds: [role] });
  return { id: customer.id, token };
}

async function submit(customer: Customer, numberOfUsers = 25): Promise<Order> {
  const period = professional.periods.find((each) => each.periodCount === 12)!;
  const answer = await t.call('POST', `/api/billing/order/${customer.id}/submit`, {
    token: customer.token,
    json: { customerId: customer.id, numberOfUsers, paymentPlanIds: [professional.id, period.id] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Order;
}

const addCard = (customer: Customer, stripeTokenId: string) =>
  t.call('POST', `/api/billing/${customer.id}/add-card`, { token: customer.token, json: { stripeTokenId } });
const pay = (customer: Customer, body: Record<string, unknown>) =>
  t.call('POST', `/api/billing/${customer.id}/pay`, { token: customer.token, json: body });
const cardsOf = async (customer: Customer) =>
  (await t.call('GET', `/api/billing/${customer.id}/get-list-payment-sources`, { token: customer.token }))
    .body as Card[];
const orderOf = async (customer: Customer, id: string) =>
  (await t.call('GET', `/api/billing/order/${customer.id}/detail/${id}`, { token: customer.token }))
    .body as Order;
const paymentsOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId));
const intentsOf = (orderId: string) =>
  stripe.requests.filter(
    (request) => request.path === '/v1/payment_intents' && request.params['metadata[orderId]'] === orderId,
  );
const VISA = '4242424242424242';

describe('the payment provider call', () => {
  it("names Stripe and its publishable key to a signed-in caller, and widens the portal's policy for Stripe.js", async () => {
    const buyer = await newCustomer();
    const answer = await t.call('GET', '/api/billing/payment-provider', { token: buyer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ processor: 'stripe', publishableKey: PUBLISHABLE });
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);

    expect((await t.call('GET', '/api/billing/payment-provider')).status).toBe(401);
  });

  it('is the test processor without Stripe keys, under the strict policy', async () => {
    const plain = await createTestContext();
    try {
      const buyer = await plain.createCustomer({ companyName: `Plain ${randomUUID().slice(0, 6)}` });
      const role = await builtInRoleId(plain, CUSTOMER_ADMIN_ROLE);
      const { token } = await signedIn(plain, { customerId: buyer.id, roleIds: [role] });
      const answer = await plain.call('GET', '/api/billing/payment-provider', { token });
      expect(answer.body).toEqual({ processor: 'test', publishableKey: null });
      expect(String(answer.headers['content-security-policy'])).not.toContain('stripe');
    } finally {
      await plain.close();
    }
  });
});

describe('the Stripe settings', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-stripe-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('take both keys of one mode, or neither', () => {
    const load = (keys: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...keys });
    expect(load({}).stripe).toBeUndefined();
    expect(load({ STRIPE_SECRET_KEY: SECRET, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE }).stripe).toEqual({
      secretKey: SECRET,
      publishableKey: PUBLISHABLE,
    });
    expect(() => load({ STRIPE_SECRET_KEY: SECRET })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => load({ STRIPE_PUBLISHABLE_KEY: PUBLISHABLE })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => load({ STRIPE_SECRET_KEY: PUBLISHABLE, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE })).toThrow(
      /secret key/,
    );
    expect(() => load({ STRIPE_SECRET_KEY: SECRET, STRIPE_PUBLISHABLE_KEY: SECRET })).toThrow(
      /publishable key/,
    );
    expect(() =>
      load({ STRIPE_SECRET_KEY: SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_live_51SomethingLive' }),
    ).toThrow(/both be test keys or both live keys/);
  });
});

describe('cards kept by Stripe', () => {
  it("attaches a customer's cards to one Stripe Customer made with the first, and shows what Stripe read", async () => {
    const buyer = await newCustomer();
    const customersBefore = stripe.customers.size;
    const first = await addCard(buyer, stripe.paymentMethod({ number: VISA, name: 'Jane Cardholder' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      brand: 'visa',
      last4: '4242',
      name: 'Jane Cardholder',
      isPrimary: true,
    });
    const second = await addCard(buyer, stripe.paymentMethod({ number: '36227206271667', name: 'J Card' }));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ brand: 'dinersclub', last4: '1667', isPrimary: false });

    expect(stripe.customers.size).toBe(customersBefore + 1);
    const [account] = await t.db
      .select()
      .from(processorAccounts)
      .where(eq(processorAccounts.customerId, buyer.id));
    expect(account).toMatchObject({ processor: 'stripe' });
    expect(stripe.customers.get(account!.reference)?.metadata).toEqual({ customerId: buyer.id });
    const attached = [...stripe.paymentMethods.values()].filter(
      (each) => each.customer === account!.reference,
    );
    expect(attached).toHaveLength(2);
    expect(stripe.requests.every((request) => request.authorization === `Bearer ${SECRET}`)).toBe(true);

    // Neither the answer nor the audit log carries Stripe's references.
    const listed = await cardsOf(buyer);
    expect(JSON.stringify(listed)).not.toMatch(/cus_|pm_/);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.customerId, buyer.id));
    expect(JSON.stringify(entries)).not.toMatch(/cus_|pm_/);
  });

  it('refuses a payment method Stripe does not know, a token of the test processor and a brand not accepted', async () => {
    const buyer = await newCustomer();
    for (const token of ['pm_doesNotExist123', 'tok_test_eyJicmFuZCI6InZpc2EifQ', 'card 4242']) {
      const answer = await addCard(buyer, token);
      expect(answer.status, token).toBe(400);
      expect(answer.body.messageKey).toBe(CARD_ERRORS.invalidToken.key);
    }
    const unknown = await addCard(buyer, stripe.paymentMethod({ number: '9999000011112222' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.messageKey).toBe(CARD_ERRORS.unsupportedBrand.key);
    expect(await cardsOf(buyer)).toEqual([]);
  });

  it('detaches a deleted card from Stripe; a card Stripe no longer has is deleted all the same', async () => {
    const buyer = await newCustomer();
    const methodId = stripe.paymentMethod({ number: VISA });
    const saved = (await addCard(buyer, methodId)).body as Card;
    const gone = await t.call('DELETE', `/api/billing/${buyer.id}/delete-card/${saved.id}`, {
      token: buyer.token,
    });
    expect(gone.status).toBe(200);
    expect(stripe.paymentMethods.get(methodId)?.customer).toBeNull();
    expect(await cardsOf(buyer)).toEqual([]);

    const other = stripe.paymentMethod({ number: VISA });
    const kept = (await addCard(buyer, other)).body as Card;
    stripe.paymentMethods.delete(other);
    const deleted = await t.call('DELETE', `/api/billing/${buyer.id}/delete-card/${kept.id}`, {
      token: buyer.token,
    });
    expect(deleted.status).toBe(200);
    expect(await cardsOf(buyer)).toEqual([]);
  });
});

describe('paying an order through Stripe', () => {
  it('charges a saved card off-session with an idempotency key; the order is paid and approved', async () => {
    const buyer = await newCustomer();
    const saved = (await addCard(buyer, stripe.paymentMethod({ number: VISA }))).body as Card;
    const order = await submit(buyer, 25);

    const answer = await pay(buyer, { sourceId: saved.id, orderId: order.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: order.id, status: 'APPROVED', paid: true });

    const [intent] = intentsOf(order.id);
    expect(intent!.params).toMatchObject({
      amount: String(order.amount),
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
    });
    expect(intent!.params.customer).toMatch(/^cus_/);
    expect(intent!.params.payment_method).toMatch(/^pm_/);
    expect(intent!.idempotencyKey).toMatch(new RegExp(`^order-${order.id}-`));
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ processor: 'stripe', status: 'SUCCEEDED', amount: order.amount });
    expect(payment!.reference).toMatch(/^pi_/);
  });

  it('pays with a new payment method, saved with the payment', async () => {
    const buyer = await newCustomer();
    const order = await submit(buyer, 10);
    const answer = await pay(buyer, {
      stripeTokenId: stripe.paymentMethod({ number: '5555555555554444' }),
      orderId: order.id,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'APPROVED', paid: true });
    expect(await cardsOf(buyer)).toEqual([expect.objectContaining({ brand: 'mastercard', last4: '4444' })]);
  });

  it("answers 402 with Stripe's decline code and keeps the order submitted; a new card then pays it under a new key", async () => {
    const buyer = await newCustomer();
    const order = await submit(buyer, 10);
    const poor = stripe.paymentMethod({ number: '4000000000009995' });
    const declined = await pay(buyer, { stripeTokenId: poor, orderId: order.id });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      messageKey: CARD_ERRORS.insufficientFunds.key,
      message: 'Your card has insufficient funds. Use another card or contact your bank.',
      params: { field: 'card', reason: 'insufficient_funds' },
    });
    expect(await orderOf(buyer, order.id)).toMatchObject({ status: 'SUBMITTED', paid: false });
    expect(await cardsOf(buyer)).toEqual([]);
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({
        status: 'DECLINED',
        declineReason: 'insufficient_funds',
        processor: 'stripe',
      }),
    ]);

    const strong = await pay(buyer, {
      stripeTokenId: stripe.paymentMethod({ number: '4000002500003155' }),
      orderId: order.id,
    });
    expect(strong.status).toBe(402);
    expect(strong.body).toMatchObject({
      messageKey: 'error.card.authenticationRequired',
      params: { field: 'card', reason: 'authentication_required' },
    });

    const good = await pay(buyer, {
      stripeTokenId: stripe.paymentMethod({ number: VISA }),
      orderId: order.id,
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const keys = intentsOf(order.id).map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('refunds a charge whose payment cannot be recorded, and leaves the order unpaid', async () => {
    const buyer = await newCustomer();
    const order = await submit(buyer, 10);
    await t.db.execute(sql`
      create or replace function refuse_payment() returns trigger language plpgsql as $$
      begin raise exception 'payments are refused by this test'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_payment before insert on payments
      for each row when (new.order_id = '${sql.raw(order.id)}'::uuid) execute function refuse_payment()`);
    try {
      const answer = await pay(buyer, {
        stripeTokenId: stripe.paymentMethod({ number: VISA }),
        orderId: order.id,
      });
      expect(answer.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_payment on payments`);
    }
    const [intent] = intentsOf(order.id);
    const charged = [...stripe.intents.values()].find(
      (each) => (each.metadata as { orderId: string }).orderId === order.id,
    );
    expect(intent).toBeDefined();
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(charged!.id);
    expect(await orderOf(buyer, order.id)).toMatchObject({ status: 'SUBMITTED', paid: false });
    expect(await paymentsOf(order.id)).toEqual([]);
    expect(await cardsOf(buyer)).toEqual([]);
  });

  it('answers 502 and keeps nothing when Stripe refuses the server', async () => {
    const buyer = await newCustomer();
    const order = await submit(buyer, 10);
    const methodId = stripe.paymentMethod({ number: VISA });
    stripe.refuseAll(true);
    try {
      const added = await addCard(buyer, methodId);
      expect(added.status).toBe(502);
      expect(added.body).toMatchObject({
        messageKey: CARD_ERRORS.providerUnavailable.key,
        message: CARD_ERRORS.providerUnavailable.text,
      });
      const paid = await pay(buyer, { stripeTokenId: methodId, orderId: order.id });
      expect(paid.status).toBe(502);
    } finally {
      stripe.refuseAll(false);
    }
    expect(await cardsOf(buyer)).toEqual([]);
    expect(await t.db.select().from(cards).where(eq(cards.customerId, buyer.id))).toEqual([]);
    expect(
      await t.db.select().from(processorAccounts).where(eq(processorAccounts.customerId, buyer.id)),
    ).toEqual([]);
    expect(await orderOf(buyer, order.id)).toMatchObject({ status: 'SUBMITTED', paid: false });
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});
