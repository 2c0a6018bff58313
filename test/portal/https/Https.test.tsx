import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiKeyAnswer, HttpsRecord } from '../../../contract/https';
import https from '../../../src/resources/https';
import serviceLaunch from '../../../src/resources/service';
import { fill, recordRequests, renderForCustomerAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';
import { SERVICE } from '../service/fixtures';

const ALL = ['saml:view', 'saml:create', 'saml:modify', 'saml:delete', 'saml:configure'];

const KEY = 'gwk_AbCd1234EfGh5678IjKl9012MnOp3456';
const NEW_KEY = 'gwk_ZyXw9876VuTs5432RqPo1098NmLk7654';

const CONNECTOR: HttpsRecord = {
  id: 'h1',
  name: 'Billing API',
  apiKeyHint: 'gwk_AbCd1234',
  serviceId: null,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const BASE = `${API}/idm-config/connectors/https`;

const renderAt = (path: string, permissions: readonly string[] = ALL) => {
  server.use(http.get(`${BASE}/c1/h1`, () => HttpResponse.json(CONNECTOR)));
  return renderForCustomerAdmin(path, permissions, resourcesOf(https));
};

describe('the HTTPS connector form', () => {
  it('shows the API key once after the create, then the connector with its hint and without the key', async () => {
    server.use(
      http.post(`${BASE}/c1`, () =>
        HttpResponse.json({ id: 'h1', apiKey: KEY } satisfies ApiKeyAnswer, { status: 201 }),
      ),
    );
    const sent = recordRequests();
    const { user, pathname } = renderAt('/https/create');
    await fill(user, await screen.findByLabelText('Name', { exact: false }), ' Billing API ');
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue(KEY);
    expect(within(dialog).getByText(/It is shown only now/)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/idm-config/connectors/https/c1', body: { name: 'Billing API' } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(pathname()).toBe('/https/h1/show'));
    expect(await screen.findByText('gwk_AbCd1234')).toBeInTheDocument();
    expect(screen.getByText('Not used by a service yet')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument();
  });
});

describe('an HTTPS connector', () => {
  it('names the service it serves, with a link to it, not its id', async () => {
    server.use(
      http.get(`${BASE}/c1/h1`, () => HttpResponse.json({ ...CONNECTOR, serviceId: 's1' })),
      http.post(`${API}/service-mgmt/service-launch/details`, () =>
        HttpResponse.json([{ ...SERVICE, id: 's1', instanceName: 'Branch installer' }]),
      ),
    );
    renderForCustomerAdmin(
      '/https/h1/show',
      [...ALL, 'service_instance:view'],
      [...resourcesOf(https), ...resourcesOf(serviceLaunch)],
    );
    const link = await screen.findByRole('link', { name: 'Branch installer' });
    expect(link).toHaveAttribute('href', '/service-launch/s1');
    expect(screen.queryByText('s1')).not.toBeInTheDocument();
  });

  it('makes a new API key only after confirmation, and shows it once', async () => {
    server.use(
      http.put(`${BASE}/c1/h1/api-key`, () =>
        HttpResponse.json({ id: 'h1', apiKey: NEW_KEY } satisfies ApiKeyAnswer),
      ),
    );
    const sent = recordRequests();
    const { user } = renderAt('/https/h1/show');
    expect(await screen.findByText('gwk_AbCd1234')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    expect(await screen.findByText('Make a new API key?')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue(NEW_KEY);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/idm-config/connectors/https/c1/h1/api-key', body: undefined },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
  });

  it('keeps the API key when the confirmation is refused', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/https/h1/show');
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    expect(await screen.findByText('Make a new API key?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Make a new API key?')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('offers no new API key without the configure permission', async () => {
    renderAt('/https/h1/show', ['saml:view', 'saml:modify']);
    expect(await screen.findByText('Billing API')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New API key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
