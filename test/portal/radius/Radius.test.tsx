import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import radius from '../../../src/resources/radius';
import { fill, input, recordRequests, renderForCustomerAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';

const ALL = ['radius:view', 'radius:create', 'radius:modify', 'radius:delete', 'radius:configure'];

const VPN = {
  id: 'r1',
  name: 'Branch VPN',
  ipAddress: '10.20.30.40',
  proxyPort: 1812,
  secretSet: true,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};
const BASE = `${API}/idm-config/connectors/radius`;

const renderAt = (path: string, permissions: readonly string[] = ALL) => {
  server.use(
    http.get(`${BASE}/c1/search`, () =>
      HttpResponse.json({ content: [VPN], totalElements: 1, page: 0, pageSize: 10 }),
    ),
    http.get(`${BASE}/c1/r1`, () => HttpResponse.json(VPN)),
  );
  return renderForCustomerAdmin(path, permissions, resourcesOf(radius));
};

describe('the RADIUS connector form', () => {
  it('refuses an address that is neither IPv4 nor IPv6, without calling the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/radius/create');
    await fill(user, await screen.findByLabelText('Name', { exact: false }), 'Branch VPN');
    await fill(user, input('IP address'), '10.20.30');
    await save(user);
    expect(await screen.findByText(/Enter an IPv4 address/)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows the shared secret once after the create, then the connector with the proxy port and no secret', async () => {
    server.use(
      http.post(`${BASE}/c1`, () =>
        HttpResponse.json({ id: 'r1', sharedSecret: 'Sh4redSecretShownOnce123' }, { status: 201 }),
      ),
    );
    const sent = recordRequests();
    const { user, pathname } = renderAt('/radius/create');
    await fill(user, await screen.findByLabelText('Name', { exact: false }), ' Branch VPN ');
    await fill(user, input('IP address'), '2001:db8::1');
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Shared secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Shared secret' })).toHaveValue(
      'Sh4redSecretShownOnce123',
    );
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Branch VPN',
      ipAddress: '2001:db8::1',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(pathname()).toBe('/radius/r1/show'));
    expect(await screen.findByText('1812')).toBeInTheDocument();
    expect(screen.getByText('•••••••• (shown only when it was made)')).toBeInTheDocument();
    expect(screen.queryByText('Sh4redSecretShownOnce123')).not.toBeInTheDocument();
  });

  it.each([
    [
      "the spec's words when the holder is not named",
      { messageKey: 'error.radius.ipExisted', params: { field: 'ipAddress' } },
      'There is one existing connector with this IP already. Please check your IP again!',
    ],
    [
      'the connector that has it',
      { messageKey: 'error.radius.ipHeldBy', params: { field: 'ipAddress', name: 'Branch VPN' } },
      "There is one existing connector with this IP already. Please check your IP again! It is the connector 'Branch VPN'.",
    ],
  ])(
    'says under the IP address that it is taken, with %s, keeping the values and no toast',
    async (_, answer, text) => {
      server.use(
        http.post(`${BASE}/c1`, () => HttpResponse.json({ ...answer, message: text }, { status: 409 })),
      );
      const { user } = renderAt('/radius/create');
      await fill(user, await screen.findByLabelText('Name', { exact: false }), 'Second VPN');
      await fill(user, input('IP address'), '10.20.30.40');
      await save(user);
      await waitFor(() => expect(input('IP address')).toHaveAccessibleDescription(text));
      expect(input('IP address')).toHaveAttribute('aria-invalid', 'true');
      expect(input('IP address')).toHaveValue('10.20.30.40');
      expect(screen.getByLabelText('Name', { selector: 'input', exact: false })).toHaveValue('Second VPN');
      // Said once, under the field: neither repeated nor summed up in a notification.
      expect(screen.getAllByText(text)).toHaveLength(1);
      expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );
});

describe('a RADIUS connector', () => {
  it('makes a new shared secret only after confirmation, and shows it', async () => {
    const sent = recordRequests();
    server.use(
      http.put(`${BASE}/c1/r1/shared-secret`, () =>
        HttpResponse.json({ id: 'r1', sharedSecret: 'AnotherSecret0987654321' }),
      ),
    );
    const { user } = renderAt('/radius/r1/show');
    await user.click(await screen.findByRole('button', { name: 'New shared secret' }));
    expect(await screen.findByText('Make a new shared secret?')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shared secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Shared secret' })).toHaveValue(
      'AnotherSecret0987654321',
    );
  });

  it('offers no new secret without the configure permission', async () => {
    renderAt('/radius/r1/show', ['radius:view', 'radius:modify']);
    expect(await screen.findByText('Branch VPN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New shared secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
