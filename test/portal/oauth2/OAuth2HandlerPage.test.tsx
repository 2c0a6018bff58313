import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { OAuth2HandlerPage } from '../../../src/pages/oauth2/OAuth2HandlerPage';
import { sessionStore } from '../../../src/session';
import { refuseCall } from '../fakeServer';
import { API, server } from '../msw';

const renderHandler = (entry: string) => {
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => sessionStore.get() }),
    store: sessionStore,
    timing: { forceChangeDelayMs: 0 },
  });
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <RouterPageNav>
        <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route
              path="/oauth2/handler"
              element={<OAuth2HandlerPage failure="error.oauth2.invalidCode" />}
            />
            <Route
              path="/oidc/2fa-callback"
              element={<OAuth2HandlerPage failure="error.secondFactor.oidcFailed" />}
            />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
};

describe('the OAuth2 handler', () => {
  it('exchanges the code for a session and goes on as after a sign-in', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/token`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          token: 'tok-qr',
          tokenExpireInSec: 600,
          account: { customerId: null, forceChangePassword: false },
        });
      }),
      http.post(`${API}/account/load_account_by_token`, () =>
        HttpResponse.json({ id: 'a', username: 'ann@example.com', email: 'ann@example.com', roles: [] }),
      ),
      http.get(`${API}/account/permission`, () => HttpResponse.json(['customer:view'])),
    );
    renderHandler('/oauth2/handler?code=c-1&state=s-1&client_id=gateway-portal-web');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(sent).toEqual({
      code: 'c-1',
      client_id: 'gateway-portal-web',
      redirect_uri: 'http://localhost:3000/oauth2/handler',
    });
    expect(sessionStore.get()?.token).toBe('tok-qr');
  });

  it('says so when the code is refused, with a way back to sign in', async () => {
    refuseCall('post', `${API}/auth/token`, {
      status: 400,
      messageKey: 'error.oauth2.invalidCode',
      message: 'x',
    });
    renderHandler('/oauth2/handler?code=old&state=s-1');
    expect(await screen.findByText('The authorization code is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(sessionStore.get()).toBeNull();
  });

  it("shows 'Authentication failed.' when the OIDC second factor comes back with an error", async () => {
    renderHandler('/oidc/2fa-callback?error=access_denied&state=s-1');
    expect(await screen.findByText('Authentication failed.')).toBeInTheDocument();
  });
});
