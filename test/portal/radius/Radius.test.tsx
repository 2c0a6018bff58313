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
  proxyPort: 11812,
  mode: 'challenge',
  nasIdentifier: 'r1',
  lastSignIn: null as null | Record<string, unknown>,
  secretSet: true,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};
const BASE = `${API}/idm-config/connectors/radius`;

const renderAt = (path: string, permissions: readonly string[] = ALL, record: typeof VPN = VPN) => {
  server.use(
    http.get(`${BASE}/c1/search`, () =>
      HttpResponse.json({ content: [record], totalElements: 1, page: 0, pageSize: 10 }),
    ),
    http.get(`${BASE}/c1/r1`, () => HttpResponse.json(record)),
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
    await user.click(screen.getByRole('combobox', { name: /Second factor/ }));
    await user.click(await screen.findByRole('option', { name: 'Push: approve in the V-Key app' }));
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Shared secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Shared secret' })).toHaveValue(
      'Sh4redSecretShownOnce123',
    );
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Branch VPN',
      ipAddress: '2001:db8::1',
      mode: 'push',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(pathname()).toBe('/radius/r1/show'));
    // The port the gateway's RADIUS server is bound to, as the record says (not a constant).
    expect((await screen.findAllByText('11812')).length).toBeGreaterThan(0);
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

describe("a RADIUS connector's page", () => {
  it('gives the settings for the VPN: server, port in force, mode, NAS-Identifier, and a radtest line', async () => {
    renderAt('/radius/r1/show');
    expect(await screen.findByRole('heading', { name: 'Settings for your VPN' })).toBeInTheDocument();
    // In the record's fields and in the VPN's settings.
    expect(screen.getAllByText('Challenge: ask for the code')).toHaveLength(2);
    expect(
      screen.getByText(/Needed only when another connector has the same IP address/),
    ).toBeInTheDocument();
    expect(screen.getByText('PAP')).toBeInTheDocument();
    expect(screen.getByText('No request yet.')).toBeInTheDocument();
    const line = screen.getByRole('region', { name: 'Try it from a shell' });
    expect(line).toHaveTextContent(
      `radtest USERNAME 'PASSWORD' ${window.location.hostname}:11812 0 'SHARED_SECRET'`,
    );
  });

  it('says when the RADIUS server is off, and shows the last request in words', async () => {
    renderAt('/radius/r1/show', ALL, {
      ...VPN,
      proxyPort: null as unknown as number,
      mode: 'append',
      lastSignIn: {
        id: '7',
        at: '2026-03-04T05:06:07.000Z',
        protocol: 'RADIUS',
        serviceName: 'Branch VPN service',
        userName: 'ann',
        clientAddress: '198.51.100.7',
        result: 'REJECT',
        reason: 'wrongPassword',
      },
    });
    expect(await screen.findByText(/turned off on this server \(RADIUS_PORT=0\)/)).toBeInTheDocument();
    expect(screen.getAllByText('Off').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Append: code after the password')).toHaveLength(2);
    expect(screen.getByText(/ann, Refused/)).toBeInTheDocument();
    expect(screen.getByText('Wrong password')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Try it from a shell' })).not.toBeInTheDocument();
  });
});

describe('the RADIUS connectors list', () => {
  it('deletes the picked connectors as a job after confirming with their count, and refreshes the list', async () => {
    const started: unknown[] = [];
    let deleted = false;
    server.use(
      http.get(`${BASE}/c1/search`, () =>
        HttpResponse.json(
          deleted
            ? { content: [], totalElements: 0, page: 0, pageSize: 10 }
            : { content: [VPN], totalElements: 1, page: 0, pageSize: 10 },
        ),
      ),
      http.post(`${BASE}/c1/search/bulk/delete`, async ({ request }) => {
        started.push(await request.json());
        deleted = true;
        return HttpResponse.json({
          id: 'j1',
          resource: 'radius',
          action: 'delete',
          status: 'DONE',
          total: 1,
          done: 1,
          changed: 1,
          startedDate: '2026-12-05T10:00:00.000Z',
          endedDate: '2026-12-05T10:00:00.100Z',
        });
      }),
    );
    const { user } = renderForCustomerAdmin('/radius', ALL, resourcesOf(radius));
    await user.click(await screen.findByRole('checkbox', { name: /select this row/i }));
    // The bulk toolbar's Delete comes above the rows' own.
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 connector?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete: done. 1 of 1 changed.')).toBeInTheDocument();
    expect(started).toEqual([{ filter: { id: ['r1'] } }]);
    await waitFor(() => expect(screen.queryByText('Branch VPN')).toBeNull());
  });

  it('offers no bulk delete without radius:delete', async () => {
    renderAt('/radius', ['radius:view', 'radius:modify']);
    await screen.findByText('Branch VPN');
    expect(screen.queryByRole('checkbox', { name: /select this row/i })).toBeNull();
  });
});
