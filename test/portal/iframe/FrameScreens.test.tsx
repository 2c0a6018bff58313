import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_TOKEN_WAIT_MS } from '../../../src/pages/iframe/FrameScreen';
import { sessionStore } from '../../../src/session';
import { APPEAR_BOUND_MS } from '../../support/bounds';
import { recordRequests } from '../harness';
import { API, server } from '../msw';
import { directoryUserOf } from '../user/fixtures';
import { jwt, passToken, postFromParent, renderFrame } from './frames';

const user = (id: string, username: string) => directoryUserOf(id, username, { source: 'REST' });

const ACCOUNT = {
  id: 'a9',
  email: 'casey@acme.test',
  firstName: 'Casey',
  lastName: 'Admin',
  mobilePhone: '+1 555 0151',
  status: 'ACTIVE',
  customerId: 'c1',
  customerName: 'Acme Corp',
  isCustomerRoot: false,
  roleIds: [],
  roles: [],
  createdDate: '2026-01-05T10:00:00.000Z',
};

const DIRECTORY = {
  id: 'd1',
  name: 'Acme HR',
  type: 'REST',
  hybrid: false,
  restAuthentication: 'NONE',
  restUsername: null,
  restHeader: null,
  listUsersUrl: 'https://hr.acme.example/users',
  passwordSet: false,
  secretSet: false,
  userCount: 2,
  lastSync: null,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const answerData = () =>
  server.use(
    http.get(`${API}/user-management/users/c1/search`, () =>
      HttpResponse.json({ content: [user('u1', 'ann'), user('u2', 'ben')], totalElements: 2 }),
    ),
    http.get(`${API}/user-management/users/c1/plan-coverage`, () =>
      HttpResponse.json({ users: 2, planCovers: 25, overPlan: 0 }),
    ),
    http.get(`${API}/idm-ldap/ldap/c1/search`, () =>
      HttpResponse.json({ content: [DIRECTORY], totalElements: 1, page: 0, pageSize: 25 }),
    ),
    http.get(`${API}/idm-ldap/ldap/c1/d1`, () => HttpResponse.json(DIRECTORY)),
    http.post(`${API}/account/search`, () => HttpResponse.json({ contents: [ACCOUNT], totalElements: 1 })),
    http.get(`${API}/account/role/all`, () => HttpResponse.json([])),
  );

/** The portal's frame is absent: no app bar, no side menu. */
const expectNoLayout = () => {
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
};

afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelector('meta[name="frame-ancestors"]')?.remove();
});

describe('the embeddable screens', () => {
  it.each([
    ['/iframe/user-list', 'Users', 'ann'],
    ['/iframe/account-list', 'Accounts', 'casey@acme.test'],
  ])(
    '%s draws its list without the layout, with the session of the token it is passed',
    async (path, title, shown) => {
      answerData();
      const token = jwt();
      const { tokens, pathname } = renderFrame(path);
      await passToken(token);
      expect(await screen.findByText(shown, {})).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expectNoLayout();
      expect(tokens).toEqual([token]);
      // The account's customer and scope come with the account, as a sign-in loads them.
      expect(sessionStore.get()).toMatchObject({
        token,
        customerId: 'c1',
        customerName: 'Acme Corp',
        currentScope: 'CUSTOMER',
        user: { id: 'a9' },
      });
      expect(pathname()).toBe(path);
    },
  );

  it('/iframe/ldap-edit/{id} draws the directory form and saves it in place', async () => {
    answerData();
    let saved: unknown;
    server.use(
      http.put(`${API}/idm-ldap/ldap/c1/d1`, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...DIRECTORY, name: 'Acme People' });
      }),
    );
    const { user: actor, pathname } = renderFrame('/iframe/ldap-edit/d1');
    await passToken(jwt());
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Acme HR');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Directory' })).toBeInTheDocument();
    expectNoLayout();
    await actor.clear(name);
    await actor.type(name, 'Acme People');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toMatchObject({ name: 'Acme People' }));
    expect(pathname()).toBe('/iframe/ldap-edit/d1');
    // Cancel draws the form afresh, in the frame.
    await actor.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
    expect(pathname()).toBe('/iframe/ldap-edit/d1');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('without a token says it must be embedded by an allowed page, and never opens the sign-in page', async () => {
    const sent = recordRequests();
    const { pathname } = renderFrame('/iframe/user-list');
    expect(await screen.findByText(/must be embedded by an allowed page/, {})).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the portal' })).toHaveAttribute('target', '_blank');
    expect(pathname()).toBe('/iframe/user-list');
    expect(sent.filter((request) => request.path.startsWith('/user-management'))).toEqual([]);
    expect(sessionStore.get()).toBeNull();
  });

  it('ignores a token posted from an origin FRAME_ANCESTORS does not name, or by another window', async () => {
    const { tokens } = renderFrame('/iframe/user-list');
    await screen.findByText(/must be embedded by an allowed page/, {});
    postFromParent({ type: 'gateway-portal:token', token: jwt() }, 'https://evil.example');
    postFromParent({ type: 'gateway-portal:token', token: jwt() }, 'http://localhost:3001');
    postFromParent({ type: 'gateway-portal:token', token: jwt() }, 'http://localhost:3000', null);
    postFromParent({ type: 'other', token: jwt() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tokens).toEqual([]);
    expect(sessionStore.get()).toBeNull();
    expect(screen.getByText(/must be embedded by an allowed page/)).toBeInTheDocument();
  });

  it('says so when the token is expired or refused by the server', async () => {
    const { tokens, pathname } = renderFrame('/iframe/user-list');
    await screen.findByText(/must be embedded by an allowed page/, {});
    postFromParent({ type: 'gateway-portal:token', token: jwt(Math.floor(Date.now() / 1000) - 10) });
    expect(await screen.findByText(/expired or not valid/)).toBeInTheDocument();
    expect(tokens).toEqual([]);
    const refused = jwt(undefined, 'refused');
    postFromParent({ type: 'gateway-portal:token', token: refused });
    await waitFor(() => expect(tokens).toEqual([refused]));
    expect(await screen.findByText(/expired or not valid/)).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(pathname()).toBe('/iframe/user-list');
  });

  it('in a frame, asks its parent for a token and takes it from an origin of FRAME_ANCESTORS', async () => {
    answerData();
    const meta = Object.assign(document.createElement('meta'), {
      name: 'frame-ancestors',
      content: "'self' https://*.partner.example",
    });
    document.head.append(meta);
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    renderFrame('/iframe/user-list');
    expect(await screen.findByText(/Waiting for the page/, {})).toBeInTheDocument();
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'gateway-portal:ready' }, '*');
    // Another window of an allowed origin is not the parent.
    postFromParent({ type: 'gateway-portal:token', token: jwt() }, 'https://app.partner.example', window);
    postFromParent({ type: 'gateway-portal:token', token: jwt() }, 'https://app.partner.example', parent);
    expect(await screen.findByText('ann', {})).toBeInTheDocument();
  });

  it('in a frame that is given no token, says it must be embedded once it has waited', async () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: vi.fn() } as unknown as Window);
    renderFrame('/iframe/account-list');
    expect(await screen.findByText(/Waiting for the page/, {})).toBeInTheDocument();
    expect(
      await screen.findByText(
        /must be embedded by an allowed page/,
        {},
        { timeout: FRAME_TOKEN_WAIT_MS + APPEAR_BOUND_MS },
      ),
    ).toBeInTheDocument();
  });

  it('opens a page of the full portal in a new tab rather than in the frame', async () => {
    answerData();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user: actor, pathname } = renderFrame('/iframe/user-list');
    await passToken(jwt());
    await actor.click(await screen.findByText('ann', {}));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost:3000/users/u1/show', '_blank', 'noopener'),
    );
    expect(pathname()).toBe('/iframe/user-list');
    expect(screen.getByText('ben')).toBeInTheDocument();
  });
});
