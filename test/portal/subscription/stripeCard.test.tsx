import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../../../contract/card';
import { orderOf, proPlanOf, subscriptionOf } from '../billingFixtures';
import { recordRequests } from '../harness';
import { API } from '../msw';
import { renderSubscriptionPage } from './fixtures';

/**
 * The card entry when the server's processor is Stripe: Stripe Elements' card field and the holder's name,
 * the card made a PaymentMethod in the browser, whose id is sent. Stripe.js cannot load here: its loader
 * answers a fake Stripe, which draws a frame where Stripe's would be and makes PaymentMethods as told.
 */

const stripe = vi.hoisted(() => {
  type Answer =
    | { paymentMethod: { id: string } }
    | { error: { type: string; code?: string; message: string } };
  /** What the next createPaymentMethod answers. */
  const next: { answer: Answer } = { answer: { paymentMethod: { id: 'pm_fake_1' } } };
  /** The card elements drawn, newest last. */
  const cards: Record<string, unknown>[] = [];

  const element = (type: string) => {
    let frame: HTMLElement | undefined;
    const self: Record<string, unknown> = {
      type,
      mount: (node: HTMLElement) => {
        // Stripe draws an iframe of this title; a div stands for it (the test DOM loads no frames).
        frame = document.createElement('div');
        frame.title = 'Secure card payment input frame';
        node.appendChild(frame);
      },
      unmount: () => frame?.remove(),
      destroy: () => frame?.remove(),
      on: () => self,
      off: () => self,
      once: () => self,
      update: () => undefined,
      focus: () => undefined,
      blur: () => undefined,
      clear: () => undefined,
    };
    return self;
  };

  const elements = () => {
    const created = new Map<string, Record<string, unknown>>();
    return {
      create: (type: string) => {
        const made = element(type);
        created.set(type, made);
        if (type === 'card') cards.push(made);
        return made;
      },
      getElement: (component: string | { __elementType?: string }) =>
        created.get(typeof component === 'string' ? component : (component.__elementType ?? '')) ?? null,
      update: () => undefined,
    };
  };

  /** The fields react-stripe-js checks on a Stripe object, and createPaymentMethod. */
  const instance = {
    elements,
    createToken: () => Promise.reject(new Error('not used')),
    confirmCardPayment: () => Promise.reject(new Error('not used')),
    createPaymentMethod: async (_data: unknown) => next.answer,
  };

  return { next, cards, instance };
});

const createPaymentMethod = vi.spyOn(stripe.instance, 'createPaymentMethod');

/** Stripe.js as the portal loads it: for 'pk_test_offline' it cannot be loaded, 'pk_test_none' answers null. */
const loadStripe = vi.hoisted(() =>
  vi.fn(async (key: string) => {
    if (key === 'pk_test_offline') throw new Error('Failed to load Stripe.js');
    return key === 'pk_test_none' ? null : stripe.instance;
  }),
);
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const STRIPE: PaymentProvider = { processor: 'stripe', publishableKey: 'pk_test_portal' };
const TEST: PaymentProvider = { processor: 'test', publishableKey: null };

const PRO = proPlanOf({ description: '' });

const HELD = subscriptionOf();

/** The subscription screens at `path`, the server's processor answering `provider` (a status: failing). */
const renderAt = (path: string, provider: PaymentProvider | number, subscriptions: unknown[] = []) =>
  renderSubscriptionPage(path, {
    provider,
    plan: PRO,
    subscriptions,
    handlers: [
      http.get(`${API}/billing/order/c1/detail/o1`, () =>
        HttpResponse.json(orderOf({ status: 'SUBMITTED' })),
      ),
      http.post(`${API}/billing/c1/pay`, () =>
        HttpResponse.json(orderOf({ status: 'APPROVED', paid: true })),
      ),
      http.post(`${API}/billing/c1/add-card`, () =>
        HttpResponse.json(
          {
            id: 'k1',
            brand: 'visa',
            name: 'Ada Lovelace',
            last4: '4242',
            expMonth: 12,
            expYear: 2030,
            isPrimary: true,
            createdDate: '2026-01-01T00:00:00.000Z',
          },
          { status: 201 },
        ),
      ),
    ],
  });

/** The payment step (the subscription page behind it has a card form too, when there is no card). */
const paymentStep = () => screen.findByRole('dialog', { name: 'Create Subscription' });

/** Stripe's card field, as drawn in its labelled outline. */
const stripeField = () => screen.findByRole('group', { name: 'Card' });

beforeEach(() => {
  stripe.next.answer = { paymentMethod: { id: 'pm_fake_1' } };
  stripe.cards.length = 0;
  createPaymentMethod.mockClear();
  loadStripe.mockClear();
});

describe('paying an order when the server uses Stripe', () => {
  it("shows Stripe's card field and the name, not the portal's card number", async () => {
    renderAt('/subscription?orderId=o1&step=3', STRIPE);
    const field = await stripeField();
    expect(within(field).getByTitle('Secure card payment input frame')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name on the card' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(screen.queryByText(/^Test cards:/)).toBeNull();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_portal');
  });

  it('pays with the id of the PaymentMethod Stripe made of the card and the name', async () => {
    stripe.next.answer = { paymentMethod: { id: 'pm_fake_pay' } };
    const sent = recordRequests();
    const { user } = renderAt('/subscription?orderId=o1&step=3', STRIPE);
    await stripeField();
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(sent.some((request) => request.path === '/billing/c1/pay')).toBe(true));
    expect(sent.find((request) => request.path === '/billing/c1/pay')?.body).toEqual({
      orderId: 'o1',
      stripeTokenId: 'pm_fake_pay',
    });
    expect(createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: stripe.cards.at(-1),
      billing_details: { name: 'Ada Lovelace' },
    });
    expect(
      await screen.findByRole('dialog', { name: 'Thanks for choosing our service!' }),
    ).toBeInTheDocument();
  });

  it("shows the catalogue's message for Stripe's error, never Stripe's own, and sends nothing", async () => {
    stripe.next.answer = {
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    };
    const sent = recordRequests();
    const { user } = renderAt('/subscription?orderId=o1&step=3', STRIPE);
    await stripeField();
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The card number is not valid.');
    expect(screen.queryByText('Your card number is incomplete.')).toBeNull();

    // An error the catalogue has no rule for: the card could not be read.
    stripe.next.answer = {
      error: { type: 'card_error', code: 'processing_error', message: 'Stripe says so.' },
    };
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The card could not be read. Enter it again.'),
    );
    expect(screen.queryByText('Stripe says so.')).toBeNull();
    expect(sent.some((request) => request.path === '/billing/c1/pay')).toBe(false);
  });

  it('asks for the name on the card before asking Stripe', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/subscription?orderId=o1&step=3', STRIPE);
    await stripeField();
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the name on the card (at most 100 characters).',
    );
    expect(createPaymentMethod).not.toHaveBeenCalled();
    expect(sent.some((request) => request.path === '/billing/c1/pay')).toBe(false);
  });
});

describe('saving a card when the server uses Stripe', () => {
  it("saves the PaymentMethod's id from the cards panel", async () => {
    stripe.next.answer = { paymentMethod: { id: 'pm_fake_saved' } };
    const sent = recordRequests();
    const { user } = renderAt('/subscription', STRIPE, [HELD]);
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(await within(cards).findByRole('group', { name: 'Card' })).toBeInTheDocument();
    expect(within(cards).queryByRole('textbox', { name: 'Card number' })).toBeNull();

    await user.type(within(cards).getByRole('textbox', { name: 'Name on the card' }), 'Ada Lovelace');
    await user.click(within(cards).getByRole('button', { name: 'Save card' }));

    await waitFor(() =>
      expect(sent.find((request) => request.path === '/billing/c1/add-card')?.body).toEqual({
        stripeTokenId: 'pm_fake_saved',
      }),
    );
    expect(createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'card', billing_details: { name: 'Ada Lovelace' } }),
    );
    expect(await screen.findByText('Card saved')).toBeInTheDocument();
  });
});

describe('the card form when Stripe is not there', () => {
  it("keeps the portal's own form when the server uses the test processor", async () => {
    renderAt('/subscription?orderId=o1&step=3', TEST);
    const step = await paymentStep();
    expect(await within(step).findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(within(step).getByText(/^Test cards:/)).toBeInTheDocument();
    expect(within(step).queryByRole('group', { name: 'Card' })).toBeNull();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('says the form could not be loaded, rather than showing the test form, when the processor is unknown', async () => {
    renderAt('/subscription?orderId=o1&step=3', 500);
    const step = await paymentStep();
    expect(await within(step).findByRole('alert')).toHaveTextContent(
      'The card form could not be loaded. Check your connection and try again.',
    );
    expect(within(step).queryByRole('textbox', { name: 'Card number' })).toBeNull();
  });

  it.each([
    ['cannot be loaded', 'pk_test_offline'],
    ['answers nothing', 'pk_test_none'],
  ])('says the form could not be loaded when Stripe.js %s', async (_, publishableKey) => {
    renderAt('/subscription?orderId=o1&step=3', { processor: 'stripe', publishableKey });
    const step = await paymentStep();
    expect(await within(step).findByRole('alert')).toHaveTextContent(
      'The card form could not be loaded. Check your connection and try again.',
    );
    expect(within(step).queryByRole('group', { name: 'Card' })).toBeNull();
    expect(within(step).queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(loadStripe).toHaveBeenCalledWith(publishableKey);
  });
});
