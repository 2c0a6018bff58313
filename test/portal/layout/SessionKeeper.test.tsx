import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import ldap from '../../../src/resources/directory';
import { sessionStore } from '../../../src/session';
import { sessionGate } from '../../../src/sessionGate';
import { customerAdmin, refill, renderAdmin, resourcesOf, save, sessionUser } from '../harness';
import { API, server } from '../msw';

const DIRECTORY = {
  id: 'd1',
  name: 'Head office',
  type: 'LDAP',
  hybrid: true,
  host: 'ldap.acme.test',
  port: 389,
  secured: false,
  baseDn: 'ou=people,dc=acme,dc=test',
  userDn: 'cn=reader,dc=acme,dc=test',
  userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username}))',
  loginProperty: 'uid',
  emailAttribute: 'mail',
  displayNameAttribute: 'displayName',
  phoneAttribute: 'mobile',
  passwordSet: true,
  secretSet: false,
  userCount: 2,
};
const PERMISSIONS = ['directories:view', 'directories:modify'];
const EMAIL = 'casey@acme.test';
const HOUR = 3_600_000;

/** An administrator of c1 whose token expires `inMs` from now, of a token that lived `lifetimeMs`. */
const sessionEnding = (inMs: number, lifetimeMs = 8 * HOUR) => ({
  ...customerAdmin,
  user: sessionUser({ email: EMAIL, customerId: 'c1' }),
  expiresAt: Date.now() + inMs,
  lifetimeMs,
  endsAt: Date.now() + 20 * HOUR,
});

const renderEdit = (session: ReturnType<typeof sessionEnding>) => {
  server.use(http.get(`${API}/idm-ldap/ldap/c1/:id`, () => HttpResponse.json(DIRECTORY)));
  return renderAdmin({
    path: '/ldap/d1',
    permissions: PERMISSIONS,
    session,
    sessionKeeper: true,
    children: resourcesOf(ldap),
  });
};

const SIGNED_IN = {
  token: 'tok2',
  tokenExpireInSec: 28_800,
  sessionExpireInSec: 86_000,
  account: { customerId: 'c1', forceChangePassword: false },
};

afterEach(() => sessionGate.close(false));

describe('the session keeper', () => {
  it('offers Stay signed in two minutes before the token expires, and renews it without the password', async () => {
    let renewedWith: string | null = null;
    server.use(
      http.post(`${API}/auth/renew`, ({ request }) => {
        renewedWith = request.headers.get('authorization');
        return HttpResponse.json(SIGNED_IN);
      }),
    );
    const { user } = renderEdit(sessionEnding(90_000));
    const notice = await screen.findByRole('alertdialog', { name: /^Your session ends in 1:[23]\d\.$/ });
    await user.click(within(notice).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(renewedWith).toBe('Bearer tok');
    expect(sessionStore.get()).toMatchObject({ token: 'tok2', lifetimeMs: 28_800_000 });
    expect(sessionStore.get()!.expiresAt).toBeGreaterThan(Date.now() + 7 * HOUR);
    expect(await screen.findByText('You stay signed in.')).toBeInTheDocument();
  });

  it('gives no notice while the token has long to live', async () => {
    renderEdit(sessionEnding(3 * 60_000));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens the sign-in dialog on a 401, keeps the form, and sends the failed save again once signed in', async () => {
    const saves: { authorization: string | null; body: Record<string, unknown> }[] = [];
    const signIns: unknown[] = [];
    server.use(
      http.put(`${API}/idm-ldap/ldap/c1/d1`, async ({ request }) => {
        const authorization = request.headers.get('authorization');
        saves.push({ authorization, body: (await request.json()) as Record<string, unknown> });
        if (authorization !== 'Bearer tok2')
          return HttpResponse.json({ messageKey: 'error.auth.unauthorized' }, { status: 401 });
        return HttpResponse.json({ ...DIRECTORY, name: 'Head office (Hanoi)' });
      }),
      http.post(`${API}/auth/signin`, async ({ request }) => {
        signIns.push(await request.json());
        return HttpResponse.json(SIGNED_IN);
      }),
    );
    const { user } = renderEdit(sessionEnding(HOUR));
    await refill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Head office (Hanoi)');
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(dialog).toHaveTextContent(`Sign in again as ${EMAIL} to go on where you left off`);
    expect(saves).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signIns).toEqual([{ login: EMAIL, password: 'Correct-Horse-9' }]);
    // The same save, sent again with the new token.
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({ authorization: 'Bearer tok2', body: saves[0]!.body });
    expect(saves[1]!.body).toMatchObject({ name: 'Head office (Hanoi)' });
    // Where the portal stood is kept: the customer's scope.
    expect(sessionStore.get()).toMatchObject({ token: 'tok2', customerId: 'c1', currentScope: 'CUSTOMER' });
  });

  it('asks the second factor in the dialog when the account has it on, and then sends the failed save again', async () => {
    const saves: (string | null)[] = [];
    const completed: unknown[] = [];
    server.use(
      http.put(`${API}/idm-ldap/ldap/c1/d1`, ({ request }) => {
        const authorization = request.headers.get('authorization');
        saves.push(authorization);
        if (authorization !== 'Bearer tok2')
          return HttpResponse.json({ messageKey: 'error.auth.unauthorized' }, { status: 401 });
        return HttpResponse.json({ ...DIRECTORY, name: 'Head office (Hanoi)' });
      }),
      http.post(`${API}/auth/signin`, () =>
        HttpResponse.json({
          secondFactor: { requestId: 'req-7', requestSecret: 'secret-7', expiresInSec: 120 },
        }),
      ),
      http.get(`${API}/auth/2fa/:requestId/status`, () => HttpResponse.json({ status: 'INITIAL' })),
      http.post(`${API}/auth/2fa/complete`, async ({ request }) => {
        completed.push(await request.json());
        return HttpResponse.json(SIGNED_IN);
      }),
    );
    const { user } = renderEdit(sessionEnding(HOUR));
    await refill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Head office (Hanoi)');
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    const step = await screen.findByRole('dialog', { name: 'Approve this sign-in in the V-Key app' });
    await user.type(within(step).getByRole('textbox', { name: /code/i }), '123456');
    await user.click(within(step).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(completed).toEqual([{ requestId: 'req-7', requestSecret: 'secret-7', code: '123456' }]);
    await waitFor(() => expect(saves).toEqual(['Bearer tok', 'Bearer tok2']));
    // The page and where the portal stood are kept.
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Head office (Hanoi)');
    expect(sessionStore.get()).toMatchObject({ token: 'tok2', customerId: 'c1', currentScope: 'CUSTOMER' });
  });

  it('opens the sign-in dialog when the token expires, and signs out from it', async () => {
    server.use(http.post(`${API}/auth/signout`, () => new HttpResponse(null, { status: 204 })));
    const { user } = renderEdit(sessionEnding(1_500, 3_000));
    // Half the lifetime of a short token: the notice at once, then the dialog at the expiry.
    expect(
      await screen.findByRole('alertdialog', { name: /^Your session ends in 0:0\d\.$/ }),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' }, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
  });

  it('signs out when another tab does, and closes its dialog when another tab signs in', async () => {
    renderEdit(sessionEnding(HOUR));
    await screen.findByRole('textbox', { name: /^Name/ });
    void sessionGate.open();
    await screen.findByRole('dialog', { name: 'Your session has ended' });
    // Another tab signs the same account in: the shared session has its new token, and a message says so.
    sessionStore.update({ token: 'tok3', expiresAt: Date.now() + HOUR });
    const other = new BroadcastChannel('portal.session');
    other.postMessage({ type: 'signed-in', accountId: 'a1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Another tab signs out: so does this one.
    sessionStore.clear();
    other.postMessage({ type: 'signed-out' });
    other.close();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull());
  });
});
