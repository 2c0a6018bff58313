import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { createSessionStore } from '../../../src/session';
import { API, server } from '../msw';

const renderLogin = () => {
  const store = createSessionStore(window.localStorage, 'login-test.session');
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => store.get() }),
    store,
    timing: { minLoadingMs: 0, forceChangeDelayMs: 0 },
  });
  render(
    <TestMemoryRouter initialEntries={['/login']}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/my-account/change-password" element={<p>change password page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { store, user: userEvent.setup() };
};

const emailBox = () => screen.getByRole('textbox', { name: /email/i });
const passwordBox = () => screen.getByLabelText(/password/i, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

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
    expect(sent).toMatchObject({ login: 'op@example.com', password: 'Initial123' });
  });

  it('shows a failed sign-in as a translated warning and stays on the page', async () => {
    server.use(
      http.post(`${API}/auth/signin`, () =>
        HttpResponse.json(
          { messageKey: 'error.account.inactive', message: 'Account is inactive' },
          { status: 403 },
        ),
      ),
    );
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
          { messageKey: 'error.auth.tooManyAttempts', message: 'Too many', params: { minutes: 15 } },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'ann@example.com');
    await user.type(passwordBox(), 'Whatever1');
    await user.click(signInButton());
    expect(
      await screen.findByText('Too many failed sign-in attempts. Try again in 15 minutes.'),
    ).toBeInTheDocument();
  });
});
