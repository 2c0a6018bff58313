import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SECOND_FACTOR_ERRORS } from '../../../contract/secondFactor';
import { APP_NOT_ACTIVATED } from '../../../contract/user';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { en } from '../../../src/i18n/en';
import { createSessionStore, SCOPE } from '../../../src/session';
import { API, server } from '../msw';

const NO_WAIT = { minLoadingMs: 0, redirectDelayMs: 0, redirectWaitMs: 0, forceChangeDelayMs: 0 };
const PENDING = { requestId: 'req-1', requestSecret: 'secret-1', expiresInSec: 120 };

interface Call {
  path: string;
  authorization: string | null;
  body?: unknown;
}

/** A server whose account has its second factor on; complete answers `completed` (a session by default). */
const arrange = (completed: () => Response = () => HttpResponse.json(session())) => {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'POST' ? await request.text() : '';
    const url = new URL(request.url);
    calls.push({
      path: url.pathname + url.search,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
  };
  server.use(
    http.post(`${API}/auth/signin`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ secondFactor: PENDING });
    }),
    http.post(`${API}/auth/2fa/complete`, async ({ request }) => {
      await record(request);
      return completed();
    }),
    http.post(`${API}/account/load_account_by_token`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        id: 'a1',
        username: 'ann@example.com',
        email: 'ann@example.com',
        roles: [],
      });
    }),
    http.get(`${API}/account/permission`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(['customer:view']);
    }),
  );
  const store = createSessionStore(window.localStorage, 'second-factor.session');
  store.clear();
  const assignLocation = vi.fn();
  const provider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => store.get() }),
    store,
    timing: NO_WAIT,
    assignLocation,
  });
  return { provider, store, calls, assignLocation };
};

const session = (fields: object = {}) => ({
  token: 'tok-2fa',
  tokenExpireInSec: 3600,
  account: { customerId: 'c1', forceChangePassword: false },
  ...fields,
});

const credentials = { username: 'ann@example.com', password: 'Secret123' };

describe('a sign-in whose account has its second factor on', () => {
  it('answers the sign-in request, without a session and without going anywhere', async () => {
    const { provider, store, calls } = arrange();
    await expect(provider.login(credentials)).resolves.toEqual({ redirectTo: false, secondFactor: PENDING });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/signin']);
    expect(store.get()).toBeNull();
  });

  it('completing the request opens the session as a sign-in does', async () => {
    const { provider, store, calls } = arrange();
    await expect(
      provider.completeSecondFactor({ requestId: 'req-1', requestSecret: 'secret-1', next: '/report' }),
    ).resolves.toEqual({ redirectTo: '/report' });
    expect(calls[0]).toEqual({
      path: '/api/auth/2fa/complete',
      authorization: null,
      body: { requestId: 'req-1', requestSecret: 'secret-1' },
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/2fa/complete',
      '/api/account/load_account_by_token',
      '/api/account/permission?flattern=1',
    ]);
    expect(calls[1].authorization).toBe('Bearer tok-2fa');
    expect(store.get()).toMatchObject({
      token: 'tok-2fa',
      customerId: 'c1',
      originalScope: SCOPE.CUSTOMER,
      currentScope: SCOPE.CUSTOMER,
    });
    expect(store.get()?.user?.id).toBe('a1');
    await expect(provider.hasPermissions('customer:view')).resolves.toBe(true);
  });

  it('sends the code typed in', async () => {
    const { provider, calls } = arrange();
    await provider.completeSecondFactor({ requestId: 'req-1', requestSecret: 'secret-1', code: '123456' });
    expect(calls[0].body).toEqual({ requestId: 'req-1', requestSecret: 'secret-1', code: '123456' });
  });

  it('sends a forced password change on, and follows a redirectUrl, as a sign-in does', async () => {
    const forced = arrange(() =>
      HttpResponse.json(session({ account: { customerId: null, forceChangePassword: true } })),
    );
    await expect(
      forced.provider.completeSecondFactor({ requestId: 'req-1', requestSecret: 'secret-1' }),
    ).resolves.toEqual({ redirectTo: '/my-account/change-password' });

    const redirected = arrange(() => HttpResponse.json(session({ redirectUrl: 'https://app.example/cb' })));
    await redirected.provider.completeSecondFactor({ requestId: 'req-1', requestSecret: 'secret-1' });
    await vi.waitFor(() => expect(redirected.assignLocation).toHaveBeenCalledWith('https://app.example/cb'));
  });

  it("fails with the server's key and opens no session", async () => {
    const { provider, store } = arrange(() =>
      HttpResponse.json(
        { messageKey: 'error.secondFactor.wrongCode', message: 'This is not the code' },
        { status: 401 },
      ),
    );
    await expect(
      provider.completeSecondFactor({ requestId: 'req-1', requestSecret: 'secret-1', code: '000000' }),
    ).rejects.toMatchObject({ message: 'error.secondFactor.wrongCode', status: 401 });
    expect(store.get()).toBeNull();
  });
});

describe("the catalogue's texts of the second factor's answers", () => {
  const lookUp = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  it.each([...Object.values(SECOND_FACTOR_ERRORS), APP_NOT_ACTIVATED].map(({ key, text }) => [key, text]))(
    '%s',
    (key, text) => {
      expect(lookUp(key)).toBe(text);
    },
  );
});
