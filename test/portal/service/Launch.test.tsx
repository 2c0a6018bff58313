import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill, recordRequests, type SentRequest } from '../harness';
import { API, server } from '../msw';
import { optionTexts, renderAt, TEMPLATES, VPN } from './fixtures';

const VALIDATE = '/service-mgmt/service-launch/validate-create-service';
const CREATE = '/service-mgmt/service-launch/create-service';

/** The launch calls: validation answering `validation` (by force), create answering the new id. */
const answerLaunch = (
  validation: (force: string) => object = () => ({ success: true, usedConnectors: [] }),
  create: () => Response = () => HttpResponse.json({ id: 'new1' }, { status: 201 }),
) =>
  server.use(
    http.post(`${API}${VALIDATE}`, async ({ request }) => {
      const { force } = (await request.json()) as { force: string };
      return HttpResponse.json(validation(force));
    }),
    http.post(`${API}${CREATE}`, create),
  );

const calls = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.path === path).map((request) => request.body);

const combo = (name: string) =>
  screen.getByRole('combobox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

/** The launch form of VPN access (a directory and a RADIUS connector), loaded. */
const openVpnForm = async () => {
  const rendered = renderAt('/service-launch/create/st1');
  await screen.findByRole('heading', { name: 'Launch VPN access' });
  // The only subscription and its only token pack are chosen for the user.
  await waitFor(() => expect(combo('Token pack')).toHaveTextContent('Professional Token Pack'));
  await waitFor(() => expect(combo('RADIUS connector')).toBeInTheDocument());
  return rendered;
};

const openRadiusOptions = async (user: UserEvent) => {
  await user.click(combo('RADIUS connector'));
  return screen.findByRole('listbox');
};

const createNewRadius = async (user: UserEvent, name: string) => {
  await user.click(screen.getByRole('button', { name: 'Create new RADIUS connector' }));
  const dialog = await screen.findByRole('dialog', { name: 'New RADIUS connector' });
  await fill(user, within(dialog).getByRole('textbox', { name: /Connector name/ }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
};

describe('the launch form', () => {
  it("shows the template's overview and a selector per connector type it needs", async () => {
    const { user } = await openVpnForm();
    expect(screen.getByText(/Protect the VPN with a second factor/)).toBeInTheDocument();
    expect(combo('Subscription')).toHaveTextContent('Professional, 12 months, until');
    // The directories: the LDAP ones and every other, once each; no Create new (a directory needs settings).
    await user.click(combo('Directory (LDAP)'));
    expect(optionTexts()).toEqual(['None', 'Corp AD', 'Partners Azure']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Create new Directory (LDAP)' })).not.toBeInTheDocument();
    await openRadiusOptions(user);
    expect(optionTexts()).toEqual(['None', 'Corp RADIUS', 'Lab RADIUS']);
  });

  it("tells a customer without a subscription 'You must subscribe at least one TokenPack at Home page.'", async () => {
    renderAt('/service-launch/create/st1', { subscriptions: [] });
    expect(
      await screen.findByText('You must subscribe at least one TokenPack at Home page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Home page' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Launch' })).not.toBeInTheDocument();
  });

  it("says 'Error: Get All Connectors Failed' when the connectors cannot be loaded", async () => {
    renderAt('/service-launch/create/st1', { connectors: 'fail' });
    expect(await screen.findByText('Error: Get All Connectors Failed')).toBeInTheDocument();
  });

  it("refuses an empty name with 'Required field', without calling the server", async () => {
    const sent = recordRequests();
    const { user } = await openVpnForm();
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls(sent, VALIDATE)).toEqual([]);
  });

  it('adds a new connector at the top of its list as (New) <name>, and ignores a name already listed', async () => {
    const { user } = await openVpnForm();
    await createNewRadius(user, 'Branch RADIUS');
    expect(combo('RADIUS connector')).toHaveTextContent('(New) Branch RADIUS');
    await openRadiusOptions(user);
    expect(optionTexts()).toEqual(['None', '(New) Branch RADIUS', 'Corp RADIUS', 'Lab RADIUS']);
    await user.keyboard('{Escape}');

    // A duplicate (any case) adds nothing: the connector of that name is chosen.
    await createNewRadius(user, 'lab radius');
    expect(await screen.findByText('lab radius is already in the list: it is chosen.')).toBeInTheDocument();
    expect(combo('RADIUS connector')).toHaveTextContent('Lab RADIUS');
    await openRadiusOptions(user);
    expect(optionTexts()).toEqual(['None', '(New) Branch RADIUS', 'Corp RADIUS', 'Lab RADIUS']);
  });

  it('launches with the new connector sent as NEW with its name, then opens the service', async () => {
    answerLaunch();
    const sent = recordRequests();
    const { user, pathname } = await openVpnForm();
    await user.click(combo('Directory (LDAP)'));
    await user.click(await screen.findByRole('option', { name: 'Partners Azure' }));
    await createNewRadius(user, 'Branch RADIUS');
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), '  Branch VPN ');
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'For the branch');
    await user.click(screen.getByRole('button', { name: 'Launch' }));

    await waitFor(() => expect(pathname()).toBe('/service-launch/new1'));
    const request = {
      serviceTemplateId: 'st1',
      customerId: 'c1',
      name: 'Branch VPN',
      description: 'For the branch',
      subscriptionId: 'sub1',
      tokenPackId: 'tp1',
      connectors: [
        { id: 'dir2', type: 'ldap', name: 'Partners Azure' },
        { id: 'NEW', type: 'radius', name: 'Branch RADIUS' },
      ],
      force: 'false',
    };
    expect(calls(sent, VALIDATE)).toEqual([request]);
    expect(calls(sent, CREATE)).toEqual([request]);
  });

  /** What validate answers when Corp RADIUS is another service's (Old VPN's). */
  const RADIUS_IN_USE = {
    success: false,
    usedConnectors: [
      {
        connectorId: 'rad1',
        connectorName: 'Corp RADIUS',
        serviceInstanceId: 's9',
        serviceInstanceName: 'Old VPN',
      },
    ],
  };

  /** Launches New VPN with Corp RADIUS, recording the calls; the warning dialog that opens. */
  const launchWithUsedRadius = async () => {
    const sent = recordRequests();
    const { user, pathname } = await openVpnForm();
    await openRadiusOptions(user);
    await user.click(screen.getByRole('option', { name: 'Corp RADIUS' }));
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'New VPN');
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning connector setting!' });
    return { sent, user, pathname, dialog };
  };

  it('warns about a connector another service uses, and launches with force true once confirmed', async () => {
    answerLaunch((force) => (force === 'true' ? { success: true, usedConnectors: [] } : RADIUS_IN_USE));
    const { sent, user, pathname, dialog } = await launchWithUsedRadius();
    expect(within(dialog).getByText('Corp RADIUS, used by Old VPN')).toBeInTheDocument();
    expect(within(dialog).getByText(/previous assignment will be removed/)).toBeInTheDocument();
    expect(within(dialog).getByText('Do you want to use it for this service?')).toBeInTheDocument();
    expect(calls(sent, CREATE)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toBe('/service-launch/new1'));
    const forces = (path: string) => calls(sent, path).map((body) => (body as { force: string }).force);
    expect(forces(VALIDATE)).toEqual(['false', 'true']);
    expect(forces(CREATE)).toEqual(['true']);
    expect(calls(sent, CREATE)[0]).toMatchObject({
      connectors: [{ id: 'rad1', type: 'radius', name: 'Corp RADIUS' }],
    });
  });

  it('launches nothing when the warning is answered No', async () => {
    answerLaunch(() => RADIUS_IN_USE);
    const { sent, user, pathname, dialog } = await launchWithUsedRadius();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(sent, VALIDATE)).toHaveLength(1);
    expect(calls(sent, CREATE)).toEqual([]);
    expect(pathname()).toBe('/service-launch/create/st1');
  });

  it("shows the server's refusal of the launch as a warning, and stays on the form", async () => {
    answerLaunch(undefined, () =>
      HttpResponse.json(
        { messageKey: 'error.billing.subscriptionNotFound', message: 'Subscription not found' },
        { status: 404 },
      ),
    );
    const { user, pathname } = await openVpnForm();
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'New VPN');
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    const message = await screen.findByText('Subscription not found');
    expect(message.closest('.MuiSnackbarContent-root')!.className).toMatch(/RaNotification-warning/);
    expect(pathname()).toBe('/service-launch/create/st1');
  });

  it('says so when the template is not published', async () => {
    renderAt('/service-launch/create/unknown');
    expect(
      await screen.findByText('This service template does not exist or is not published.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All templates' })).toHaveAttribute(
      'href',
      '/service-launch/create',
    );
  });

  it('names a new HTTPS connector after its service, and shows its API key once before opening the service', async () => {
    const INSTALLER = {
      ...VPN,
      id: 'st7',
      uname: 'installer',
      templateName: 'Installer',
      protocol: 'HTTPS' as const,
      connectorIds: [7],
    };
    const API_KEY = 'gwk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
    answerLaunch(undefined, () => HttpResponse.json({ id: 'new1', apiKey: API_KEY }, { status: 201 }));
    const sent = recordRequests();
    const { user, pathname } = renderAt('/service-launch/create/st7', {
      templates: [...TEMPLATES, INSTALLER],
    });
    await screen.findByRole('heading', { name: 'Launch Installer' });
    await waitFor(() => expect(combo('Token pack')).toHaveTextContent('Professional Token Pack'));
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Branch installer');
    await user.click(screen.getByRole('button', { name: 'Create new HTTPS connector' }));
    const named = await screen.findByRole('dialog', { name: 'New HTTPS connector' });
    expect(within(named).getByRole('textbox', { name: /Connector name/ })).toHaveValue('Branch installer');
    await user.click(within(named).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(combo('HTTPS connector')).toHaveTextContent('(New) Branch installer'));
    await user.click(screen.getByRole('button', { name: 'Launch' }));

    const shown = await screen.findByRole('dialog', { name: 'API key of Branch installer' });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(API_KEY);
    expect(pathname()).toBe('/service-launch/create/st7');
    expect(calls(sent, CREATE)).toEqual([
      expect.objectContaining({ connectors: [{ id: 'NEW', type: 'https', name: 'Branch installer' }] }),
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(pathname()).toBe('/service-launch/new1'));
    expect(screen.queryByText(API_KEY)).toBeNull();
  });
});
