import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ServiceChanges, ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { FrameWizardPage, WizardPage } from '../../../src/pages/wizard/WizardPage';
import { customerAdmin, fill, recordRequests, renderAdmin } from '../harness';
import { API, server } from '../msw';
import { onAPhone } from '../phone';
import { office365Service, pack, vpnService } from './fixtures';

const PERMISSIONS = [
  'service_instance:view',
  'service_instance:modify',
  'service_instance:configure',
  'token-pack:view',
  'radius:view',
  'radius:create',
  'saml:view',
  'saml:create',
  'directories:view',
];
const LAUNCH = `${API}/service-mgmt/service-launch`;
const CONNECTORS = `${API}/idm-config/connectors`;
const lookup = (kind: string, typeId: number, rows: [string, string][]) =>
  rows.map(([id, name]) => ({ id, name, type: kind, typeId }));

interface Fixtures {
  service: ServiceInstanceRecord;
  pack?: TokenPackRecord;
  /** What validate-update answers. */
  used?: {
    connectorId: string;
    connectorName: string;
    serviceInstanceId: string;
    serviceInstanceName: string;
  }[];
}

/** The wizard at `path`, the server answering the contracts' shapes; an update answers the service changed. */
const renderAt = (path: string, { service, pack: tokenPack = pack(), used = [] }: Fixtures) => {
  let current = service;
  server.use(
    http.get(`${LAUNCH}/c1/${service.id}`, () => HttpResponse.json(current)),
    http.get(`${API}/idm-config/token-pack-v2/c1/tp1`, () => HttpResponse.json(tokenPack)),
    http.get(`${CONNECTORS}/ldap`, () =>
      HttpResponse.json(
        lookup('ldap', 1, [
          ['d1', 'Head office LDAP'],
          ['d2', 'Branch LDAP'],
        ]),
      ),
    ),
    http.get(`${CONNECTORS}/radius`, () =>
      HttpResponse.json(
        lookup('radius', 2, [
          ['r1', 'Branch firewall'],
          ['r2', 'Head office VPN'],
        ]),
      ),
    ),
    http.get(`${CONNECTORS}/saml`, () => HttpResponse.json(lookup('saml', 3, [['o1', 'Contoso tenant']]))),
    // r1 was made by a launch: no IP address yet.
    http.get(`${CONNECTORS}/radius/c1/:id`, ({ params }) =>
      HttpResponse.json({
        id: params.id,
        name: 'RADIUS',
        ipAddress: params.id === 'r1' ? null : '10.0.0.5',
        proxyPort: 11812,
        mode: 'challenge',
        nasIdentifier: params.id,
        lastSignIn: null,
        secretSet: true,
      }),
    ),
    http.post(`${LAUNCH}/validate-update`, () =>
      HttpResponse.json({ success: used.length === 0, usedConnectors: used }),
    ),
    http.put(`${LAUNCH}/c1/${service.id}`, async ({ request }) => {
      const changes = (await request.json()) as ServiceChanges;
      const typeIds = { ldap: 1, ldap_2fa: 1, radius: 2, saml: 3, oidc: 4, saml2: 5, https: 7 } as const;
      current = {
        ...current,
        connectors: changes.connectors,
        connectorConfig: Object.fromEntries(
          changes.connectors.map((connector) => [`connector_${typeIds[connector.type]}`, connector.id]),
        ),
        lastModifiedDate: '2026-02-01T10:00:00.000Z',
      };
      return HttpResponse.json(current);
    }),
    http.put(`${LAUNCH}/update-wizard-status`, async ({ request }) => {
      const { id, status } = (await request.json()) as { id: string; status: string };
      return HttpResponse.json({ id, status });
    }),
  );
  return renderAdmin({
    path,
    permissions: PERMISSIONS,
    session: customerAdmin,
    children: (
      <CustomRoutes>
        <Route path="/wizard/:serviceInstanceId" element={<WizardPage />} />
        <Route path="/iframe/wizard/:serviceInstanceId" element={<FrameWizardPage />} />
        <Route path="/service-launch/:id" element={<p>the service page</p>} />
      </CustomRoutes>
    ),
  });
};

const next = (name = 'Next') => screen.getByRole('button', { name });
const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const writes = (sent: ReturnType<typeof recordRequests>) =>
  sent
    .filter((request) => request.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }));

/** Chooses `option` in the picker labelled `label`. */
const choose = async (user: ReturnType<typeof renderAt>['user'], label: string, option: string) => {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the VPN setup wizard', () => {
  it('shows the steps of a RADIUS service, from the welcome step', async () => {
    renderAt('/wizard/s1', { service: vpnService() });
    const steps = await screen.findByRole('navigation', { name: 'Setup steps' });
    expect(
      within(steps)
        .getAllByText(/^(Welcome|Directory|RADIUS connector|Finish)$/)
        .map((el) => el.textContent),
    ).toEqual(['Welcome', 'Directory', 'RADIUS connector', 'Finish']);
    expect(screen.getByRole('heading', { name: 'VPN setup', level: 1 })).toBeInTheDocument();
    expect(await heading('Two-factor sign-in for your VPN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('moves a NEW token pack to TOUCHED when the wizard is started', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', { service: vpnService() });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    expect(await heading('Directory')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/service-mgmt/service-launch/update-wizard-status',
        body: { id: 's1', status: 'TOUCHED', customerId: 'c1' },
      },
    ]);
  });

  it('leaves a pack already further on as it is', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', {
      service: vpnService(),
      pack: pack({ wizardStatus: 'COMPLETED' }),
    });
    expect(await screen.findByText(/This service was set up already/)).toBeInTheDocument();
    await user.click(next('Start'));
    expect(await heading('Directory')).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
  });

  it('gives the chosen RADIUS connector to the service: validate-update, then update keeping its directory', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', {
      service: vpnService(),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    await heading('Directory');
    // The directory the service has is chosen already: Next saves nothing.
    expect(await screen.findByRole('combobox', { name: 'Directory' })).toHaveTextContent('Head office LDAP');
    await user.click(next());
    await heading('RADIUS connector');
    await choose(user, 'RADIUS connector', 'Branch firewall');
    await user.click(next());
    expect(await heading('Finish')).toBeInTheDocument();
    const changes = {
      id: 's1',
      customerId: 'c1',
      instanceName: 'Branch VPN',
      description: 'Remote access',
      rememberPassword: false,
      connectors: [
        { id: 'd1', type: 'ldap', name: 'Head office LDAP' },
        { id: 'r1', type: 'radius', name: 'Branch firewall' },
      ],
      force: 'false',
    };
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/service-mgmt/service-launch/validate-update', body: changes },
      { method: 'PUT', path: '/service-mgmt/service-launch/c1/s1', body: changes },
    ]);
  });

  it('asks before taking a connector another service uses, then forces it', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', {
      service: vpnService({ connectorIds: [2] }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
      used: [
        {
          connectorId: 'r2',
          connectorName: 'Head office VPN',
          serviceInstanceId: 's9',
          serviceInstanceName: 'Old VPN',
        },
      ],
    });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    await heading('RADIUS connector');
    await choose(user, 'RADIUS connector', 'Head office VPN');
    await user.click(next());
    const dialog = await screen.findByRole('dialog', { name: 'Warning connector setting!' });
    expect(dialog).toHaveTextContent('Head office VPN is used by Old VPN.');
    expect(dialog).toHaveTextContent('Do you want to use it for this service?');
    expect(writes(sent).map((request) => request.method)).toEqual(['POST']);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await heading('Finish')).toBeInTheDocument();
    expect(writes(sent)[1]).toMatchObject({
      method: 'PUT',
      path: '/service-mgmt/service-launch/c1/s1',
      body: { connectors: [{ id: 'd1' }, { id: 'r2', type: 'radius' }], force: 'true' },
    });
  });

  it('adds a RADIUS connector, shows its shared secret once and again on the finish step', async () => {
    server.use(
      http.post(`${CONNECTORS}/radius/c1`, () =>
        HttpResponse.json({ id: 'r7', sharedSecret: 'Sh4redSecretShownOnce123' }, { status: 201 }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', {
      service: vpnService({ connectorIds: [2] }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    await heading('RADIUS connector');
    await user.click(screen.getByRole('button', { name: 'Add a RADIUS connector' }));
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Branch office VPN');
    await fill(user, screen.getByRole('textbox', { name: /^VPN IP address/ }), '10.20.30.40');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shared secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Shared secret' })).toHaveValue(
      'Sh4redSecretShownOnce123',
    );
    await waitFor(() =>
      expect(writes(sent).map((request) => request.path)).toEqual([
        '/idm-config/connectors/radius/c1',
        '/service-mgmt/service-launch/validate-update',
        '/service-mgmt/service-launch/c1/s1',
      ]),
    );
    expect(writes(sent)[0]?.body).toEqual({ name: 'Branch office VPN', ipAddress: '10.20.30.40' });
    expect(writes(sent)[2]?.body).toMatchObject({
      connectors: expect.arrayContaining([{ id: 'r7', type: 'radius', name: 'Branch office VPN' }]),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(next());
    await heading('Finish');
    // The port in force, as the connector's record says; the radtest line hides the secret until shown.
    expect(await screen.findByText('11812')).toBeInTheDocument();
    const line = screen.getByRole('region', { name: 'Try it from a shell' });
    expect(line).toHaveTextContent(`:11812 0 'SHARED_SECRET'`);
    expect(screen.queryByText(/Sh4redSecretShownOnce123/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the shared secret' }));
    expect(screen.getByText('Sh4redSecretShownOnce123')).toBeInTheDocument();
    expect(line).toHaveTextContent(`:11812 0 'Sh4redSecretShownOnce123'`);
  });

  it('says where the shared secret of a connector made elsewhere is, and starts a stopped service', async () => {
    server.use(
      http.post(`${API}/service-mgmt/service-instance/c1/start`, () => HttpResponse.json(vpnService())),
    );
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s1', {
      service: vpnService({
        connectorConfig: { connector_1: 'd1', connector_2: 'r1' },
        connectors: [
          { id: 'd1', name: 'Head office LDAP', type: 'ldap' },
          { id: 'r1', name: 'Branch firewall', type: 'radius' },
        ],
      }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    await heading('Directory');
    await user.click(next());
    await heading('RADIUS connector');
    await user.click(next());
    await heading('Finish');
    expect(screen.getByText(/shows a shared secret only once/)).toBeInTheDocument();
    expect(await screen.findByText(/has no IP address yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter the IP address' })).toHaveAttribute('href', '/radius/r1');
    expect(screen.getByRole('link', { name: 'Open the RADIUS connector' })).toHaveAttribute(
      'href',
      '/radius/r1/show',
    );
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(writes(sent)).toContainEqual({
        method: 'POST',
        path: '/service-mgmt/service-instance/c1/start',
        body: { id: 's1' },
      }),
    );
  });

  it('sets the setup COMPLETED on finish and opens the service page', async () => {
    const sent = recordRequests();
    const { user, pathname } = renderAt('/wizard/s1', {
      service: vpnService({ connectorConfig: { connector_1: 'd1', connector_2: 'r1' }, connectorIds: [2] }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    await heading('Two-factor sign-in for your VPN');
    await user.click(next('Start'));
    await heading('RADIUS connector');
    await user.click(next());
    await heading('Finish');
    // The titles of the steps reached can be clicked to go back to them.
    await user.click(screen.getByRole('button', { name: 'Welcome' }));
    await heading('Two-factor sign-in for your VPN');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await heading('Finish');
    await user.click(next('Finish setup'));
    expect(await screen.findByText('the service page')).toBeInTheDocument();
    expect(pathname()).toBe('/service-launch/s1');
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/service-mgmt/service-launch/update-wizard-status',
        body: { id: 's1', status: 'COMPLETED', customerId: 'c1' },
      },
    ]);
  });
});

describe('the wizard on a phone (375 px wide)', () => {
  onAPhone();

  it('shows a compact stepper: the step number and title', async () => {
    const { user } = renderAt('/wizard/s1', {
      service: vpnService(),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    expect(await screen.findByText('Step 1 of 4: Welcome')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Setup steps' })).not.toBeInTheDocument();
    await user.click(next('Start'));
    expect(await screen.findByText('Step 2 of 4: Directory')).toBeInTheDocument();
  });
});

describe('the Office 365 setup wizard', () => {
  it('ends with the federation script of the domain, with its connector', async () => {
    server.use(
      http.get(`${CONNECTORS}/saml/script/federate-script`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.json({
          domain: query.get('domain'),
          unFederate: false,
          fileName: `federate-${query.get('domain')}.ps1`,
          script: `Connect-MgGraph -Scopes "Domain.ReadWrite.All"\nNew-MgDomainFederationConfiguration -DomainId "${query.get('domain')}" # ${query.get('id')}`,
        });
      }),
    );
    const sent = recordRequests();
    const { user } = renderAt('/wizard/s2', {
      service: office365Service({
        connectorConfig: { connector_1: 'd1', connector_3: 'o1' },
        connectors: [
          { id: 'd1', name: 'Head office LDAP', type: 'ldap' },
          { id: 'o1', name: 'Contoso tenant', type: 'saml' },
        ],
      }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    expect(await heading('Two-factor sign-in for Office 365')).toBeInTheDocument();
    await user.click(next('Start'));
    await heading('Directory');
    await user.click(next());
    await heading('Office 365 connector');
    await fill(user, screen.getByRole('textbox', { name: /^Microsoft 365 domain/ }), 'contoso');
    await user.click(next());
    expect(await screen.findByText('Enter a domain name, such as contoso.com.')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /^Microsoft 365 domain/ }), '.com');
    await user.click(next());
    await heading('Finish');
    const script = await screen.findByRole('region', { name: 'Federation script' });
    expect(script).toHaveTextContent('New-MgDomainFederationConfiguration -DomainId "contoso.com" # o1');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(sent.map((request) => request.path)).toContain(
      '/idm-config/connectors/saml/script/federate-script?customerId=c1&id=o1&domain=contoso.com&unFederate=0',
    );
    await user.click(next('Finish setup'));
    await waitFor(() =>
      expect(writes(sent)).toContainEqual({
        method: 'PUT',
        path: '/service-mgmt/service-launch/update-wizard-status',
        body: { id: 's2', status: 'COMPLETED', customerId: 'c1' },
      }),
    );
  });
});

describe('a service without a setup wizard', () => {
  it('says there is none, with a link back to the service page', async () => {
    renderAt('/wizard/s3', {
      service: vpnService({ id: 's3', instanceName: 'Intranet', protocol: 'OIDC', connectorIds: [4] }),
    });
    expect(await screen.findByRole('heading', { name: 'No setup wizard' })).toBeInTheDocument();
    expect(
      screen.getByText('There is no setup wizard for Intranet: set it up on its service page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the service page' })).toHaveAttribute(
      'href',
      '/service-launch/s3',
    );
    expect(screen.queryByRole('navigation', { name: 'Setup steps' })).not.toBeInTheDocument();
  });
});

describe('the iframe variant', () => {
  it('is the same wizard, completing in place', async () => {
    const { user, pathname } = renderAt('/iframe/wizard/s1', {
      service: vpnService({ connectorConfig: { connector_2: 'r1' }, connectorIds: [2] }),
      pack: pack({ wizardStatus: 'TOUCHED' }),
    });
    await heading('Two-factor sign-in for your VPN');
    expect(screen.queryByRole('link', { name: 'Open the service page' })).not.toBeInTheDocument();
    await user.click(next('Start'));
    await heading('RADIUS connector');
    await user.click(next());
    await heading('Finish');
    await user.click(next('Finish setup'));
    expect(
      await screen.findByText('The setup of Branch VPN is complete.', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/iframe/wizard/s1');
  });
});
