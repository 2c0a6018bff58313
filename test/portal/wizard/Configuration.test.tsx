import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { ConfigurationPage } from '../../../src/pages/configuration/ConfigurationPage';
import { customerAdmin, renderAdmin } from '../harness';
import { API, server } from '../msw';
import { pack, vpnService } from './fixtures';

/** /configuration: the token packs still to set up, with their services and the wizards they have. */
const renderWith = (byStatus: Record<string, TokenPackRecord[]>, services: ServiceInstanceRecord[]) => {
  server.use(
    http.get(`${API}/idm-config/token-pack/c1/get-by-wizard-status/:status`, ({ params }) =>
      HttpResponse.json(byStatus[String(params.status)] ?? []),
    ),
    http.post(`${API}/service-mgmt/service-launch/details`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      return HttpResponse.json(services.filter((service) => ids.includes(service.id)));
    }),
  );
  return renderAdmin({
    path: '/configuration',
    permissions: ['token-pack:view', 'service_instance:view'],
    session: customerAdmin,
    children: (
      <CustomRoutes>
        <Route path="/configuration" element={<ConfigurationPage />} />
      </CustomRoutes>
    ),
  });
};

describe('the setup page', () => {
  it('lists the packs still to set up, with the wizard of each service that has one', async () => {
    const vpn = vpnService({ id: 's1', instanceName: 'Acme VPN' });
    const api = vpnService({ id: 's2', instanceName: 'Acme API', protocol: 'HTTPS' });
    renderWith(
      {
        NEW: [
          pack({
            id: 'tp1',
            name: 'Professional Token Pack',
            services: [
              { id: 's1', instanceName: 'Acme VPN', status: 'STOPPED', enabled: true },
              { id: 's2', instanceName: 'Acme API', status: 'STOPPED', enabled: true },
            ],
          }),
        ],
        TOUCHED: [pack({ id: 'tp2', name: 'Branch Pack', wizardStatus: 'TOUCHED', services: [] })],
      },
      [vpn, api],
    );
    await screen.findByRole('heading', { name: 'Professional Token Pack' });
    const services = screen.getByRole('list', { name: 'Services of Professional Token Pack' });
    expect(within(services).getByRole('link', { name: 'Setup wizard' })).toHaveAttribute(
      'href',
      '/wizard/s1',
    );
    expect(within(services).getByText('No setup wizard: set it up on its service page')).toBeInTheDocument();
    expect(within(services).getByRole('link', { name: 'Open the service page' })).toHaveAttribute(
      'href',
      '/service-launch/s2',
    );
    expect(screen.getByRole('heading', { name: 'Branch Pack' })).toBeInTheDocument();
    expect(screen.getByText('This token pack has no service yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Launch a service' })).toHaveAttribute(
      'href',
      '/service-launch/create',
    );
  });

  it('says when every pack is set up', async () => {
    renderWith({}, []);
    expect(await screen.findByText('Every token pack is set up.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the services' })).toHaveAttribute(
      'href',
      '/service-launch',
    );
  });
});
