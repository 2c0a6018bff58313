import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRowToShow } from '../expectations';
import { fill, recordRequests, row } from '../harness';
import { describeListStates } from '../listScenarios';
import { PRO, renderAt, VIEW } from './fixtures';

describeListStates('the token pack list', {
  render: ({ empty }) => renderAt('/token-pack-v2', empty ? { packs: [] } : {}),
  call: { method: 'get', path: '/idm-config/token-pack-v2/c1/search' },
  row: 'Professional Token Pack',
  empty: { title: 'No token packs yet', next: { name: 'Create', to: '/token-pack-v2/create' } },
  phone: ['Professional Token Pack', 'Free Token Pack'],
});

describe('the token pack list', () => {
  it('shows each pack with its subscription, wizard status, usable services and date', async () => {
    const sent = recordRequests();
    const { user, pathname } = renderAt('/token-pack-v2');
    expect(await screen.findByText('Professional Token Pack')).toBeInTheDocument();
    const pro = row('Professional Token Pack');
    expectRowToShow('Professional Token Pack', 'Completed', '2');
    // The subscription reads by its plan and period, not by its id (kept in the link's tooltip).
    const subscription = within(pro).getByRole('link', { name: 'Professional, 12 months' });
    expect(subscription).toHaveAttribute('href', `/subscription/${PRO.subscriptionId}`);
    expect(subscription).toHaveAttribute('title', PRO.subscriptionId);
    expect(pro.textContent).not.toContain(PRO.subscriptionId?.slice(0, 8));
    expectRowToShow('Free Token Pack', 'New', '0', '—');
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    for (const header of ['Name', 'Subscription', 'Setup wizard', 'Usable services', 'Created'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(sent.find((one) => one.path.startsWith('/idm-config/token-pack-v2/c1/search'))?.path).toBe(
      '/idm-config/token-pack-v2/c1/search?page=0&pageSize=10&sort=name&order=ASC',
    );
    await user.click(within(pro).getByText('Completed'));
    await waitFor(() => expect(pathname()).toBe('/token-pack-v2/tp1/show'));
  });

  it('searches by name and filters by wizard status', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/token-pack-v2');
    await screen.findByText('Professional Token Pack');
    await fill(user, screen.getByPlaceholderText('Search'), 'pro');
    await user.click(screen.getByRole('combobox', { name: 'Setup wizard' }));
    await user.click(await screen.findByRole('option', { name: 'Touched' }));
    await waitFor(() =>
      expect(sent.map((one) => one.path)).toContain(
        '/idm-config/token-pack-v2/c1/search?page=0&pageSize=10&sort=name&order=ASC&q=pro&wizardStatus=TOUCHED',
      ),
    );
  });

  it('offers the subscription page and Create when the customer has no token pack', async () => {
    renderAt('/token-pack-v2', { packs: [] });
    expect(await screen.findByText('No token packs yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to subscriptions' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('offers no Create to a user who may only view token packs', async () => {
    renderAt('/token-pack-v2', { packs: [], permissions: VIEW });
    expect(await screen.findByRole('link', { name: 'Go to subscriptions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });
});
