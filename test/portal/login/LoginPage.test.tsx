import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { type Location, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createDataProvider } from '../../../src/dataProviders';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { type PageLocation, type PageNav, PageNavProvider } from '../../../src/kit/pageNav';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { forgetSeamlessSessions } from '../../../src/pages/login/qr/useSeamlessLogin';
import { forgetAuthorizedLoginUrl } from '../../../src/pages/login/useLoginEntry';
import { createSessionStore, type Session, sessionStore } from '../../../src/session';
import { refuseCall } from '../fakeServer';
import { customerAdmin, operator, signIn } from '../harness';
import { API, server } from '../msw';
import { onAPhone } from '../phone';
import { PORTAL_LOGIN, renderLoginPage } from './renderLogin';

/** Where the page is: path, query and state (the last location the router went to). */
let current: Location | undefined;

const renderLogin = (entry: string | Partial<Location> = PORTAL_LOGIN) =>
  renderLoginPage({ entry, storeKey: 'login-test.session', onLocation: (location) => (current = location) });

const emailBox = () => screen.getByRole('textbox', { name: /email/i });
const passwordBox = () => screen.getByLabelText(/password/i, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

afterEach(() => {
  forgetAuthorizedLoginUrl();
  forgetSeamlessSessions();
});

describe('the login page', () => {
  it('opens on the Credentials Login tab, with both tabs and the account links', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Credentials Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'QR Code Login' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/signup');
  });

  it('shows no error until a field is touched, then the first rule it breaks', async () => {
    const { user } = renderLogin();
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    await user.click(emailBox());
    await user.tab(); // leaves the email field for the password field
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();
    await user.tab(); // leaves the password field
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    await user.type(emailBox(), 'not-an-email');
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
  });

  it('sends the trimmed email and goes on to a forced password change', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/signin`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          token: 't',
          tokenExpireInSec: 600,
          account: { customerId: null, forceChangePassword: true },
        });
      }),
      http.post(`${API}/account/load_account_by_token`, () =>
        HttpResponse.json({ id: 'a', username: 'op@example.com', email: 'op@example.com', roles: [] }),
      ),
      http.get(`${API}/account/permission`, () => HttpResponse.json([])),
    );
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), '  op@example.com  ');
    await user.type(passwordBox(), 'Initial123');
    await user.click(signInButton());
    expect(await screen.findByText('change password page')).toBeInTheDocument();
    expect(sent).toMatchObject({ login: 'op@example.com', password: 'Initial123', state: 's-1' });
  });

  it('shows a failed sign-in as a translated warning and stays on the page', async () => {
    refuseCall('post', `${API}/auth/signin`, {
      status: 403,
      messageKey: 'error.account.inactive',
      message: 'Account is inactive',
    });
    const { user, store } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'ann@example.com');
    await user.type(passwordBox(), 'Whatever1');
    await user.click(signInButton());
    expect(await screen.findByText('Account is inactive')).toBeInTheDocument();
    await waitFor(() => expect(signInButton()).toBeEnabled());
    expect(store.get()).toBeNull();
  });

  it('fills the placeholders of a server message', async () => {
    server.use(
      http.post(`${API}/auth/signin`, () =>
        HttpResponse.json(
          { messageKey: 'error.auth.tooManyAttempts', message: 'Too many', params: { smart_count: 45 } },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'ann@example.com');
    await user.type(passwordBox(), 'Whatever1');
    await user.click(signInButton());
    expect(
      await screen.findByText(
        'Too many failed sign-in attempts. Try again in 45 seconds, or sign in with the QR code.',
      ),
    ).toBeInTheDocument();
  });

  it('without a client_id, fetches the portal client from the authorize endpoint and stays on /login', async () => {
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, () =>
        HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } }),
      ),
      http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
      http.get(`${API}/v-key-seamless/init-session`, ({ request }) => {
        initQuery = new URL(request.url).searchParams;
        return HttpResponse.json({ sessionId: 'sess-1', idSignature: 'sig-1', expiresInSec: 120 });
      }),
      http.get(`${API}/service-mgmt/seamless/get-request-status-by-id/sess-1`, () =>
        HttpResponse.json({ status: 'INITIAL' }),
      ),
    );
    let initQuery = new URLSearchParams();
    renderLogin('/login');
    await user_opensQrTab();
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
    expect(Object.fromEntries(initQuery)).toEqual({
      realm: 'r-portal',
      client_id: 'gateway-portal-web',
      redirect_url: 'http://localhost:3000/oauth2/handler',
      response_type: 'code',
      response_mode: 'query',
      state: 's-1',
    });
  });

  it('asks the authorize endpoint once when the page is drawn twice as it opens', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, () => {
        asked += 1;
        return HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } });
      }),
      http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
    );
    renderLogin('/login');
    renderLogin('/login');
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBe(1);
  });

  it('shows what to do instead of looping when the authorize endpoint fails', async () => {
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, () => HttpResponse.json({}, { status: 503 })),
    );
    renderLogin('/login');
    expect(
      await screen.findByText('The sign-in service cannot be reached right now. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    let retried = 0;
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, () => {
        retried += 1;
        return HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } });
      }),
      http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(retried).toBe(1));
    await waitFor(() =>
      expect(
        screen.queryByText('The sign-in service cannot be reached right now. Try again in a moment.'),
      ).not.toBeInTheDocument(),
    );
  });

  it.each([
    [[{ id: 'u1' }], 'dashboard page'],
    [[], 'token packs page'],
  ])('sends a signed-in customer administrator on (active users %j)', async (content, page) => {
    let query = '';
    server.use(
      http.get(`${API}/user-management/users/c1/search`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ content, totalElements: content.length });
      }),
    );
    const { store } = renderLoginWith(customerAdmin);
    expect(await screen.findByText(page)).toBeInTheDocument();
    expect(new URLSearchParams(query).get('status')).toBe('ACTIVE');
    expect(new URLSearchParams(query).get('page')).toBe('0');
    expect(new URLSearchParams(query).get('pageSize')).toBe('1');
    expect(store.get()?.token).toBe('live');
  });

  it('sends a signed-in customer administrator to the dashboard when the user search fails', async () => {
    server.use(
      http.get(`${API}/user-management/users/c1/search`, () => HttpResponse.json({}, { status: 500 })),
    );
    renderLoginWith(customerAdmin);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('sends a signed-in operator to the dashboard', async () => {
    renderLoginWith(operator);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('keeps the open tab in the address, so that the page drawn again shows it', async () => {
    serveQrSession();
    const { user } = renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'QR Code Login' }));
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
    const query = new URLSearchParams(current?.search);
    expect(query.get('tab')).toBe('qr');
    expect(query.get('client_id')).toBe('gateway-portal-web');
    expect(query.get('state')).toBe('s-1');

    cleanup();
    renderLogin({ pathname: current?.pathname, search: current?.search });
    expect(await screen.findByRole('tab', { name: 'QR Code Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
  });

  it('keeps the open tab across the redirect that fetches the portal client', async () => {
    serveQrSession();
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, () =>
        HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } }),
      ),
      http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
    );
    renderLogin('/login?tab=qr');
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'QR Code Login' })).toHaveAttribute('aria-selected', 'true');
    const query = new URLSearchParams(current?.search);
    expect(query.get('client_id')).toBe('gateway-portal-web');
    expect(query.get('tab')).toBe('qr');
  });

  it('keeps the tab chosen while the portal client was being fetched, before the page is drawn again', async () => {
    // A page navigation whose drawing lags behind: it stays drawn at /login, as a busy browser may leave it
    // between a navigation and its drawing, while each navigation is where the page is now.
    let now: PageLocation = { pathname: '/login', search: '', state: null };
    const navigations: string[] = [];
    const lagging: PageNav = {
      location: now,
      current: () => now,
      navigate: (to) => {
        const target = new URL(to, 'http://page');
        now = { pathname: target.pathname, search: target.search, state: null };
        navigations.push(to);
      },
      Link: ({ to, ...props }) => <a href={to} {...props} />,
    };
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(`${API}/authentication/oauth2/authorize/custom`, async () => {
        await answered;
        return HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } });
      }),
      http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
    );
    const store = createSessionStore(window.localStorage, 'login-test.lagging');
    store.clear();
    const authProvider = createAuthProvider({
      http: createHttpClient(API, { getSession: () => store.get() }),
      store,
    });
    render(
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <PageNavProvider value={lagging}>
          <LoginPage />
        </PageNavProvider>
      </AdminContext>,
    );
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'QR Code Login' }));
    await waitFor(() => expect(navigations).toEqual(['/login?tab=qr']));
    answer();
    await waitFor(() => expect(navigations).toHaveLength(2));
    const query = new URLSearchParams(new URL(navigations[1]!, 'http://page').search);
    expect(query.get('client_id')).toBe('gateway-portal-web');
    expect(query.get('tab')).toBe('qr');
  });

  it('remembers where the user was going when the tab changes', async () => {
    serveQrSession();
    server.use(
      http.post(`${API}/auth/signin`, () =>
        HttpResponse.json({
          token: 't',
          tokenExpireInSec: 600,
          account: { customerId: null, forceChangePassword: false },
        }),
      ),
      http.post(`${API}/account/load_account_by_token`, () =>
        HttpResponse.json({ id: 'a', username: 'op@example.com', email: 'op@example.com', roles: [] }),
      ),
      http.get(`${API}/account/permission`, () => HttpResponse.json([])),
    );
    const { user } = renderLogin({
      pathname: '/login',
      search: PORTAL_LOGIN.slice('/login'.length),
      state: { nextPathname: '/report', nextSearch: '' },
    });
    await user.click(await screen.findByRole('tab', { name: 'QR Code Login' }));
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    await user.click(screen.getByRole('tab', { name: 'Credentials Login' }));
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'op@example.com');
    await user.type(passwordBox(), 'Whatever1');
    await user.click(signInButton());
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onAPhone();

    it('shows no error when opening the menu takes the focus from the email field', async () => {
      const { user } = renderLogin();
      await screen.findByRole('heading', { name: 'Sign In' });
      await waitFor(() => expect(emailBox()).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Open the menu' }));
      expect(await screen.findByRole('button', { name: 'Setup Guides' })).toBeInTheDocument();
      // The drawer hides the page behind it from assistive technologies while it is open.
      expect(screen.getByRole('textbox', { name: /email/i, hidden: true })).not.toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Setup Guides' })).not.toBeInTheDocument(),
      );
      expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
      // The field itself still tells, once the user has been in it.
      await user.click(emailBox());
      await user.tab();
      expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    });
  });
});

/** The server's side of a QR sign-in session that waits for the app. */
const serveQrSession = () =>
  server.use(
    http.get(`${API}/v-key-seamless/init-session`, () =>
      HttpResponse.json({ sessionId: 'sess-1', idSignature: 'sig-1', expiresInSec: 120 }),
    ),
    http.get(`${API}/service-mgmt/seamless/get-request-status-by-id/sess-1`, () =>
      HttpResponse.json({ status: 'INITIAL' }),
    ),
  );

const user_opensQrTab = async () => {
  await userEvent.setup().click(await screen.findByRole('tab', { name: 'QR Code Login' }));
};

/** Renders /login for a visitor who already holds a live session. */
const renderLoginWith = (session: Partial<Session>) => {
  signIn({ ...session, token: 'live' });
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => sessionStore.get() }),
    store: sessionStore,
  });
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  render(
    <TestMemoryRouter initialEntries={['/login']}>
      <RouterPageNav>
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/report" element={<p>dashboard page</p>} />
            <Route path="/token-pack-v2" element={<p>token packs page</p>} />
          </Routes>
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return { store: sessionStore };
};
