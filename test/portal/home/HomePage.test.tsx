import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ServiceFeature, TierPlan } from '../../../contract/billing';
import { dataProvider } from '../../../src/dataProviders';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { HomePage } from '../../../src/pages/home/HomePage';
import { sessionStore } from '../../../src/session';
import { proPlanOf } from '../billingFixtures';
import { signIn } from '../harness';
import { API, server } from '../msw';

const period = (id: string, tierPlanId: string, periodCount: number, freeMonth: number) => ({
  id,
  tierPlanId,
  name: `${periodCount} months`,
  periodCount,
  freeMonth,
  firstTimeFreeMonth: 0,
});

const TIERS: TierPlan[] = [
  {
    id: 'free',
    name: 'FREE',
    tierPlanType: 'FREE',
    minUser: 1,
    description: 'Try it.',
    pricePerUserMonth: 0,
    currency: 'USD',
    featureIds: ['radius'],
    periods: [period('f12', 'free', 12, 0)],
  },
  proPlanOf({
    featureIds: ['radius', 'theme'],
    periods: [period('p1', 'pro', 1, 0), period('p12', 'pro', 12, 2)],
  }),
];
const FEATURES: ServiceFeature[] = [
  { id: 'radius', name: 'VPN second factor', description: 'RADIUS' },
  { id: 'theme', name: 'Branded app', description: 'Colours' },
];

const Where = () => {
  const location = useLocation();
  return <p data-testid="at">{`${location.pathname}${location.search}`}</p>;
};

const renderHome = (path = '/home') => {
  server.use(
    http.get(`${API}/billing/payment_plan`, () => HttpResponse.json(TIERS)),
    http.get(`${API}/billing/service_feature`, () => HttpResponse.json(FEATURES)),
  );
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <RouterPageNav>
        <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
          <Routes>
            <Route path="/home" element={<HomePage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return userEvent.setup({ delay: null });
};

describe('the plans page', () => {
  it('shows the plans side by side with their price, period and features, without a token', async () => {
    renderHome();
    const professional = await screen.findByRole('region', { name: 'Professional' });
    expect(within(professional).getByText('$3.00')).toBeInTheDocument();
    // 12 months by default: 10 billed months of $3.00.
    expect(
      within(professional).getByText(/Billed \$30\.00 per user for 12 months\. 2 months free\./),
    ).toBeInTheDocument();
    expect(within(professional).getAllByTitle('Included', { exact: true })).toHaveLength(2);
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).getByTitle('Not included')).toBeInTheDocument();
  });

  it('changes the period shown', async () => {
    const user = renderHome();
    const professional = await screen.findByRole('region', { name: 'Professional' });
    await user.click(screen.getByRole('button', { name: '1 month' }));
    expect(within(professional).getByText(/Billed \$3\.00 per user for 1 month\./)).toBeInTheDocument();
  });

  it('keeps the chosen plan and goes to sign-in when signed out', async () => {
    const user = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent('/login'));
    expect(sessionStore.get()?.buying).toEqual({ isBuying: true, tierId: 'pro' });
  });

  it('continues an order’s payment (completePayment) when signed in', async () => {
    signIn();
    renderHome('/home?orderId=o1&tierId=pro&step=2');
    await waitFor(() =>
      expect(screen.getByTestId('at')).toHaveTextContent('/subscription?orderId=o1&step=3&tierId=pro'),
    );
  });

  it('opens the subscription order at step 1 with the plan and period when signed in', async () => {
    signIn();
    const user = renderHome('/home?tierId=pro');
    expect(await screen.findByText('You chose the Professional plan before signing in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Professional' }));
    await waitFor(() =>
      expect(screen.getByTestId('at')).toHaveTextContent('/subscription?tierId=pro&step=1&periodId=p12'),
    );
  });
});
