import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SecondFactorConfiguration } from '../../../contract/secondFactor';
import { createDataProvider } from '../../../src/dataProviders';
import { i18nProvider } from '../../../src/i18n';
import { SecurityPage } from '../../../src/pages/my-account/SecurityPage';
import { sessionStore } from '../../../src/session';
import { sessionUser } from '../harness';
import { API, server } from '../msw';

const NOT_ACTIVATED =
  'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.';

const DEVICES = [
  { name: 'Pixel 9 of Ann', tokenPackName: 'Staff', activatedDate: '2025-03-15T12:00:00.000Z' },
  { name: 'iPad', tokenPackName: 'Contractors', activatedDate: '2024-11-02T12:00:00.000Z' },
];

const config = (fields: Partial<SecondFactorConfiguration> = {}): SecondFactorConfiguration => ({
  enable2fa: false,
  appActivated: true,
  devices: DEVICES,
  ...fields,
});

interface Sent {
  path: string;
  body: unknown;
}

/**
 * The signed-in account a7's security settings: GET answers `initial` (then whatever configure made of
 * it); configure answers `configure` (which may change what GET answers next) or the setting asked for.
 */
const arrangeServer = (
  initial: SecondFactorConfiguration,
  configure?: (change: (next: SecondFactorConfiguration) => void) => Response,
): { sent: Sent[]; loads: () => number } => {
  const sent: Sent[] = [];
  let loads = 0;
  let now = initial;
  server.use(
    http.get(`${API}/account/security/configuration/2fa`, () => {
      loads += 1;
      return HttpResponse.json(now);
    }),
    http.post(`${API}/account/:accountId/security/configure/2fa`, async ({ request, params }) => {
      const body = (await request.json()) as { enable2fa: boolean };
      sent.push({ path: `/account/${params.accountId}/security/configure/2fa`, body });
      if (configure)
        return configure((next) => {
          now = next;
        });
      now = { ...now, enable2fa: body.enable2fa };
      return HttpResponse.json(now);
    }),
  );
  return { sent, loads: () => loads };
};

const renderPage = () => {
  sessionStore.set({ token: 'tok', expiresAt: Date.now() + 3_600_000, user: sessionUser({ id: 'a7' }) });
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestMemoryRouter initialEntries={['/my-account/security']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/my-account/security" element={<SecurityPage />} />
          <Route path="/docs/help/mobile-app" element={<p>mobile app help page</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

/** The setting as the page shows it: On or Off. */
const shownSetting = () =>
  within(screen.getByText('Sign-in asks the V-Key app').parentElement as HTMLElement).getByText(/^(On|Off)$/)
    .textContent;

describe('My Account → Security', () => {
  it('lists the devices of the V-Key app, with their token pack and activation date', async () => {
    arrangeServer(config());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your V-Key app devices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Device', 'Token pack', 'Activated']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Pixel 9 of Ann', 'Staff', '15/03/2025'],
      ['iPad', 'Contractors', '02/11/2024'],
    ]);
  });

  it("turns the second factor on for the signed-in account's id", async () => {
    const { sent } = arrangeServer(config());
    const user = renderPage();
    await screen.findByRole('heading', { name: 'Sign-in with the V-Key app' });
    expect(shownSetting()).toBe('Off');
    expect(screen.queryByText(NOT_ACTIVATED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Signing in now asks the V-Key app.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/account/a7/security/configure/2fa', body: { enable2fa: true } }]);
    expect(shownSetting()).toBe('On');
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('asks before turning it off, and sends nothing when the answer is no', async () => {
    const { sent } = arrangeServer(config({ enable2fa: true }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Turn off the V-Key app at sign-in?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(shownSetting()).toBe('On');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Signing in no longer asks the V-Key app.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '/account/a7/security/configure/2fa', body: { enable2fa: false } }]);
    expect(shownSetting()).toBe('Off');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it('without an activated app, says so and what to do, and cannot be turned on', async () => {
    arrangeServer(config({ appActivated: false, devices: [] }));
    const user = renderPage();
    expect(await screen.findByText(NOT_ACTIVATED)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ask your administrator for an activation code, activate the V-Key app with it, then come back here to turn this on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
    expect(
      screen.getByText('The V-Key app is not activated on any device for your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'How to install and activate the V-Key app' }));
    expect(await screen.findByText('mobile app help page')).toBeInTheDocument();
  });

  it('can still be turned off when the app is no longer activated', async () => {
    const { sent } = arrangeServer(config({ enable2fa: true, appActivated: false, devices: [] }));
    const user = renderPage();
    expect(await screen.findByText(NOT_ACTIVATED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('Signing in no longer asks the V-Key app.')).toBeInTheDocument();
  });

  it("shows the server's refusal when the app was removed meanwhile, and what the server knows now", async () => {
    const { sent, loads } = arrangeServer(config(), (change) => {
      change(config({ appActivated: false, devices: [] }));
      return HttpResponse.json(
        { messageKey: 'error.user.appNotActivated', message: NOT_ACTIVATED },
        { status: 409 },
      );
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    // The notification, then the page's own explanation once it has loaded the setting again.
    await waitFor(() => expect(screen.getAllByText(NOT_ACTIVATED)).toHaveLength(2));
    expect(sent).toHaveLength(1);
    expect(loads()).toBe(2);
    expect(shownSetting()).toBe('Off');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/account/security/configuration/2fa`, () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json(config({ enable2fa: true })),
      ),
    );
    const user = renderPage();
    expect(await screen.findByText(/The security settings could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });
});
