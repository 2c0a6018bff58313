import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import App from '../../../src/App';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { sessionStore } from '../../../src/session';
import { sessionUser } from '../harness';
import { API, server } from '../msw';

/** The portal's own origin in these tests (FRAME_ANCESTORS' default 'self' lets it pass a token). */
export const SELF = 'http://localhost:3000';

/** A token as the server signs them (only its `exp` claim is read by the portal): valid for an hour. */
export const jwt = (exp = Math.floor(Date.now() / 1000) + 3600, signature = 'signature') => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'a9', exp })}.${signature}`;
};

/** The customer administrator the embedding page's token belongs to (customer c1, Acme Corp). */
export const FRAME_ADMIN = sessionUser({
  id: 'a9',
  username: 'casey@acme.test',
  email: 'casey@acme.test',
  customerId: 'c1',
  customerName: 'Acme Corp',
});

export const PERMISSIONS = [
  'account:view',
  'account:modify',
  'user-management:view',
  'directories:view',
  'directories:modify',
];

/**
 * Posts what the embedding page posts: a message event at this window, from `origin`, sent by `source` (the
 * parent window by default: in these tests the page is its own parent).
 */
export const postFromParent = (data: unknown, origin = SELF, source: unknown = window.parent) => {
  const event = new Event('message');
  Object.defineProperties(event, {
    data: { value: data },
    origin: { value: origin },
    source: { value: source },
  });
  window.dispatchEvent(event);
};

/**
 * Waits for the screen to be drawn (outside a frame, it says at once that it must be embedded), then passes
 * the token as the embedding page does.
 */
export const passToken = async (token: string) => {
  await screen.findByText(/must be embedded by an allowed page/, {});
  postFromParent({ type: 'gateway-portal:token', token });
};

/** The whole portal (src/App.tsx) at `path`, with no session: the frame's token is what opens one. */
export const renderFrame = (path: string, { account = FRAME_ADMIN, permissions = PERMISSIONS } = {}) => {
  sessionStore.clear();
  const tokens: string[] = [];
  server.use(
    http.post(`${API}/account/load_account_by_token`, ({ request }) => {
      const token = request.headers.get('authorization')?.replace('Bearer ', '') ?? '';
      tokens.push(token);
      return token.endsWith('.refused')
        ? HttpResponse.json({ messageKey: 'error.auth.unauthorized' }, { status: 401 })
        : HttpResponse.json(account);
    }),
    http.get(`${API}/account/permission`, () => HttpResponse.json(permissions)),
    http.get(`${API}/billing/c1/check/support_features`, () => HttpResponse.json({})),
  );
  const source = { getSession: () => sessionStore.get() };
  const authProvider = createAuthProvider({
    http: createHttpClient(API, source),
    store: sessionStore,
    framed: () => true,
  });
  const at: { location?: Location } = {};
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (at.location = location)}>
      <RouterPageNav>
        <App authProvider={authProvider} />
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    /** The tokens the account was loaded with. */
    tokens,
    pathname: () => at.location?.pathname,
  };
};
