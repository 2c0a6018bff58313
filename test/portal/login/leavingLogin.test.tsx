import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { lazy, Suspense } from 'react';
import { AdminContext } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { forgetAuthorizedLoginUrl } from '../../../src/pages/login/useLoginEntry';
import { createSessionStore } from '../../../src/session';
import { API, server } from '../msw';
import { PORTAL_LOGIN } from './renderLogin';

afterEach(() => {
  forgetAuthorizedLoginUrl();
  window.history.replaceState(null, '', '/');
});

/** A promise and the function that settles it. */
const deferred = () => {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
};

/**
 * The portal's router (a browser router, whose navigations are transitions): the page a link leads to keeps
 * the sign-in page drawn while its code loads, and the sign-in page's own request for its client_id may
 * answer meanwhile. Seen on a loaded machine: a click on 'Create a new account' changed the address, then
 * the sign-in page went back to itself.
 */
it('lets the visitor leave the sign-in page before it has its client_id', async () => {
  const authorizing = deferred();
  server.use(
    http.get(`${API}/authentication/oauth2/authorize/custom`, async () => {
      await authorizing.promise;
      return HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } });
    }),
    http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
  );
  const signupLoading = deferred();
  const SignupPage = lazy(async () => {
    await signupLoading.promise;
    return { default: () => <p>sign-up page</p> };
  });
  const store = createSessionStore(window.localStorage, 'leaving-login.session');
  store.clear();
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => store.get() }),
    store,
    timing: { minLoadingMs: 0, forceChangeDelayMs: 0 },
  });
  window.history.replaceState(null, '', '/login');
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <RouterPageNav>
          <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
            <Suspense fallback={<p>loading</p>}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/signup" element={<SignupPage />} />
              </Routes>
            </Suspense>
          </AdminContext>
        </RouterPageNav>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);

  await userEvent.setup().click(await screen.findByRole('link', { name: 'Create a new account' }));
  expect(window.location.pathname).toBe('/signup');
  authorizing.settle();
  await new Promise((resolve) => setTimeout(resolve, 100));
  signupLoading.settle();

  expect(await screen.findByText('sign-up page')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/signup');
});
