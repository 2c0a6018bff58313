import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, waitFor, within } from '@testing-library/react';
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
 * The sign-in page drawn at build time (src/signIn/prerender.tsx) and its code taking it over. login.html's
 * first script (src/signIn/firstScript.js) finds whether that page is the visitor's: it is then kept and made
 * to work (its elements stay the same), else drawn anew.
 */
const prefetchScript = readFileSync(
  path.resolve(import.meta.dirname, '../../../src/signIn/firstScript.js'),
  'utf8',
);

let root: Root | undefined;
let container: HTMLElement;
const productName = document.createElement('meta');

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  productName.remove();
  delete document.documentElement.dataset.signIn;
  delete (window as { portalCatalogueAhead?: unknown }).portalCatalogueAhead;
  forgetAuthorizedLoginUrl();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** /login as the browser gets it: its first script run, then the page drawn ahead in its root. */
const openLogin = () => {
  server.use(
    http.get(`${API}/authentication/oauth2/authorize/custom`, () =>
      HttpResponse.json(null, { status: 302, headers: { location: PORTAL_LOGIN } }),
    ),
    http.get('http://localhost:3000/login', () => HttpResponse.text('<!doctype html>')),
  );
  window.history.replaceState(null, '', '/login');
  productName.name = 'product-name';
  productName.content = 'Gateway Portal';
  document.head.append(productName);
  new Function(prefetchScript)();
  container = document.createElement('div');
  container.innerHTML = renderSignInPage().markup;
  document.body.append(container);
  return within(container);
};

/** The page's code starts, as src/signIn/main.tsx starts it. */
const start = async () => {
  root = await act(() => startSignIn(container));
  await waitFor(() => expect(window.location.search).toContain('client_id=gateway-portal-web'));
};

it('takes over the page drawn ahead as it is, with what was typed in it, and the form then works', async () => {
  const errors = vi.spyOn(console, 'error');
  const drawn = openLogin();
  expect(document.documentElement.dataset.signIn).toBe('ahead');
  const drawnHeading = drawn.getByRole('heading', { name: 'Sign In' });
  // Before its code: the form cannot be sent (the browser would send it as a plain form)…
  expect(drawn.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  // …but it can be typed in.
  (drawn.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value = 'ann@example.com';
  await start();
  // The same elements: React took them over rather than drawing the page again.
  expect(drawn.getByRole('heading', { name: 'Sign In' })).toBe(drawnHeading);
  const user = userEvent.setup();
  // Its handlers are React's, and the email typed ahead is the form's: sent, it says what is missing.
  await user.click(drawn.getByRole('button', { name: 'Sign In' }));
  expect(await drawn.findByText('Password is required.')).toBeInTheDocument();
  expect(drawn.queryByText('Email is required.')).not.toBeInTheDocument();
  expect(drawn.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
  expect(errors).not.toHaveBeenCalled();
});

it('presses again, once taken over, the button pressed on the page drawn ahead', async () => {
  const drawn = openLogin();
  drawn.getByRole('button', { name: /^Language: English/ }).click();
  await start();
  expect(await within(document.body).findByRole('menuitem', { name: 'Tiếng Việt' })).toBeInTheDocument();
});

it('draws its own page for a visitor the page drawn ahead is not for, hidden until then', async () => {
  window.localStorage.setItem('RaStore.locale', JSON.stringify('vi'));
  const drawn = openLogin();
  expect(document.documentElement.dataset.signIn).toBe('browser');
  const drawnHeading = drawn.getByRole('heading', { name: 'Sign In' });
  await start();
  const heading = await drawn.findByRole('heading', { name: 'Đăng nhập' });
  expect(heading).not.toBe(drawnHeading);
  expect(container.querySelectorAll('h1')).toHaveLength(1);
  // The style that hid the page drawn ahead (login.html's) no longer applies.
  expect(document.documentElement.dataset.signIn).toBeUndefined();
});
