import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { forgetAuthorizedLoginUrl } from '../../../src/pages/login/useLoginEntry';
import { renderSignInPage } from '../../../src/signIn/prerender';
import { startSignIn } from '../../../src/signIn/SignInApp';
import { API, server } from '../msw';
import { PORTAL_LOGIN } from './renderLogin';

/**
 * The sign-in page drawn at build time (src/signIn/prerender.tsx) and its code taking it over: as the
 * visitor's first script finds him (`<html data-sign-in>`, public/sign-in-prefetch.js), the page drawn
 * ahead is kept and made to work (its elements stay the same), or drawn anew.
 */
let root: Root | undefined;
let container: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  delete document.documentElement.dataset.signIn;
  forgetAuthorizedLoginUrl();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** /login as the server answers it: the page drawn ahead in its root, the first script's finding on <html>. */
const openLogin = (found: 'ahead' | 'browser') => {
  server.use(
    http.get(`${API}/authentication/oauth2/authorize/custom`, () =>
      HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } }),
    ),
    http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
  );
  window.history.replaceState(null, '', '/login');
  container = document.createElement('div');
  container.innerHTML = renderSignInPage().markup;
  document.body.append(container);
  document.documentElement.dataset.signIn = found;
  return container.querySelector('h1');
};

it('takes over the page drawn ahead as it is, and the form then works', async () => {
  const errors = vi.spyOn(console, 'error');
  const drawnHeading = openLogin('ahead');
  expect(drawnHeading).toHaveTextContent('Sign In');
  root = await act(() => startSignIn(container));
  await waitFor(() => expect(window.location.search).toContain('client_id=gateway-portal-web'));
  // The same elements: React took them over rather than drawing the page again.
  expect(container.querySelector('h1')).toBe(drawnHeading);
  const user = userEvent.setup();
  const page = within(container);
  // Its handlers are React's: submitted empty, the form says what is missing.
  await user.click(page.getByRole('button', { name: 'Sign In' }));
  expect(await page.findByText('Email is required.')).toBeInTheDocument();
  expect(errors).not.toHaveBeenCalled();
});

it('draws the page anew for a visitor the page drawn ahead is not for, and shows it then', async () => {
  const drawnHeading = openLogin('browser');
  root = await act(() => startSignIn(container));
  const heading = await screen.findByRole('heading', { name: 'Sign In' });
  expect(heading).not.toBe(drawnHeading);
  expect(container.querySelectorAll('h1')).toHaveLength(1);
  // The style that hid the page drawn ahead (login.html's) no longer applies.
  expect(document.documentElement.dataset.signIn).toBeUndefined();
});
