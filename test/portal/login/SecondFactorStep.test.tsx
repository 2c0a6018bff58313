import { act, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Location } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAuthorizedLoginUrl } from '../../../src/pages/login/useLoginEntry';
import { API, server } from '../msw';
import { PORTAL_LOGIN, renderLoginPage } from './renderLogin';

const REQUEST = { requestId: 'req-42', requestSecret: 'secret-42', expiresInSec: 120 };
const SESSION = {
  token: 'tok-2fa',
  tokenExpireInSec: 600,
  account: { customerId: null, forceChangePassword: false },
};
const REJECTED = 'The authentication request has been rejected.';
const EXPIRED = 'The authentication request has been expired, please try again!';
const STEP_TITLE = 'Approve this sign-in in the V-Key app';

type Answer = () => Response;
const error =
  (status: number, messageKey: string, message: string): Answer =>
  () =>
    HttpResponse.json({ messageKey, message }, { status });

/**
 * A server whose accounts have their second factor on: the sign-in answers a sign-in request, whose status
 * the test sets; the answers of complete are taken in turn (the last one stays).
 */
const arrangeServer = ({
  request = REQUEST,
  completes = [() => HttpResponse.json(SESSION)] as Answer[],
} = {}) => {
  const seen = { signins: 0, polled: [] as string[], completed: [] as unknown[] };
  let status = 'INITIAL';
  server.use(
    http.post(`${API}/auth/signin`, () => {
      seen.signins += 1;
      return HttpResponse.json({ secondFactor: request });
    }),
    http.get(`${API}/auth/2fa/:requestId/status`, ({ params }) => {
      seen.polled.push(String(params.requestId));
      return HttpResponse.json({ status });
    }),
    http.post(`${API}/auth/2fa/complete`, async ({ request: sent }) => {
      seen.completed.push(await sent.json());
      const answer = completes[Math.min(seen.completed.length, completes.length) - 1];
      return answer();
    }),
    http.post(`${API}/account/load_account_by_token`, () =>
      HttpResponse.json({ id: 'a1', username: 'ann@example.com', email: 'ann@example.com', roles: [] }),
    ),
    http.get(`${API}/account/permission`, () => HttpResponse.json([])),
  );
  return {
    seen,
    setStatus: (next: string) => {
      status = next;
    },
  };
};

let current: Location | undefined;

const renderLogin = (entry: string | Partial<Location> = PORTAL_LOGIN) =>
  renderLoginPage({
    entry,
    storeKey: 'second-factor-test.session',
    fresh: true,
    onLocation: (location) => (current = location),
  });

/** Lets the clock run `ms` (the 2000 ms polls and the countdown's seconds) and the answers arrive. */
const advance = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
};

const passwordBox = () => screen.getByLabelText(/password/i, { selector: 'input' });
const codeBox = () => screen.getByRole('textbox', { name: 'Or enter the code the V-Key app shows' });

/** Signs in with a correct password: the second step shows. */
const signInWithPassword = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole('textbox', { name: /email/i }), 'ann@example.com');
  await user.type(passwordBox(), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: STEP_TITLE });
};

/** Back on the password form: the tabs, the email address kept, the password to type again. */
const expectBackOnTheForm = async () => {
  expect(await screen.findByRole('tab', { name: 'Credentials Login' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: STEP_TITLE })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('ann@example.com');
  expect(passwordBox()).toHaveValue('');
};

describe('the second step of a sign-in (V-Key app)', () => {
  beforeEach(() => {
    // The polls and the countdown run on the test's clock; the rest (user-event, MSW) on the real one.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetAuthorizedLoginUrl();
  });

  it('shows the request in place of the form, counts down and polls its status every 2000 ms', async () => {
    const { seen } = arrangeServer();
    const { user, store } = renderLogin();
    await signInWithPassword(user);
    expect(screen.getByText('Request req-42')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('The request expires in 2:00');
    expect(codeBox()).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Credentials Login' })).not.toBeInTheDocument();
    expect(store.get()).toBeNull();

    await advance(1999);
    expect(seen.polled).toEqual([]);
    expect(screen.getByRole('timer')).toHaveTextContent('The request expires in 1:59');
    await advance(1);
    await vi.waitFor(() => expect(seen.polled).toEqual(['req-42']));
    await advance(2000);
    await vi.waitFor(() => expect(seen.polled).toEqual(['req-42', 'req-42']));
    expect(screen.getByRole('timer')).toHaveTextContent('The request expires in 1:56');
  });

  it('on APPROVE, completes the request with its secret and lands where a sign-in lands', async () => {
    const { seen, setStatus } = arrangeServer();
    const { user, store } = renderLogin({
      pathname: '/login',
      search: PORTAL_LOGIN.slice('/login'.length),
      state: { nextPathname: '/report', nextSearch: '' },
    });
    await signInWithPassword(user);
    setStatus('APPROVE');
    await advance(2000);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(seen.completed).toEqual([{ requestId: 'req-42', requestSecret: 'secret-42' }]);
    expect(store.get()?.token).toBe('tok-2fa');
    expect(store.get()?.user?.id).toBe('a1');
    const polls = seen.polled.length;
    await advance(6000);
    expect(seen.polled).toHaveLength(polls);
    expect(seen.completed).toHaveLength(1);
  });

  it('goes on to a forced password change as a sign-in without the second factor does', async () => {
    const { setStatus } = arrangeServer({
      completes: [
        () => HttpResponse.json({ ...SESSION, account: { customerId: null, forceChangePassword: true } }),
      ],
    });
    const { user } = renderLogin();
    await signInWithPassword(user);
    setStatus('APPROVE');
    await advance(2000);
    expect(await screen.findByText('change password page')).toBeInTheDocument();
  });

  it.each([
    ['REJECT', REJECTED],
    ['TIMEOUT', EXPIRED],
  ])('on %s, says so and goes back to the form', async (status, text) => {
    const { seen, setStatus } = arrangeServer();
    const { user, store } = renderLogin();
    await signInWithPassword(user);
    setStatus(status);
    await advance(2000);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await expectBackOnTheForm();
    const polls = seen.polled.length;
    await advance(6000);
    expect(seen.polled).toHaveLength(polls);
    expect(seen.completed).toEqual([]);
    expect(store.get()).toBeNull();
  });

  it('when the countdown reaches zero, says the request expired and goes back to the form', async () => {
    arrangeServer({ request: { ...REQUEST, expiresInSec: 3 } });
    const { user } = renderLogin();
    await signInWithPassword(user);
    expect(screen.getByRole('timer')).toHaveTextContent('The request expires in 0:03');
    await advance(3000);
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    await expectBackOnTheForm();
  });

  it('completes the request with the code typed in', async () => {
    const { seen } = arrangeServer();
    const { user, store } = renderLogin();
    await signInWithPassword(user);
    await user.type(codeBox(), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(seen.completed).toEqual([{ requestId: 'req-42', requestSecret: 'secret-42', code: '123456' }]);
    expect(store.get()?.token).toBe('tok-2fa');
  });

  it('asks for the 6 digits before sending a code', async () => {
    const { seen } = arrangeServer();
    const { user } = renderLogin();
    await signInWithPassword(user);
    await user.type(codeBox(), '12a4');
    expect(codeBox()).toHaveValue('124');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter the 6 digits the V-Key app shows.')).toBeInTheDocument();
    expect(seen.completed).toEqual([]);
  });

  it('keeps the step on a wrong code, with the error, and takes the right one after', async () => {
    const { seen } = arrangeServer({
      completes: [
        error(
          401,
          'error.secondFactor.wrongCode',
          'This is not the code the V-Key app shows. Enter its current code.',
        ),
        () => HttpResponse.json(SESSION),
      ],
    });
    const { user, store } = renderLogin();
    await signInWithPassword(user);
    await user.type(codeBox(), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('This is not the code the V-Key app shows. Enter its current code.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: STEP_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Request req-42')).toBeInTheDocument();
    expect(store.get()).toBeNull();
    // The app is still asked meanwhile.
    const polls = seen.polled.length;
    await advance(2000);
    await vi.waitFor(() => expect(seen.polled).toHaveLength(polls + 1));

    await waitFor(() => expect(codeBox()).toHaveValue(''));
    await user.type(codeBox(), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(seen.completed).toEqual([
      { requestId: 'req-42', requestSecret: 'secret-42', code: '000000' },
      { requestId: 'req-42', requestSecret: 'secret-42', code: '654321' },
    ]);
  });

  it('keeps the step when the app is locked', async () => {
    arrangeServer({
      completes: [
        error(
          423,
          'error.secondFactor.locked',
          'Too many wrong codes: the V-Key app cannot be used to sign in for 15 minutes.',
        ),
      ],
    });
    const { user } = renderLogin();
    await signInWithPassword(user);
    await user.type(codeBox(), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText(
        'Too many wrong codes: the V-Key app cannot be used to sign in for 15 minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: STEP_TITLE })).toBeInTheDocument();
  });

  it('goes back to the form when the server no longer knows the request', async () => {
    arrangeServer({
      completes: [
        error(404, 'error.secondFactor.notFound', 'This sign-in request does not exist. Sign in again.'),
      ],
    });
    const { user } = renderLogin();
    await signInWithPassword(user);
    await user.type(codeBox(), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('This sign-in request does not exist. Sign in again.'),
    ).toBeInTheDocument();
    await expectBackOnTheForm();
  });

  it('goes back to the form on Cancel, and stops asking', async () => {
    const { seen } = arrangeServer();
    const { user } = renderLogin();
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectBackOnTheForm();
    await advance(6000);
    expect(seen.polled).toEqual([]);
    // A new sign-in opens a new request.
    await user.type(passwordBox(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: STEP_TITLE })).toBeInTheDocument();
    expect(seen.signins).toBe(2);
    expect(current?.pathname).toBe('/login');
  });
});
