import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SecondFactorConfiguration } from '../../../contract/secondFactor';
import { canAccess } from '../../../src/access/canAccess';
import { createDataProvider } from '../../../src/dataProviders';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { SecurityPage } from '../../../src/pages/my-account/SecurityPage';
import { type Session, sessionStore } from '../../../src/session';
import { customerAdmin, operatorInside, sessionUser } from '../harness';
import { API, server } from '../msw';

/** The server's refusal (the spec's words, verbatim). */
const NOT_ACTIVATED =
  'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.';
/** The page's own explanation. */
const NOT_ACTIVATED_YET =
  'The V-Key app is not activated for your account yet. Activate it on your phone before you turn this on.';
const ASK_ADMINISTRATOR =
  'Ask your administrator for an activation code, activate the V-Key app with it, then come back here and turn this on.';

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

/**
 * The page for the account a7: by default someone of no customer (a provider operator); `session` makes
 * another (a customer's administrator), `permissions` what the account may do (everything by default).
 */
const renderPage = ({
  session = {},
  permissions,
}: {
  session?: Partial<Session>;
  permissions?: string[];
} = {}) => {
  sessionStore.set({
    token: 'tok',
    expiresAt: Date.now() + 3_600_000,
    user: sessionUser({ id: 'a7', customerId: session.customerId ?? null }),
    ...session,
  });
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authProvider = permissions && {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    canAccess: async (params: { resource: string; action: string }) =>
      canAccess(permissions, params, { customerScope: true }),
  };
  render(
    <TestMemoryRouter initialEntries={['/my-account/security']}>
      <RouterPageNav>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider || undefined}
          i18nProvider={i18nProvider}
          queryClient={queryClient}
        >
          <Routes>
            <Route path="/my-account/security" element={<SecurityPage />} />
            <Route path="/docs/help/mobile-app" element={<p>mobile app help page</p>} />
            <Route path="/ldap" element={<p>directories page</p>} />
            <Route path="/token-pack-v2" element={<p>token packs page</p>} />
          </Routes>
          <Notification />
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

/** The setting as the page shows it: On or Off. */
const shownSetting = () =>
  within(screen.getByText('Approval in the V-Key app at sign-in').parentElement as HTMLElement).getByText(
    /^(On|Off)$/,
  ).textContent;

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
    expect(
      await screen.findByText('Signing in now asks for your approval in the V-Key app.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/account/a7/security/configure/2fa', body: { enable2fa: true } }]);
    expect(shownSetting()).toBe('On');
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('asks before turning it off, and sends nothing when the answer is no', async () => {
    const { sent } = arrangeServer(config({ enable2fa: true }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Stop asking for approval in the V-Key app?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(shownSetting()).toBe('On');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('Signing in no longer asks for your approval in the V-Key app.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '/account/a7/security/configure/2fa', body: { enable2fa: false } }]);
    expect(shownSetting()).toBe('Off');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it('without an activated app, says so and what to do, and cannot be turned on', async () => {
    arrangeServer(config({ appActivated: false, devices: [] }));
    const user = renderPage();
    expect(await screen.findByText(NOT_ACTIVATED_YET)).toBeInTheDocument();
    expect(screen.getByText(ASK_ADMINISTRATOR)).toBeInTheDocument();
    expect(screen.queryByText(/You administer this customer/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
    expect(screen.getByText('The V-Key app is not activated on any of your devices.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'How to install and activate the V-Key app' }));
    expect(await screen.findByText('mobile app help page')).toBeInTheDocument();
  });

  it('can still be turned off when the app is no longer activated', async () => {
    const { sent } = arrangeServer(config({ enable2fa: true, appActivated: false, devices: [] }));
    const user = renderPage();
    expect(await screen.findByText(NOT_ACTIVATED_YET)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      await screen.findByText('Signing in no longer asks for your approval in the V-Key app.'),
    ).toBeInTheDocument();
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
    expect(await screen.findByText(NOT_ACTIVATED)).toBeInTheDocument();
    expect(await screen.findByText(NOT_ACTIVATED_YET)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(loads()).toBe(2);
    expect(shownSetting()).toBe('Off');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  });

  it("tells a customer's administrator how to activate the app himself: a directory user, then his code", async () => {
    arrangeServer(config({ appActivated: false, devices: [] }));
    const user = renderPage({ session: customerAdmin });
    expect(await screen.findByText(NOT_ACTIVATED_YET)).toBeInTheDocument();
    expect(
      screen.getByText('You administer this customer, so you can do this yourself:'),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      'If you are not a user of one of your directories yet, add yourself with your email ann@provider.test: add yourself in your directory and synchronise it, or import yourself from a CSV file into a hybrid directory. DirectoriesUsers',
      'Then generate your activation code: open the token pack that uses this directory, then its activation codes. Token packs',
      'Activate the V-Key app with this code, then come back here and turn this on.',
    ]);
    expect(screen.queryByText(ASK_ADMINISTRATOR)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Token packs' }));
    expect(await screen.findByText('token packs page')).toBeInTheDocument();
  });

  it("sends a customer's account that may not see the directories to its administrator", async () => {
    arrangeServer(config({ appActivated: false, devices: [] }));
    renderPage({ session: customerAdmin, permissions: ['token-pack:view'] });
    expect(await screen.findByText(ASK_ADMINISTRATOR)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Directories' })).not.toBeInTheDocument();
  });

  it("sends an operator (no customer's directories hold him) to his administrator", async () => {
    arrangeServer(config({ appActivated: false, devices: [] }));
    renderPage({ session: operatorInside });
    expect(await screen.findByText(ASK_ADMINISTRATOR)).toBeInTheDocument();
    expect(screen.queryByText(/You administer this customer/)).not.toBeInTheDocument();
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
