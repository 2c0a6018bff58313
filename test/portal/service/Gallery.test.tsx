import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { captureDownloads, fill, recordRequests, refill } from '../harness';
import { API, server } from '../msw';
import { renderAt, SERVICE } from './fixtures';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const cardsOf = (protocol: string) =>
  within(screen.getByRole('region', { name: protocol }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the service gallery', () => {
  it('groups the published templates by protocol, each card with its name and short description', async () => {
    renderAt('/service-launch/create');
    expect(await screen.findByText('VPN access')).toBeInTheDocument();
    expect(headings()).toEqual(['RADIUS', 'SAML', 'OIDC']);
    expect(cardsOf('RADIUS')).toEqual(['Partner vpn', 'VPN access']);
    expect(cardsOf('SAML')).toEqual(['Office 365']);
    expect(cardsOf('OIDC')).toEqual(['Salesforce']);
    expect(screen.getByText('RADIUS second factor for the VPN')).toBeInTheDocument();
  });

  it('filters by template name whatever the case, leaving out the protocols with no match', async () => {
    const { user } = renderAt('/service-launch/create');
    await screen.findByText('VPN access');
    await fill(user, screen.getByRole('searchbox', { name: 'Search templates' }), 'VpN');
    expect(headings()).toEqual(['RADIUS']);
    expect(cardsOf('RADIUS')).toEqual(['Partner vpn', 'VPN access']);
    expect(screen.queryByText('Office 365')).not.toBeInTheDocument();

    await refill(user, screen.getByRole('searchbox', { name: 'Search templates' }), 'zoom');
    expect(screen.getByText('No template name contains "zoom".')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('opens the launch form of the chosen template', async () => {
    const { user, pathname } = renderAt('/service-launch/create');
    await user.click(await screen.findByRole('link', { name: /Office 365/ }));
    await waitFor(() => expect(pathname()).toBe('/service-launch/create/st3'));
    expect(await screen.findByRole('heading', { name: 'Launch Office 365' })).toBeInTheDocument();
  });

  it("says 'Error: Get Service Template Failed' when the templates cannot be loaded", async () => {
    renderAt('/service-launch/create', { templates: 'fail' });
    await waitFor(() => expect(screen.getAllByText('Error: Get Service Template Failed')).toHaveLength(2));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('goes from /launch-now/{serviceTemplateId} straight to the launch form', async () => {
    const { pathname } = renderAt('/launch-now/st1');
    expect(await screen.findByRole('heading', { name: 'Launch VPN access' })).toBeInTheDocument();
    expect(pathname()).toBe('/service-launch/create/st1');
  });
});

describe('the service list', () => {
  it("shows the customer's services and opens one on a click", async () => {
    const { user, pathname } = renderAt('/service-launch');
    const row = (await screen.findByText('Head office VPN')).closest('tr') as HTMLElement;
    expect(within(row).getByText('VPN access')).toBeInTheDocument();
    expect(within(row).getByText('Professional Token Pack')).toBeInTheDocument();
    expect(within(row).getByText('Started')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Launch a service' })).toHaveAttribute(
      'href',
      '/service-launch/create',
    );
    await user.click(within(row).getByText('Head office VPN'));
    await waitFor(() => expect(pathname()).toBe(`/service-launch/${SERVICE.id}`));
  });

  it('exports the services its filters show, with its columns, as a file the server writes', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${API}/service-mgmt/service-instance/c1/list/export/:format`, ({ request }) => {
        asked.push(new URL(request.url));
        return new HttpResponse('id,instanceName\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { saved } = captureDownloads();
    const { user } = renderAt('/service-launch');
    await screen.findByText('Head office VPN');
    const sent = recordRequests();
    await fill(user, screen.getByPlaceholderText('Search'), 'head');
    // The list reads its services again with the search (react-admin waits for the typing to end).
    await waitFor(() =>
      expect(sent.map((one) => one.path)).toContain('/service-mgmt/service-instance/c1/list?q=head'),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (spreadsheet)' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.pathname).toBe('/api/service-mgmt/service-instance/c1/list/export/csv');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      q: 'head',
      fields: 'instanceName,templateName,tokenPackName,status,enabled',
    });
    await waitFor(() => expect(saved).toEqual(['service-instance.csv']));
  });

  it('offers to launch a first service when there is none', async () => {
    renderAt('/service-launch', { services: [] });
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Launch a service' })).toBeInTheDocument();
  });

  it('offers no launch without the create permission', async () => {
    renderAt('/service-launch', {}, ['service_instance:view', 'service_instance:modify']);
    await screen.findByText('Head office VPN');
    expect(screen.queryByRole('link', { name: 'Launch a service' })).not.toBeInTheDocument();
  });
});
