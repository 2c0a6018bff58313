import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelData } from '../../../contract/report';
import { formatDate } from '../../../src/kit/dates';
import { Dashboard } from '../../../src/pages/report/Dashboard';
import type { Session } from '../../../src/session';
import {
  customerAdmin,
  operator,
  operatorInside,
  recordRequests,
  renderAdmin,
  sessionUser,
} from '../harness';
import { API, server } from '../msw';

/** The dashboard (/report): its panels, one call each, their tables, empty states and the reporting range. */

/** The theme's warning colour (src/theme.ts). */
const WARNING = '#a84300';

const NOW = new Date('2026-11-25T10:00:00.000Z');

const panel = (fields: Partial<PanelData> & { panel: string }): PanelData => ({
  from: null,
  to: null,
  bucket: null,
  counts: [],
  series: [],
  record: null,
  ...fields,
});

/** A panel's counts, by name, in this order. */
const countsOf = (values: Record<string, number>) =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

const day = (date: string, signIns: number, approvals: number, failures = 0) => ({
  time: `${date}T00:00:00.000Z`,
  signIns,
  signInFailures: failures,
  approvals,
  approvalFailures: 0,
});

const CUSTOMER_DATA: Record<string, PanelData> = {
  users: panel({
    panel: 'users',
    counts: countsOf({ total: 42, active: 37, activated: 25, planCovers: 50, overPlan: 0 }),
  }),
  'activation-codes': panel({
    panel: 'activation-codes',
    counts: countsOf({ NEW: 7, ACTIVATED: 12, EXPIRED: 3 }),
  }),
  'sign-ins': panel({
    panel: 'sign-ins',
    bucket: 'day',
    series: [day('2026-11-18', 5, 4, 1), day('2026-11-19', 9, 8, 2), day('2026-11-20', 0, 0)],
  }),
  services: panel({ panel: 'services', counts: countsOf({ STARTED: 2, STOPPED: 1 }) }),
  subscription: panel({
    panel: 'subscription',
    record: {
      id: 'sub1',
      tier: 'NORMAL',
      status: 'ACTIVE',
      numberOfUsers: 50,
      expireDate: '2026-12-15T00:00:00.000Z',
      daysLeft: 20,
    },
  }),
};

const EMPTY_DATA: Record<string, PanelData> = {
  users: panel({ panel: 'users', counts: countsOf({ total: 0, active: 0, activated: 0 }) }),
  'activation-codes': panel({ panel: 'activation-codes', counts: [] }),
  'sign-ins': panel({ panel: 'sign-ins', bucket: 'day', series: [day('2026-11-18', 0, 0)] }),
  services: panel({ panel: 'services', counts: [] }),
  subscription: panel({ panel: 'subscription', record: null }),
};

const PROVIDER_DATA: Record<string, PanelData> = {
  customers: panel({ panel: 'customers', counts: countsOf({ ACTIVE: 8, INACTIVE: 1, total: 9 }) }),
  orders: panel({ panel: 'orders', counts: countsOf({ SUBMITTED: 4, APPROVED: 6 }) }),
  subscriptions: panel({ panel: 'subscriptions', counts: countsOf({ FREE: 3, ENTERPRISE: 5 }) }),
  'sign-ins': panel({ panel: 'sign-ins', bucket: 'day', series: [day('2026-11-24', 31, 30)] }),
};

/** The address's query, as a reload would read it. */
const Address = () => <output data-testid="address">{useLocation().search}</output>;

type Answer = PanelData | { status: number; body: object };

/** What every panel needs (contract/report.ts PANEL_GRANTS): the built-in administrators hold them all. */
const EVERY_PANEL = [
  'user-management:view',
  'token-pack:view',
  'service_instance:view',
  'subscription:view',
  'customer:view',
];

/** Serves the panels (by customer id and panel) and renders /report for this session. */
const renderDashboard = (
  answers: Record<string, Answer>,
  session: Partial<Session> = customerAdmin,
  path = '/report',
  permissions: readonly string[] = EVERY_PANEL,
) => {
  server.use(
    http.get(`${API}/grafana/api/datasources/proxy/:customerId/:panel`, ({ params }) => {
      const answer = answers[String(params.panel)];
      if (!answer) return HttpResponse.json({ message: 'no such panel' }, { status: 404 });
      if ('status' in answer) return HttpResponse.json(answer.body, { status: answer.status });
      return HttpResponse.json(answer);
    }),
  );
  const sent = recordRequests();
  const rendered = renderAdmin({
    path,
    permissions,
    session: {
      ...session,
      user: sessionUser({ firstName: 'Ann', lastName: 'Lee', customerId: session.customerId ?? null }),
    },
    children: (
      <CustomRoutes>
        <Route
          path="/report"
          element={
            <>
              <Dashboard />
              <Address />
            </>
          }
        />
      </CustomRoutes>
    ),
  });
  const panelCalls = (name: string) =>
    sent.filter((request) => new URL(request.path, 'http://x').pathname.endsWith(`/${name}`));
  return { ...rendered, sent, panelCalls };
};

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const findRegion = (name: string | RegExp) => screen.findByRole('region', { name });

/** The query of a panel call: its from and to. */
const rangeOf = (path: string) => {
  const query = new URL(path, 'http://x').searchParams;
  return { from: query.get('from'), to: query.get('to') };
};

describe('the customer dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('welcomes the user and says the scope and customer', async () => {
    renderDashboard(CUSTOMER_DATA, operatorInside);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ann Lee' })).toBeInTheDocument();
    expect(screen.getByTestId('current-scope')).toHaveTextContent(/^Customer$/);
    expect(screen.getByText('Acme Corp')).toBeInTheDocument();
    expect(screen.getByText('ann@provider.test')).toBeInTheDocument();
  });

  it('shows only the panels the session may read, and asks for no other', async () => {
    const { panelCalls } = renderDashboard(CUSTOMER_DATA, customerAdmin, '/report', ['user-management:view']);
    expect(await findRegion('Users')).toBeInTheDocument();
    expect(await findRegion(/Sign-ins/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Services/ })).toBeNull();
    expect(panelCalls('subscription')).toEqual([]);
    expect(panelCalls('services')).toEqual([]);
    expect(panelCalls('activation-codes')).toEqual([]);
  });

  it('says how many users the plan covers, and how many are over it, with the way to add users', async () => {
    renderDashboard({
      ...CUSTOMER_DATA,
      users: panel({
        panel: 'users',
        counts: countsOf({ total: 501, active: 501, activated: 0, planCovers: 25, overPlan: 476 }),
      }),
    });
    const users = await findRegion('Users');
    expect(await within(users).findByText('501 users, plan covers 25')).toBeInTheDocument();
    expect(within(users).getByText(/^476 users are over the plan/)).toBeInTheDocument();
    expect(within(users).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it("shows each panel's figures, with the tables of the activation codes and the sign-ins", async () => {
    const { panelCalls } = renderDashboard(CUSTOMER_DATA);

    const users = await findRegion('Users');
    expect(await within(users).findByTestId('figure-total')).toHaveTextContent('42');
    expect(within(users).getByText('Total')).toBeInTheDocument();
    expect(within(users).getByTestId('figure-active')).toHaveTextContent('37');
    expect(within(users).getByText('Active')).toBeInTheDocument();
    expect(within(users).getByTestId('figure-activated')).toHaveTextContent('25');
    expect(within(users).getByText('Activated on the app')).toBeInTheDocument();
    expect(within(users).getByText('42 users, plan covers 50')).toBeInTheDocument();
    expect(within(users).queryByText(/over the plan/)).toBeNull();
    expect(within(users).queryByTestId('figure-planCovers')).toBeNull();

    const codes = await screen.findByRole('table', { name: 'Activation codes by status' });
    const codeRows = within(codes)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(codeRows).toEqual(['StatusCount', 'New7', 'Activated12', 'Expired3']);
    // The chart beside its table: drawn, and hidden from assistive technologies.
    const chart = await within(region('Activation codes by status')).findByTestId('chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');

    const signIns = await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    const header = within(signIns)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Time', 'Sign-ins', 'Approvals', 'Failures']);
    const [first, second] = within(signIns)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(first).toEqual(['5', '4', '1']);
    expect(second).toEqual(['9', '8', '2']);

    const services = await screen.findByRole('table', { name: 'Services by status' });
    expect(within(services).getByRole('row', { name: 'Started 2' })).toBeInTheDocument();
    expect(within(services).getByRole('row', { name: 'Stopped 1' })).toBeInTheDocument();

    const subscription = region('Subscription');
    expect(await within(subscription).findByText('Professional')).toBeInTheDocument();
    expect(within(subscription).getByText('Active')).toBeInTheDocument();
    expect(within(subscription).getByText('50')).toBeInTheDocument();
    expect(within(subscription).getByText(formatDate('2026-12-15T00:00:00.000Z'))).toBeInTheDocument();
    // Under 30 days left: said in the warning colour.
    expect(getComputedStyle(within(subscription).getByText('20 days left')).color).toBe(WARNING);
    expect(within(subscription).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );

    // One call per panel, for the session's customer.
    for (const name of ['users', 'activation-codes', 'sign-ins', 'services', 'subscription']) {
      expect(panelCalls(name).map((call) => new URL(call.path, 'http://x').pathname)).toEqual([
        `/grafana/api/datasources/proxy/c1/${name}`,
      ]);
    }
  });

  it('shows a chart as a table on demand', async () => {
    const { user } = renderDashboard(CUSTOMER_DATA);
    const codes = await findRegion('Activation codes by status');
    await within(codes).findByTestId('chart');
    await user.click(within(codes).getByRole('button', { name: 'Show as table' }));
    expect(within(codes).queryByTestId('chart')).not.toBeInTheDocument();
    expect(within(codes).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(codes).getByRole('table', { name: 'Activation codes by status' })).toBeVisible();
  });

  it('says what to do first when there is nothing yet', async () => {
    renderDashboard(EMPTY_DATA);
    const users = await findRegion('Users');
    expect(await within(users).findByText('Connect a directory to bring in your users.')).toBeInTheDocument();
    expect(within(users).getByRole('link', { name: 'Connect a directory' })).toHaveAttribute('href', '/ldap');

    const services = region('Services by status');
    expect(await within(services).findByRole('link', { name: 'Launch a service' })).toHaveAttribute(
      'href',
      '/service-launch',
    );
    const codes = region('Activation codes by status');
    expect(await within(codes).findByRole('link', { name: 'Go to token packs' })).toHaveAttribute(
      'href',
      '/token-pack-v2',
    );
    const subscription = region('Subscription');
    expect(await within(subscription).findByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    const signIns = region('Sign-ins and approvals');
    expect(
      await within(signIns).findByText(
        `No sign-ins or approvals from ${formatDate('2026-11-18T10:00:00.000Z')} to ${formatDate(NOW)}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('table')).toEqual([]);
  });

  it("shows a panel's server error and tries again", async () => {
    const answers: Record<string, Answer> = {
      ...CUSTOMER_DATA,
      services: {
        status: 500,
        body: { messageKey: 'error.report.unavailable', message: 'Reports are resting.' },
      },
    };
    const { user, panelCalls } = renderDashboard(answers);
    const services = await findRegion('Services by status');
    expect(await within(services).findByText('Reports are resting.')).toBeInTheDocument();
    // The other panels are drawn all the same.
    expect(await screen.findByRole('table', { name: 'Activation codes by status' })).toBeInTheDocument();

    answers.services = CUSTOMER_DATA.services;
    await user.click(within(services).getByRole('button', { name: 'Try again' }));
    expect(await within(services).findByRole('table', { name: 'Services by status' })).toBeInTheDocument();
    expect(within(services).queryByText('Reports are resting.')).not.toBeInTheDocument();
    expect(panelCalls('services')).toHaveLength(2);
  });
});

describe('the provider dashboard', () => {
  it("asks an operator without a customer for the provider's panels", async () => {
    const { panelCalls } = renderDashboard(PROVIDER_DATA, operator);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ann Lee' })).toBeInTheDocument();
    expect(screen.getByTestId('current-scope')).toHaveTextContent(/^Provider$/);

    const customers = await findRegion('Customers');
    expect(await within(customers).findByTestId('figure-total')).toHaveTextContent('9');
    // The total first, then by status.
    expect(
      within(customers)
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    ).toEqual(['9', '8', '1']);
    expect(
      within(customers)
        .getAllByRole('term')
        .map((name) => name.textContent),
    ).toEqual(['Total', 'Active', 'Inactive']);
    const orders = await screen.findByRole('table', { name: 'Orders by status' });
    expect(within(orders).getByRole('row', { name: 'Submitted 4' })).toBeInTheDocument();
    expect(within(orders).getByRole('row', { name: 'Approved 6' })).toBeInTheDocument();
    const tiers = await screen.findByRole('table', { name: 'Active subscriptions by tier' });
    expect(within(tiers).getByRole('row', { name: 'Free 3' })).toBeInTheDocument();
    expect(within(tiers).getByRole('row', { name: 'Enterprise 5' })).toBeInTheDocument();
    const signIns = await screen.findByRole('table', { name: /^Sign-ins across customers/ });
    expect(within(signIns).getByRole('cell', { name: '31' })).toBeInTheDocument();

    for (const name of ['customers', 'orders', 'subscriptions', 'sign-ins']) {
      expect(panelCalls(name).map((call) => new URL(call.path, 'http://x').pathname)).toEqual([
        `/grafana/api/datasources/proxy/provider/${name}`,
      ]);
    }
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
  });

  it("shows an operator inside a customer that customer's dashboard", async () => {
    const { panelCalls } = renderDashboard(CUSTOMER_DATA, operatorInside);
    await screen.findByRole('table', { name: 'Activation codes by status' });
    expect(panelCalls('activation-codes').map((call) => new URL(call.path, 'http://x').pathname)).toEqual([
      '/grafana/api/datasources/proxy/c1/activation-codes',
    ]);
    expect(panelCalls('orders')).toEqual([]);
  });
});

describe('the reporting range', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const LAST_WEEK = { from: '2026-11-18T10:00:00.000Z', to: NOW.toISOString() };

  it('reads one week back from now by default, and only for the sign-ins', async () => {
    const { panelCalls } = renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    expect(panelCalls('sign-ins').map((call) => rangeOf(call.path))).toEqual([LAST_WEEK]);
    expect(panelCalls('users').map((call) => rangeOf(call.path))).toEqual([{ from: null, to: null }]);
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the unit chosen, keeps it in the address, and resets to the default', async () => {
    const { user, panelCalls } = renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(panelCalls('sign-ins')).toHaveLength(2));
    expect(rangeOf(panelCalls('sign-ins')[1].path)).toEqual({
      from: '2026-10-25T10:00:00.000Z',
      to: NOW.toISOString(),
    });
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?unit=month$/);
    // The other panels are not read again.
    expect(panelCalls('users')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(panelCalls('sign-ins')).toHaveLength(3));
    expect(rangeOf(panelCalls('sign-ins')[2].path)).toEqual(LAST_WEEK);
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens on the range the address holds', async () => {
    const { panelCalls } = renderDashboard(CUSTOMER_DATA, customerAdmin, '/report?unit=year');
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    expect(panelCalls('sign-ins').map((call) => rangeOf(call.path))).toEqual([
      { from: '2025-11-25T10:00:00.000Z', to: NOW.toISOString() },
    ]);
  });

  it('reads the days typed in, from the start of the first to the end of the last', async () => {
    const { user, panelCalls } = renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01/11/2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10/11/2026' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(panelCalls('sign-ins')).toHaveLength(2));
    expect(rangeOf(panelCalls('sign-ins')[1].path)).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 11).toISOString(),
    });
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?from=2026-11-01&to=2026-11-10$/);
  });

  it('says so when the start is after the end, and sends nothing', async () => {
    const { user, panelCalls } = renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '30/11/2026' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
    expect(panelCalls('sign-ins')).toHaveLength(1);
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it("shows the days in the dates' rule, dd/mm/yyyy, beside the range it reads", async () => {
    renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(from).toHaveValue('18/11/2026');
    expect(to).toHaveValue('25/11/2026');
    expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(from).toHaveAccessibleDescription('dd/mm/yyyy');
    expect(screen.getByText('From 18/11/2026 to 25/11/2026')).toBeInTheDocument();
  });

  it('refuses a day typed month first, and sends nothing', async () => {
    const { user, panelCalls } = renderDashboard(CUSTOMER_DATA);
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '11/25/2026' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter both dates as dd/mm/yyyy.');
    expect(panelCalls('sign-ins')).toHaveLength(1);
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('fills the days from the address in the same rule', async () => {
    renderDashboard(CUSTOMER_DATA, customerAdmin, '/report?from=2026-01-05&to=2026-02-03');
    await screen.findByRole('table', { name: /^Sign-ins and approvals/ });
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('05/01/2026');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('03/02/2026');
  });
});
