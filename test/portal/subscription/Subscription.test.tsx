import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Order, Subscription } from '../../../contract/billing';
import { orderOf, proPlanOf, subscriptionOf } from '../billingFixtures';
import { recordRequests } from '../harness';
import { API, server } from '../msw';
import { renderSubscriptionPage } from './fixtures';

const PRO = proPlanOf({
  periods: [
    { id: 'p1', tierPlanId: 'pro', name: '1 month', periodCount: 1, freeMonth: 0, firstTimeFreeMonth: 1 },
    { id: 'p12', tierPlanId: 'pro', name: '12 months', periodCount: 12, freeMonth: 2, firstTimeFreeMonth: 1 },
  ],
});

const HELD = subscriptionOf();

const order = (status: Order['status']) => orderOf({ status, paid: status === 'APPROVED' });

const renderAt = (path: string, subscriptions: Subscription[] = [], cards: unknown[] = []) =>
  renderSubscriptionPage(path, {
    provider: { processor: 'test', publishableKey: null },
    plan: PRO,
    subscriptions,
    cards,
    handlers: [
      http.post(`${API}/billing/subscription/calculate`, () =>
        HttpResponse.json({
          currency: 'USD',
          totalAmount: 90_000,
          discountAmount: 15_000,
          discountPercent: 17,
          finalAmount: 75_000,
          trialTerm: 1,
        }),
      ),
    ],
    children: [
      <CustomRoutes key="login" noLayout>
        <Route path="/login" element={<p>sign-in page</p>} />
      </CustomRoutes>,
    ],
  });

describe('the subscription page', () => {
  it("says 'No subscription found!' with Cancel and Subscribe when there is none", async () => {
    renderAt('/subscription');
    const dialog = await screen.findByRole('dialog', { name: 'No subscription found!' });
    expect(
      within(dialog).getByText('You must subscribe at least one TokenPack at Home page.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('goes to the sign-in page with the same query when it holds a client_id', async () => {
    const { pathname } = renderAt('/subscription?client_id=gateway-x&state=s1');
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('lists the subscriptions with their plan, users and expiry', async () => {
    renderAt('/subscription', [HELD]);
    const row = (await screen.findByText('Acme')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Professional')).toBeInTheDocument();
    expect(within(row).getByText('25')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Extend' })).toBeInTheDocument();
  });
});

describe('the purchase overlay', () => {
  it('opens at step 1 with the periods and 10 users, and refuses fewer than the plan’s minimum', async () => {
    const { user, pathname } = renderAt('/subscription?tierId=pro&step=1');
    const dialog = await screen.findByRole('dialog', { name: 'Create Subscription' });
    expect(await within(dialog).findByRole('button', { name: '12 months' })).toBeInTheDocument();
    const users = within(dialog).getByRole('spinbutton', { name: 'Number of Users' });
    expect(users).toHaveValue(10);
    await user.clear(users);
    await user.type(users, '5');
    expect(within(dialog).getByText('Minimum 10 users required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(users);
    await user.type(users, '25');
    await user.click(within(dialog).getByRole('button', { name: '12 months' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/subscription'));
    expect(await screen.findByRole('dialog', { name: 'Review Subscription' })).toBeInTheDocument();
  });

  it('reviews the price at step 2 and places the order, then asks for the card of a Professional order', async () => {
    server.use(
      http.post(`${API}/billing/order/c1/submit`, () =>
        HttpResponse.json(order('SUBMITTED'), { status: 201 }),
      ),
      http.get(`${API}/billing/order/c1/detail/o1`, () => HttpResponse.json(order('SUBMITTED'))),
    );
    const sent = recordRequests();
    const { user } = renderAt('/subscription?tierId=pro&periodId=p12&numberOfUsers=25&step=2');
    const review = await screen.findByRole('dialog', { name: 'Review Subscription' });
    expect(await within(review).findByText('$750.00')).toBeInTheDocument();
    expect(
      within(review).getByText(
        'Your first paid subscription gets 1 month more, free: it is added to the period, not taken off the price.',
      ),
    ).toBeInTheDocument();
    expect(sent.find((request) => request.path.endsWith('/calculate'))?.body).toEqual({
      customerId: 'c1',
      numberOfUsers: 25,
      paymentPlanIds: ['pro', 'p12'],
    });
    await user.click(within(review).getByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path.endsWith('/submit'))?.body).toEqual({
        customerId: 'c1',
        numberOfUsers: 25,
        paymentPlanIds: ['pro', 'p12'],
      }),
    );
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
  });

  it('refuses a card number that is not one, then pays with a token that does not hold the number', async () => {
    server.use(
      http.get(`${API}/billing/order/c1/detail/o1`, () => HttpResponse.json(order('SUBMITTED'))),
      http.post(`${API}/billing/c1/pay`, () => HttpResponse.json(order('APPROVED'))),
    );
    const sent = recordRequests();
    const { user } = renderAt('/subscription?orderId=o1&step=3');
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/30');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('The card number is not valid.')).toBeInTheDocument();
    expect(sent.some((request) => request.path.endsWith('/pay'))).toBe(false);

    const number = screen.getByRole('textbox', { name: 'Card number' });
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(sent.some((request) => request.path.endsWith('/pay'))).toBe(true));
    const body = sent.find((request) => request.path.endsWith('/pay'))?.body as Record<string, string>;
    expect(body.orderId).toBe('o1');
    expect(body.stripeTokenId).toMatch(/^tok_test_/);
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(
      await screen.findByRole('dialog', { name: 'Thanks for choosing our service!' }),
    ).toBeInTheDocument();
  });

  it('says a declined card in words under the card, marked invalid, the card kept and no toast', async () => {
    const text = 'Your card has insufficient funds. Use another card or contact your bank.';
    server.use(
      http.get(`${API}/billing/order/c1/detail/o1`, () => HttpResponse.json(order('SUBMITTED'))),
      http.post(`${API}/billing/c1/pay`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.card.insufficientFunds',
            message: text,
            params: { field: 'card', reason: 'insufficient_funds' },
          },
          { status: 402 },
        ),
      ),
    );
    const { user } = renderAt('/subscription?orderId=o1&step=3');
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.type(number, '4000 0000 0000 9995');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/30');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription(text));
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveValue('4000 0000 0000 9995');
    expect(screen.getByRole('textbox', { name: 'Name on the card' })).toHaveValue('Ada Lovelace');
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.queryByText(/insufficient_funds|card_declined/)).not.toBeInTheDocument();
  });

  it('shows the current active users for an edit and asks for more users than the subscription has', async () => {
    server.use(
      http.get(`${API}/user-management/users/c1/count-active-users`, () => HttpResponse.json({ count: 18 })),
    );
    const { user } = renderAt('/subscription?action=edit&subscriptionId=s1&tierId=pro&step=1', [HELD]);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Subscription' });
    expect(await within(dialog).findByText('18')).toBeInTheDocument();
    const users = within(dialog).getByRole('spinbutton', { name: 'Number of Users' });
    await user.clear(users);
    await user.type(users, '25');
    expect(
      within(dialog).getByText(
        'Only support to change the value greater than current subscription users. Current users is 25.',
      ),
    ).toBeInTheDocument();
  });

  it('thanks with the dashboard once the order is approved', async () => {
    server.use(http.get(`${API}/billing/order/c1/detail/o1`, () => HttpResponse.json(order('APPROVED'))));
    renderAt('/subscription?orderId=o1&done=true');
    const thanks = await screen.findByRole('dialog', { name: 'Thanks for choosing our service!' });
    expect(await within(thanks).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/report');
  });
});

describe('the saved cards', () => {
  const CARDS = [
    { id: 'k1', brand: 'visa', name: 'Ada Lovelace Byron', last4: '4242', isPrimary: true },
    { id: 'k2', brand: 'mastercard', name: 'Ada', last4: '4444', isPrimary: false },
  ];

  it('lists the cards, makes one primary and deletes one, each after a confirmation', async () => {
    const sent = recordRequests();
    server.use(
      http.put(`${API}/billing/c1/set-as-default-card/k2`, () =>
        HttpResponse.json({ ...CARDS[1], isPrimary: true }),
      ),
      http.delete(`${API}/billing/c1/delete-card/k2`, () => HttpResponse.json(CARDS[1])),
    );
    const { user } = renderAt('/subscription', [HELD], CARDS);
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(await within(cards).findByText('mastercard ending in 4444')).toBeInTheDocument();
    expect(within(cards).getByText('Primary')).toBeInTheDocument();
    // No new-card entry while there are cards.
    expect(within(cards).queryByRole('textbox', { name: 'Card number' })).toBeNull();

    await user.click(within(cards).getByRole('button', { name: 'Make primary' }));
    expect(await screen.findByText('Pay with the card ending in 4444 by default?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sent.some((request) => request.path === '/billing/c1/set-as-default-card/k2')).toBe(true),
    );

    await waitFor(() =>
      expect(screen.queryByText('Pay with the card ending in 4444 by default?')).toBeNull(),
    );
    const second = within(cards).getByText('mastercard ending in 4444').closest('li') as HTMLElement;
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the card ending in 4444?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        sent.some((request) => request.method === 'DELETE' && request.path === '/billing/c1/delete-card/k2'),
      ).toBe(true),
    );
  });

  it("shows the holder's name in capitals, whole up to 12 characters, with no narrower box to cut it", async () => {
    renderAt(
      '/subscription',
      [HELD],
      [{ id: 'k3', brand: 'visa', name: 'Casey Adams', last4: '1111', isPrimary: true }],
    );
    const cards = await screen.findByRole('region', { name: 'Cards' });
    const name = await within(cards).findByText('CASEY ADAMS');
    // Capitals are wider than the ch unit: a 12ch box cut 'CASEY ADAMS' to 'CASEY AD…'.
    expect(getComputedStyle(name).maxWidth).not.toMatch(/ch$/);
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
  });

  it('opens the new-card entry when there is no card', async () => {
    renderAt('/subscription', [HELD]);
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(await within(cards).findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
  });
});

describe('an extension to fewer users', () => {
  it('asks for the users to remove in the picker, then sends them with the order', async () => {
    const USERS = Array.from({ length: 5 }, (_, n) => ({
      id: `u${5 - n}`,
      username: `user${5 - n}`,
      displayName: `User ${5 - n}`,
      email: `user${5 - n}@acme.test`,
      status: 'ACTIVE',
    }));
    const sent = recordRequests();
    server.use(
      http.get(`${API}/user-management/users/c1/count-active-users`, () => HttpResponse.json({ count: 22 })),
      http.get(`${API}/user-management/users/c1/search`, () =>
        HttpResponse.json({ content: USERS, totalElements: USERS.length, page: 0, pageSize: 100 }),
      ),
      http.post(`${API}/billing/subscription/c1/extend`, () =>
        HttpResponse.json({ ...order('SUBMITTED'), action: 'EXTEND' }, { status: 201 }),
      ),
      http.get(`${API}/billing/order/c1/detail/o1`, () => HttpResponse.json(order('SUBMITTED'))),
    );
    const { user } = renderAt('/subscription?action=extend&subscriptionId=s1&tierId=pro&step=1', [HELD]);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Subscription' });
    const users = await within(dialog).findByRole('spinbutton', { name: 'Number of Users' });
    await user.clear(users);
    await user.type(users, '20');
    expect(await within(dialog).findByText(/choose 2 users to remove/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Choose users to remove' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose users to remove' });
    await user.click(await within(picker).findByText('User 5'));
    expect(within(picker).getByRole('button', { name: 'Select (1) users' })).toBeDisabled();
    await user.click(within(picker).getByText('User 4'));
    await user.click(within(picker).getByRole('button', { name: 'Select (2) users' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose users to remove' })).toBeNull());

    // The picker read 100 users, newest first.
    const search = sent.find((request) => request.path.startsWith('/user-management/users/c1/search'));
    expect(search?.path).toContain('pageSize=100');
    // Newest first (the spec's "by id, descending", with ids that grow with time).
    expect(search?.path).toContain('sort=createdDate&order=DESC');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const review = await screen.findByRole('dialog', { name: 'Review Subscription' });
    await user.click(await within(review).findByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path.endsWith('/extend'))?.body).toMatchObject({
        customerId: 'c1',
        numberOfUsers: 20,
        subscriptionId: 's1',
        removeUsers: ['u5', 'u4'],
      }),
    );
  });
});

describe('an ended subscription', () => {
  it('offers only Extend', async () => {
    renderAt('/subscription', [{ ...HELD, status: 'EXPIRED' }]);
    const row = (await screen.findByText('Acme')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Extend' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Add users' })).toBeNull();
  });
});
