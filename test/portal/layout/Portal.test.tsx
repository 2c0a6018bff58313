import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Portal, preloadFirstPage } from '../../../src/Portal';
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

describe('a signed-in page without a session', () => {
  it('leads to the sign-in page once, which will bring the visitor back', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Portal /> }], { initialEntries: ['/report'] });
    const paths: string[] = [];
    router.subscribe((state) => paths.push(state.location.pathname));
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ nextPathname: '/report', nextSearch: '' });
    // Only the sign-in page's own steps (its client's parameters), never /login again and again.
    expect(paths.filter((path) => path === '/login').length).toBeLessThanOrEqual(3);
  });
});
