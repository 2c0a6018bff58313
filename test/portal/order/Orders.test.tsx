import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/billing';
import { MyOrdersPage } from '../../../src/pages/my-account/MyOrdersPage';
import orderResource from '../../../src/resources/order';
import type { Session } from '../../../src/session';
import { orderOf } from '../billingFixtures';
import { expectRowToShow } from '../expectations';
import { customerAdmin, operator, recordRequests, renderAdmin, resourcesOf, row } from '../harness';
import { API, server } from '../msw';

const order = (id: string, status: Order['status'], companyName = 'Acme') =>
  orderOf({ id, status, companyName });

const ORDERS = [order('o1', 'SUBMITTED'), order('o2', 'APPROVED', 'Globex')];

const serve = (customer: string) =>
  server.use(
    http.post(`${API}/billing/order/${customer}/search`, () =>
      HttpResponse.json({ contents: ORDERS, totalElements: ORDERS.length }),
    ),
  );

const screens = [
  ...resourcesOf(orderResource),
  <CustomRoutes key="pages">
    <Route path="/my-account/orders" element={<MyOrdersPage />} />
  </CustomRoutes>,
];

/** The orders' screens at `path`, for this session, who may view and configure subscriptions. */
const renderOrders = (path: string, session: Partial<Session>, children = screens) =>
  renderAdmin({ path, permissions: ['subscription:view', 'subscription:configure'], session, children });

describe("a customer's orders", () => {
  it('lists its own orders, and cancels a submitted one after the confirmation', async () => {
    serve('c1');
    server.use(http.post(`${API}/billing/order/c1/cancel`, () => HttpResponse.json(order('o1', 'CANCELED'))));
    const sent = recordRequests();
    const { user } = renderOrders('/my-account/orders', customerAdmin);
    await screen.findByText('Acme');
    const submitted = row('Acme');
    expectRowToShow('Acme', '$750.00', 'Submitted');
    const approvedRow = row('Globex');
    expect(within(approvedRow).queryByRole('button')).toBeNull();
    // No company-name search for a customer.
    expect(screen.queryByPlaceholderText('Customer name')).toBeNull();

    await user.click(within(submitted).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Do you want cancel this order?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent.some((request) => request.path.endsWith('/cancel'))).toBe(true));
    expect(sent.find((request) => request.path.endsWith('/cancel'))?.body).toEqual({
      orderId: 'o1',
      customerId: 'c1',
      notes: 'Cancelled by user',
    });
    expect(sent.find((request) => request.path.endsWith('/search'))?.path).toBe('/billing/order/c1/search');
  });
});

describe('completing a payment', () => {
  it("takes the customer's unpaid Professional order back to the purchase", async () => {
    serve('c1');
    const { user, pathname } = renderOrders('/my-account/orders', customerAdmin, [
      ...screens,
      <CustomRoutes key="home" noLayout>
        <Route path="/home" element={<p>plans</p>} />
      </CustomRoutes>,
    ]);
    await screen.findByText('Acme');
    const submitted = row('Acme');
    expect(
      within(row('Globex')).queryByRole('button', {
        name: 'Complete payment',
      }),
    ).toBeNull();
    await user.click(within(submitted).getByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(pathname()).toBe('/home'));
  });
});

describe("an operator's orders", () => {
  it("lists every customer's orders, searches by customer name, and approves after the spec's confirmation", async () => {
    serve('all');
    server.use(http.post(`${API}/billing/approve_payment`, () => HttpResponse.json(order('o1', 'APPROVED'))));
    const sent = recordRequests();
    const { user } = renderOrders('/order', operator);
    await screen.findByText('Acme');
    const submitted = row('Acme');
    expect(screen.getByPlaceholderText('Customer name')).toBeInTheDocument();
    await user.click(within(submitted).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('This action will create token pack, service instance. Are you sure?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/billing/approve_payment')?.body).toEqual({
        orderId: 'o1',
      }),
    );
    expect(await screen.findByText('Order approved')).toBeInTheDocument();
  });

  it('filters by status and by created month (MM/YYYY)', async () => {
    serve('all');
    const sent = recordRequests();
    const { user } = renderOrders('/order', operator);
    await screen.findByText('Acme');
    await user.click(screen.getByRole('combobox', { name: 'Created month' }));
    const months = await screen.findAllByRole('option');
    const chosen = months[1]!.textContent as string;
    expect(chosen).toMatch(/^\d{2}\/\d{4}$/);
    await user.click(months[1]!);
    await waitFor(() =>
      expect(
        sent.some((request) => (request.body as { filters?: { month?: string } })?.filters?.month === chosen),
      ).toBe(true),
    );
  });
});
