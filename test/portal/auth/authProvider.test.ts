import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { createSessionStore, SCOPE } from '../../../src/session';
import { API, server } from '../msw';

const NO_WAIT = { minLoadingMs: 0, redirectDelayMs: 0, redirectWaitMs: 0, forceChangeDelayMs: 0 };

const user = (customerId: string | null) => ({
  id: 'a1',
  username: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  roleIds: ['r1'],
  roles: [{ id: 'r1', name: 'provider_admin', displayName: 'Provider Administrator', scope: 'provider' }],
  status: 'ACTIVE',
  isCustomerRoot: false,
  customerId,
  customerName: customerId ? 'Acme' : null,
});

interface Arrange {
  customerId?: string | null;
  forceChangePassword?: boolean;
  redirectUrl?: string;
  permissions?: string[];
}

const arrange = ({
  customerId = null,
  forceChangePassword = false,
  redirectUrl,
  permissions = [],
}: Arrange = {}) => {
  const calls: { path: string; authorization: string | null; body?: unknown }[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'POST' ? await request.text() : undefined;
    calls.push({
      path: new URL(request.url).pathname + new URL(request.url).search,
      authorization: request.headers.get('authorization'),
      body: body ? JSON.parse(body) : undefined,
    });
  };
  server.use(
    http.post(`${API}/auth/signin`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        token: 'tok-1',
        tokenExpireInSec: 3600,
        account: { customerId, forceChangePassword },
        ...(redirectUrl ? { redirectUrl } : {}),
      });
    }),
    http.post(`${API}/account/load_account_by_token`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(user(customerId));
    }),
    http.get(`${API}/account/permission`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(permissions);
    }),
    http.post(`${API}/auth/signout`, async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const store = createSessionStore(window.localStorage, 'test.session');
  const assignLocation = vi.fn();
  const httpClient = createHttpClient(API, { getSession: () => store.get() });
  const provider = createAuthProvider({ http: httpClient, store, timing: NO_WAIT, assignLocation });
  return { provider, store, calls, assignLocation };
};

const credentials = { username: '  ann@example.com ', password: 'Secret123' };

describe('authProvider.login', () => {
  it('signs in with the trimmed login, stores the session in provider scope and goes to /', async () => {
    const { provider, store, calls } = arrange({ permissions: ['customer:view'] });
    await expect(provider.login(credentials)).resolves.toEqual({ redirectTo: '/' });
    expect(calls[0]).toMatchObject({
      path: '/api/auth/signin',
      authorization: null,
      body: { login: 'ann@example.com', password: 'Secret123' },
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/signin',
      '/api/account/load_account_by_token',
      '/api/account/permission?flattern=1',
    ]);
    expect(calls[1].authorization).toBe('Bearer tok-1');
    const session = store.get();
    expect(session).toMatchObject({
      token: 'tok-1',
      customerId: null,
      originalScope: SCOPE.PROVIDER,
      currentScope: SCOPE.PROVIDER,
    });
    expect(session?.user?.email).toBe('ann@example.com');
    expect(session!.expiresAt - Date.now()).toBeGreaterThan(3590_000);
    await expect(provider.canAccess({ resource: 'customer', action: 'list' })).resolves.toBe(true);
  });

  it('sets customer scope when the account belongs to a customer', async () => {
    const { provider, store } = arrange({ customerId: 'c1' });
    await provider.login(credentials);
    expect(store.get()).toMatchObject({
      customerId: 'c1',
      customerName: 'Acme',
      originalScope: SCOPE.CUSTOMER,
      currentScope: SCOPE.CUSTOMER,
    });
  });

  it('clears the previous session before storing the new one', async () => {
    const { provider, store } = arrange();
    store.set({ token: 'old', expiresAt: Date.now() + 1000, customerId: 'other', customerName: 'Old Co' });
    await provider.login(credentials);
    expect(store.get()).toMatchObject({ token: 'tok-1', customerId: null });
    expect(store.get()?.customerName).toBeNull();
  });

  it('sends a forced password change to /my-account/change-password, keeping where the user was going', async () => {
    const { provider } = arrange({ forceChangePassword: true });
    await expect(provider.login({ ...credentials, next: '/customer?page=2' })).resolves.toEqual({
      redirectTo: '/my-account/change-password?next=%2Fcustomer%3Fpage%3D2',
    });
  });

  it('goes to the next path held in the navigation state', async () => {
    const { provider } = arrange();
    await expect(provider.login({ ...credentials, next: '/report' })).resolves.toEqual({
      redirectTo: '/report',
    });
  });

  it('never follows a next path to another site', async () => {
    const { provider } = arrange();
    await expect(provider.login({ ...credentials, next: '//evil.example/x' })).resolves.toEqual({
      redirectTo: '/',
    });
  });

  it('resumes a pending purchase at /home with its tierId', async () => {
    const { provider, store } = arrange();
    store.set({ token: '', expiresAt: 0, buying: { isBuying: true, tierId: 't-9' } });
    await expect(provider.login(credentials)).resolves.toEqual({ redirectTo: '/home?tierId=t-9' });
  });

  it('follows a returned redirectUrl after 5 ms and stays pending about 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { store, assignLocation } = arrange({ redirectUrl: 'https://app.example/cb?code=1' });
      const provider = createAuthProvider({
        http: createHttpClient(API, { getSession: () => store.get() }),
        store,
        timing: { minLoadingMs: 0 },
        assignLocation,
      });
      let settled = false;
      const pending = provider.login(credentials).then(() => {
        settled = true;
      });
      await vi.waitFor(() => expect(store.get()?.user).toBeDefined());
      await vi.advanceTimersByTimeAsync(5);
      expect(assignLocation).toHaveBeenCalledWith('https://app.example/cb?code=1');
      await vi.advanceTimersByTimeAsync(9_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      await pending;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the loading state for about one second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { store } = arrange();
      const provider = createAuthProvider({
        http: createHttpClient(API, { getSession: () => store.get() }),
        store,
        timing: { minLoadingMs: 1000 },
      });
      let settled = false;
      const pending = provider.login(credentials).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(900);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await pending;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects with the server's messageKey and stores nothing when sign-in fails", async () => {
    const { provider, store } = arrange();
    server.use(
      http.post(`${API}/auth/signin`, () =>
        HttpResponse.json(
          { messageKey: 'error.account.invalidCredential', message: 'Invalid Account Credential' },
          { status: 401 },
        ),
      ),
    );
    await expect(provider.login(credentials)).rejects.toMatchObject({
      message: 'error.account.invalidCredential',
      status: 401,
    });
    expect(store.get()).toBeNull();
  });
});

describe('authProvider session checks', () => {
  it('logout revokes the token on the server, clears the session and the cached permissions', async () => {
    const { provider, store, calls } = arrange({ permissions: ['customer:view'] });
    await provider.login(credentials);
    await provider.logout({});
    expect(calls.at(-1)).toMatchObject({ path: '/api/auth/signout', authorization: 'Bearer tok-1' });
    expect(store.get()).toBeNull();
    await expect(provider.canAccess({ resource: 'customer', action: 'list' })).resolves.toBe(false);
    await expect(provider.checkAuth({})).rejects.toThrow();
  });

  it('checkAuth passes only while the token is live', async () => {
    const { provider, store } = arrange();
    await expect(provider.checkAuth({})).rejects.toThrow();
    store.set({ token: 't', expiresAt: Date.now() + 3_600_000 });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    store.set({ token: 't', expiresAt: Date.now() - 1 });
    await expect(provider.checkAuth({})).rejects.toThrow();
  });

  it('checkError signs out on 401 and keeps the session on 403', async () => {
    const { provider, store } = arrange();
    store.set({ token: 't', expiresAt: Date.now() + 3_600_000 });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(store.get()).not.toBeNull();
    await expect(provider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(store.get()).toBeNull();
  });

  it('getIdentity answers the signed-in user', async () => {
    const { provider } = arrange();
    await provider.login(credentials);
    await expect(provider.getIdentity()).resolves.toEqual({
      id: 'a1',
      fullName: 'Ann Lee',
      email: 'ann@example.com',
    });
  });
});

describe('authProvider permissions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches the permission list for 180 s, then loads it again', async () => {
    const { provider, calls } = arrange({ permissions: ['role:view'] });
    await provider.login(credentials);
    const loads = () => calls.filter((call) => call.path.startsWith('/api/account/permission')).length;
    expect(loads()).toBe(1);
    await provider.canAccess({ resource: 'role', action: 'list' });
    vi.advanceTimersByTime(179_000);
    await provider.canAccess({ resource: 'role', action: 'list' });
    expect(loads()).toBe(1);
    vi.advanceTimersByTime(1_000);
    server.use(http.get(`${API}/account/permission`, () => HttpResponse.json(['role:view', 'role:modify'])));
    await expect(provider.canAccess({ resource: 'role', action: 'edit' })).resolves.toBe(true);
  });

  it('combines keys with OR by default and with AND on request; missing keys are denied', async () => {
    const { provider } = arrange({ permissions: ['theme:view', 'theme:modify'] });
    await provider.login(credentials);
    await expect(provider.hasPermissions(['theme:view', 'theme:delete'])).resolves.toBe(true);
    await expect(provider.hasPermissions(['theme:view', 'theme:delete'], 'and')).resolves.toBe(false);
    await expect(provider.hasPermissions(['theme:view', 'theme:modify'], 'and')).resolves.toBe(true);
    await expect(provider.hasPermissions('token-pack:view')).resolves.toBe(false);
    await expect(provider.hasPermissions([])).resolves.toBe(false);
  });
});

describe('scope switching', () => {
  it('lets an operator enter a customer and return to provider scope', async () => {
    const { provider, store } = arrange();
    await provider.login(credentials);
    await provider.enterCustomer({ id: 'c7', name: 'Globex' });
    expect(store.get()).toMatchObject({
      customerId: 'c7',
      customerName: 'Globex',
      currentScope: SCOPE.CUSTOMER,
    });
    await provider.returnToProvider();
    expect(store.get()).toMatchObject({ customerId: null, customerName: null, currentScope: SCOPE.PROVIDER });
  });

  it('never lets a customer administrator switch', async () => {
    const { provider } = arrange({ customerId: 'c1' });
    await provider.login(credentials);
    await expect(provider.enterCustomer({ id: 'c2', name: 'Other' })).rejects.toThrow(
      'error.action.notallow',
    );
  });
});
