import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSecretAnswer, OidcRecord } from '../../../contract/oidc';
import oidc from '../../../src/resources/oidc';
import { refuseCall } from '../fakeServer';
import { fill, input, recordRequests, renderForCustomerAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';

const ALL = ['saml:view', 'saml:create', 'saml:modify', 'saml:delete', 'saml:configure'];

const REALM = 'https://gateway.test/realms/r-c1';
const CLIENT: OidcRecord = {
  id: 'oc1',
  clientId: 'oidc-c1-7f3a9b',
  clientName: 'Acme Portal',
  redirectUrls: ['https://portal.acme.test/callback', 'http://localhost:5173/callback'],
  endpoints: {
    issuer: REALM,
    discovery: `${REALM}/.well-known/openid-configuration`,
    authorization: `${REALM}/protocol/openid-connect/auth`,
    token: `${REALM}/protocol/openid-connect/token`,
    userinfo: `${REALM}/protocol/openid-connect/userinfo`,
    jwks: `${REALM}/protocol/openid-connect/certs`,
    endSession: `${REALM}/protocol/openid-connect/logout`,
  },
  secretSet: true,
  lastSignIn: null,
  trySignIn: `${REALM}/try/oc1`,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const BASE = `${API}/idm-config/connectors/oidc`;

const renderAt = (path: string, permissions: readonly string[] = ALL) => {
  server.use(http.get(`${BASE}/c1/oc1`, () => HttpResponse.json(CLIENT)));
  return renderForCustomerAdmin(path, permissions, resourcesOf(oidc));
};

const redirectUrlsField = () =>
  screen.getByLabelText('Redirect URLs', { selector: 'textarea', exact: false });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the OIDC client form', () => {
  it('refuses an http redirect URL that is not on localhost, without calling the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/oidc/create');
    await fill(user, await screen.findByLabelText('Client name', { exact: false }), 'Acme Portal');
    await fill(user, redirectUrlsField(), 'https://portal.acme.test/callback\nhttp://portal.acme.test/cb');
    await save(user);
    expect(
      await screen.findByText(
        'http://portal.acme.test/cb is not a redirect URL: use https (or http on localhost), without a # part.',
      ),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends one redirect URL a line, then shows the client', async () => {
    server.use(http.post(`${BASE}/c1`, () => HttpResponse.json({ id: 'oc1' }, { status: 201 })));
    const sent = recordRequests();
    const { user, pathname } = renderAt('/oidc/create');
    await fill(user, await screen.findByLabelText('Client name', { exact: false }), ' Acme Portal ');
    await fill(
      user,
      redirectUrlsField(),
      ' https://portal.acme.test/callback \n\nhttp://localhost:5173/callback\n',
    );
    await save(user);
    await waitFor(() => expect(pathname()).toBe('/oidc/oc1/show'));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/idm-config/connectors/oidc/c1',
        body: {
          clientName: 'Acme Portal',
          redirectUrls: ['https://portal.acme.test/callback', 'http://localhost:5173/callback'],
        },
      },
    ]);
    expect(await screen.findByText('OIDC client created')).toBeInTheDocument();
  });

  it('says the client was not saved when the server refuses it (the error itself is swallowed)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refuseCall('post', `${BASE}/c1`, { status: 400, messageKey: 'error.validation', message: 'Bad request' });
    const sent = recordRequests();
    const { user, pathname } = renderAt('/oidc/create');
    await fill(user, await screen.findByLabelText('Client name', { exact: false }), 'Acme Portal');
    await fill(user, redirectUrlsField(), 'https://portal.acme.test/callback');
    await save(user);
    // The notification the user sees: the screen's warning, not react-admin's 'missing id' error.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The OIDC client could not be saved. Check the redirect URLs and try again; the details are in the browser console.',
    );
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
    expect(pathname()).toBe('/oidc/create');
    expect(screen.queryByText('OIDC client created')).not.toBeInTheDocument();
    expect(input('Client name')).toHaveValue('Acme Portal');
    expect(redirectUrlsField()).toHaveValue('https://portal.acme.test/callback');
  });

  it('says an edit was not saved when the server refuses it, rather than "updated"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refuseCall('put', `${BASE}/c1/oc1`, {
      status: 400,
      messageKey: 'error.validation',
      message: 'Bad request',
    });
    const { user, pathname } = renderAt('/oidc/oc1');
    const name = await screen.findByLabelText('Client name', { exact: false });
    await waitFor(() => expect(name).toHaveValue('Acme Portal'));
    await fill(user, name, ' (EU)');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The OIDC client could not be saved.');
    expect(screen.queryByText('OIDC client updated')).not.toBeInTheDocument();
    expect(pathname()).toBe('/oidc/oc1');
  });
});

describe('an OIDC client', () => {
  it('lists its redirect URLs and the endpoints of its realm', async () => {
    renderAt('/oidc/oc1/show');
    expect(await screen.findByText('oidc-c1-7f3a9b')).toBeInTheDocument();
    expect(screen.getByText('https://portal.acme.test/callback')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:5173/callback')).toBeInTheDocument();
    const endpoints: [string, string][] = [
      ['Issuer', CLIENT.endpoints.issuer],
      ['Discovery document', CLIENT.endpoints.discovery],
      ['Authorization endpoint', CLIENT.endpoints.authorization],
      ['Token endpoint', CLIENT.endpoints.token],
      ['UserInfo endpoint', CLIENT.endpoints.userinfo],
      ['JWKS (signing keys)', CLIENT.endpoints.jwks],
      ['End session (sign-out) endpoint', CLIENT.endpoints.endSession],
    ];
    for (const [name, url] of endpoints) {
      const item = screen.getByText(name).closest('li') as HTMLElement;
      expect(within(item).getByText(url)).toBeInTheDocument();
    }
  });

  it("offers Try sign-in: the gateway's own test of the client, in a new tab", async () => {
    renderAt('/oidc/oc1/show', ['saml:view']);
    const link = await screen.findByRole('link', { name: 'Try sign-in' });
    expect(link).toHaveAttribute('href', `${REALM}/try/oc1`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows its client secret on demand', async () => {
    const answer: ClientSecretAnswer = {
      id: 'oc1',
      clientId: 'oidc-c1-7f3a9b',
      clientSecret: 'kX9-secret-of-the-client_0123456789abcdef',
    };
    server.use(http.get(`${BASE}/get-client-secret/oc1`, () => HttpResponse.json(answer)));
    const sent = recordRequests();
    const { user } = renderAt('/oidc/oc1/show');
    await user.click(await screen.findByRole('button', { name: 'Show client secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Client secret' })).toHaveValue(answer.clientSecret);
    expect(sent.map((request) => request.path)).toContain(
      '/idm-config/connectors/oidc/get-client-secret/oc1?customerId=c1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(answer.clientSecret)).not.toBeInTheDocument();
  });

  it('says the client secret could not be read when the server refuses it (the error itself is swallowed)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${BASE}/get-client-secret/oc1`, () =>
        HttpResponse.json({ messageKey: 'error.oidc.notFound' }, { status: 404 }),
      ),
    );
    const { user } = renderAt('/oidc/oc1/show');
    await user.click(await screen.findByRole('button', { name: 'Show client secret' }));
    expect(
      await screen.findByText(
        'The client secret could not be read. Try again; the details are in the browser console.',
      ),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));
    expect(screen.queryByRole('dialog', { name: 'Client secret' })).not.toBeInTheDocument();
  });

  it('offers no secret without the configure permission', async () => {
    renderAt('/oidc/oc1/show', ['saml:view', 'saml:modify']);
    expect(await screen.findByText('oidc-c1-7f3a9b')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show client secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New client secret' })).not.toBeInTheDocument();
  });
});
