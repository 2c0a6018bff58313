import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { TestMemoryRouter } from 'react-admin';
import { describe, expect, it } from 'vitest';
import App from '../../../src/App';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { sessionStore } from '../../../src/session';
import { customerAdmin, sessionUser, signIn } from '../harness';
import { API, server } from '../msw';
import { pack, vpnService } from './fixtures';

/** The whole signed-in portal (its frame, its menu) at `path`, a customer administrator signed in. */
const renderPortal = (path: string) => {
  signIn({ ...customerAdmin, user: sessionUser({ customerId: 'c1', customerName: 'Acme Corp' }) });
  server.use(
    http.get(`${API}/account/permission`, () =>
      HttpResponse.json([
        'service_instance:view',
        'service_instance:configure',
        'token-pack:view',
        'radius:view',
      ]),
    ),
    http.get(`${API}/billing/c1/check/support_features`, () => HttpResponse.json({})),
    http.get(`${API}/service-mgmt/service-launch/c1/s1`, () => HttpResponse.json(vpnService())),
    http.get(`${API}/idm-config/token-pack-v2/c1/tp1`, () => HttpResponse.json(pack())),
  );
  const source = { getSession: () => sessionStore.get() };
  const authProvider = createAuthProvider({ http: createHttpClient(API, source), store: sessionStore });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <RouterPageNav>
        <App authProvider={authProvider} />
      </RouterPageNav>
    </TestMemoryRouter>,
  );
};

describe('the routes of the setup wizard', () => {
  it('draws /wizard/{id} in the signed-in frame, with the side menu', async () => {
    renderPortal('/wizard/s1');
    expect(await screen.findByRole('heading', { name: 'VPN setup', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: /Services/ })).toBeInTheDocument();
  });

  it('draws /iframe/wizard/{id} without the frame: no side menu, no app bar', async () => {
    renderPortal('/iframe/wizard/s1');
    expect(await screen.findByRole('heading', { name: 'VPN setup', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Services/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
