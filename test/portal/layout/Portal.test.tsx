import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadFirstPage } from '../../../src/Portal';
import { signIn } from '../harness';
import { API, server } from '../msw';

/** Which calls the portal makes while its first page loads, and whether that page had loaded by then. */
const recordCalls = () => {
  const calls: { path: string; pageLoaded: boolean }[] = [];
  let pageLoaded = false;
  server.events.on('request:start', ({ request }) => {
    calls.push({ path: new URL(request.url).pathname, pageLoaded });
  });
  return {
    calls,
    load: async (pathname: string) => {
      pageLoaded = false;
      await preloadFirstPage({ pathname, search: '' });
      pageLoaded = true;
    },
  };
};

afterEach(() => server.events.removeAllListeners());

describe('the first page of the portal', () => {
  it('asks for nothing before drawing a public page, or a signed-in page without a session', async () => {
    server.use(http.get(`${API}/account/permission`, () => HttpResponse.json([])));
    const { calls, load } = recordCalls();
    await load('/login');
    await load('/docs/intro/overview');
    await load('/customer');
    expect(calls).toEqual([]);
  });

  it('asks for the permissions of a signed-in page while the page is still loading', async () => {
    signIn();
    server.use(http.get(`${API}/account/permission`, () => HttpResponse.json(['customer:view'])));
    const { calls, load } = recordCalls();
    await load('/customer');
    expect(calls).toEqual([{ path: '/api/account/permission', pageLoaded: false }]);
  });
});
