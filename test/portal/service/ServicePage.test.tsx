import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceInstanceRecord } from '../../../contract/service';
import { savingPut } from '../fakeServer';
import { fill, recordRequests, type SentRequest, save } from '../harness';
import { API, server } from '../msw';
import { ALL, ANN, BOB, type Fixtures, renderAt, SERVICE } from './fixtures';

const STOPPED: ServiceInstanceRecord = { ...SERVICE, status: 'STOPPED' };
const NO_HTTPS: ServiceInstanceRecord = {
  ...SERVICE,
  connectorConfig: { connector_1: 'dir1', connector_2: 'rad1' },
  connectors: SERVICE.connectors.filter((connector) => connector.type !== 'https'),
};

const posts = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const openService = async (
  service = SERVICE,
  permissions = ALL,
  path = `/service-launch/${service.id}`,
  fixtures: Fixtures = {},
) => {
  const rendered = renderAt(path, { services: [service], ...fixtures }, permissions);
  await screen.findByRole('tab', { name: 'Info' });
  return rendered;
};

describe("the service page's Download Installer Profile", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const downloadButton = () => screen.getByRole('button', { name: 'Download Installer Profile' });

  it('downloads installer_profile.txt for a started service with an HTTPS connector', async () => {
    server.use(
      http.get(
        `${API}/service-mgmt/service-launch/download/s1`,
        () =>
          new HttpResponse('gateway=https://gw.test\nservice=s1\n', {
            headers: { 'Content-Type': 'text/plain' },
          }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:profile');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const sent = recordRequests();
    const { user } = await openService();
    expect(downloadButton()).not.toHaveAttribute('aria-disabled');
    await user.click(downloadButton());
    await waitFor(() => expect(saved).toEqual(['installer_profile.txt']));
    expect(await createObjectURL.mock.calls[0][0].text()).toBe('gateway=https://gw.test\nservice=s1\n');
    expect(sent.map((request) => request.path)).toContain(
      '/service-mgmt/service-launch/download/s1?customerId=c1',
    );
  });

  it.each([
    ['stopped', STOPPED],
    ['without an HTTPS connector', NO_HTTPS],
  ])('is refused for a service %s, without calling the server', async (_, service) => {
    const sent = recordRequests();
    const { user } = await openService(service);
    expect(downloadButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(downloadButton());
    expect(sent.filter((request) => request.path.includes('/download/'))).toEqual([]);
  });
});

describe('starting and stopping a service', () => {
  const answerStartStop = () =>
    server.use(
      http.post(`${API}/service-mgmt/service-instance/c1/stop`, () => HttpResponse.json(STOPPED)),
      http.post(`${API}/service-mgmt/service-instance/c1/start`, () => HttpResponse.json(SERVICE)),
    );

  it("stops a started service once the user confirms that every user's sign-in will be refused", async () => {
    answerStartStop();
    const sent = recordRequests();
    const { user } = await openService();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Head office VPN?' });
    expect(
      within(dialog).getByText(/Every user's sign-in through this service will be refused/),
    ).toBeInTheDocument();
    expect(posts(sent, '/service-mgmt/service-instance/c1/stop')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Service stopped')).toBeInTheDocument();
    expect(posts(sent, '/service-mgmt/service-instance/c1/stop')).toEqual([{ id: 's1' }]);
  });

  it('says that users cannot sign in through a stopped service, and starts it', async () => {
    answerStartStop();
    const sent = recordRequests();
    const { user } = await openService(STOPPED);
    expect(screen.getByText(/This service is stopped: users cannot sign in through it/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Service started')).toBeInTheDocument();
    expect(posts(sent, '/service-mgmt/service-instance/c1/start')).toEqual([{ id: 's1' }]);
  });

  it('offers neither start, stop, delete nor changes to the user lists without the configure permission', async () => {
    const { user } = await openService(SERVICE, ['service_instance:view', 'service_instance:modify']);
    expect(screen.getByRole('button', { name: 'Download Installer Profile' })).toBeInTheDocument();
    // Once the list has been read, the permission checks (cached) have long answered.
    await user.click(screen.getByRole('tab', { name: '2FA Bypass List' }));
    expect(await screen.findByText('ann@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Setup wizard' })).toHaveAttribute('href', '/wizard/s1');
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('deleting a service', () => {
  it('deletes it once confirmed, then shows the list', async () => {
    server.use(
      http.delete(`${API}/service-mgmt/service-instance/c1/delete`, () => HttpResponse.json(SERVICE)),
    );
    const sent = recordRequests();
    const { user, pathname } = await openService();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Head office VPN?' });
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toBe('/service-launch'));
    expect(await screen.findByText('Service deleted')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/service-mgmt/service-instance/c1/delete', body: { id: 's1' } },
    ]);
  });
});

describe("the service's Info tab", () => {
  it('saves the name, description and connectors after validation, the directory kept as it is', async () => {
    server.use(
      http.post(`${API}/service-mgmt/service-launch/validate-update`, () =>
        HttpResponse.json({ success: true, usedConnectors: [] }),
      ),
      savingPut(`${API}/service-mgmt/service-launch/c1/s1`, SERVICE),
    );
    const sent = recordRequests();
    const { user } = await openService();
    const directory = await screen.findByRole('combobox', { name: /^Directory \(LDAP\)/ });
    expect(directory).toHaveAttribute('aria-disabled', 'true');
    expect(directory).toHaveTextContent('Corp AD');
    expect(screen.queryByRole('button', { name: /Create new/ })).not.toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await save(user);
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await fill(user, name, 'Branch VPN');
    await user.click(screen.getByRole('combobox', { name: /^RADIUS connector/ }));
    await user.click(await screen.findByRole('option', { name: 'Lab RADIUS' }));
    await save(user);
    expect(await screen.findByText('Service updated')).toBeInTheDocument();

    const changes = {
      id: 's1',
      customerId: 'c1',
      instanceName: 'Branch VPN',
      description: 'The VPN of the head office',
      connectors: [
        { id: 'dir1', type: 'ldap_2fa', name: 'Corp AD' },
        { id: 'rad2', type: 'radius', name: 'Lab RADIUS' },
        { id: 'https1', type: 'https', name: 'Gateway API' },
      ],
      force: 'false',
    };
    expect(posts(sent, '/service-mgmt/service-launch/validate-update')).toEqual([changes]);
    expect(
      sent.filter((request) => request.method === 'PUT').map(({ path, body }) => ({ path, body })),
    ).toEqual([{ path: '/service-mgmt/service-launch/c1/s1', body: changes }]);
  });
});

describe("the service's Info tab with a connector another service uses", () => {
  it('asks first, then validates and saves with force true', async () => {
    server.use(
      http.post(`${API}/service-mgmt/service-launch/validate-update`, async ({ request }) => {
        const { force } = (await request.json()) as { force: string };
        return HttpResponse.json(
          force === 'true'
            ? { success: true, usedConnectors: [] }
            : {
                success: false,
                usedConnectors: [
                  {
                    connectorId: 'rad2',
                    connectorName: 'Lab RADIUS',
                    serviceInstanceId: 's9',
                    serviceInstanceName: 'Lab VPN',
                  },
                ],
              },
        );
      }),
      http.put(`${API}/service-mgmt/service-launch/c1/s1`, () => HttpResponse.json(SERVICE)),
    );
    const sent = recordRequests();
    const { user } = await openService();
    await user.click(await screen.findByRole('combobox', { name: /^RADIUS connector/ }));
    await user.click(await screen.findByRole('option', { name: 'Lab RADIUS' }));
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Warning connector setting!' });
    expect(within(dialog).getByText('Lab RADIUS, used by Lab VPN')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
    const forces = (bodies: unknown[]) => bodies.map((body) => (body as { force: string }).force);
    expect(forces(posts(sent, '/service-mgmt/service-launch/validate-update'))).toEqual(['false', 'true']);
    expect(forces(sent.filter((request) => request.method === 'PUT').map((request) => request.body))).toEqual(
      ['true'],
    );
  });
});

describe("a service's user lists", () => {
  it('adds the users chosen in the picker to the 2FA bypass list', async () => {
    server.use(
      http.post(`${API}/user-management/users/c1/manage_service_users`, () =>
        HttpResponse.json({ serviceId: 's1', total: 2 }),
      ),
    );
    const sent = recordRequests();
    const { user } = await openService();
    await user.click(screen.getByRole('tab', { name: '2FA Bypass List' }));
    expect(await screen.findByText('ann@acme.test')).toBeInTheDocument();
    expect(
      sent.some((request) =>
        request.path.startsWith(
          '/user-management/deny_service_users/c1/search?page=0&pageSize=10&sort=username&order=ASC&serviceId=s1',
        ),
      ),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users to the 2FA bypass list' });
    const select = within(dialog).getByRole('button', { name: 'Select (0) users' });
    expect(select).toBeDisabled();
    const chosen = within(dialog).getByRole('list', { name: 'Selected' });
    expect(within(chosen).getByText('None yet: click users in the list to select them.')).toBeInTheDocument();
    const available = within(dialog).getByRole('list', { name: 'Users' });
    await user.click(await within(available).findByRole('checkbox', { name: /Bob Tran/ }));
    expect(within(chosen).queryByText(/None yet/)).not.toBeInTheDocument();
    // The newest users first, as the spec's picker reads them.
    expect(
      sent.some((request) =>
        /\/user-management\/users\/c1\/search\?.*sort=createdDate&order=DESC/.test(request.path),
      ),
    ).toBe(true);
    const selectOne = within(dialog).getByRole('button', { name: 'Select (1) users' });
    expect(selectOne).toBeEnabled();
    await user.click(selectOne);

    expect(await screen.findByText('1 user added')).toBeInTheDocument();
    expect(posts(sent, '/user-management/users/c1/manage_service_users')).toEqual([
      { serviceId: 's1', addUserIds: [BOB.id], removeUserIds: [] },
    ]);
  });

  it('removes the selected users from the seamless login list once confirmed', async () => {
    server.use(
      http.post(`${API}/user-management/users/c1/manage_seamless_service_users`, () =>
        HttpResponse.json({ serviceId: 's1', total: 1 }),
      ),
    );
    const sent = recordRequests();
    const { user } = await openService(SERVICE, ALL, '/service-launch/s1/seamless', { seamless: [ANN, BOB] });
    const row = (await screen.findByText('bob@acme.test')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove users' });
    expect(
      within(dialog).getByText('Remove the 1 selected user from the seamless login list?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('1 user removed')).toBeInTheDocument();
    expect(posts(sent, '/user-management/users/c1/manage_seamless_service_users')).toEqual([
      { serviceId: 's1', addUserIds: [], removeUserIds: [BOB.id] },
    ]);
  });
});
