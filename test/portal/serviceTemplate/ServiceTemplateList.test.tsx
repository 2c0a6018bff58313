import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../harness';
import { API, server } from '../msw';
import { onAPhone } from '../phone';
import { admin, serveList, VIEW, VPN } from './fixtures';

describe('the service template list', () => {
  it('shows the server rows with connectors by type name, and the total', async () => {
    serveList();
    admin('/service-template');
    const row = (await screen.findByText('VPN access')).closest('tr')!;
    expect(within(row).getByText('vpn')).toBeInTheDocument();
    // RADIUS twice: the protocol, and a connector chip beside LDAP.
    expect(within(row).getAllByText('RADIUS')).toHaveLength(2);
    expect(within(row).getByText('LDAP')).toBeInTheDocument();
    expect(within(row).getByText('09:30:00 02/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    const other = screen.getByText('Office 365').closest('tr')!;
    expect(within(other).getAllByText('SAML')).toHaveLength(2);
    expect(within(other).getByText('Unpublished')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
  });

  it('offers to create the first template when there is none, to an operator who may create', async () => {
    serveList([], 0);
    admin('/service-template');
    expect(await screen.findByText('No service templates yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/service-template/create');
  });

  it('sends the search, status and protocol filters and the sort', async () => {
    const searches = serveList();
    const { user } = admin('/service-template');
    await screen.findByText('VPN access');
    expect(searches[0]).toEqual({
      page: 0,
      limit: 10,
      filters: {},
      sort: { field: 'modifiedDate', order: 'DESC' },
    });
    await fill(user, screen.getByPlaceholderText('Search'), 'vpn');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unpublished' }));
    await user.click(screen.getByRole('combobox', { name: 'Protocol' }));
    await user.click(await screen.findByRole('option', { name: 'SAML2.0' }));
    await waitFor(() =>
      expect(searches.at(-1)).toEqual({
        page: 0,
        limit: 10,
        filters: { q: 'vpn', status: 'UNPUBLISHED', protocol: 'SAML2' },
        sort: { field: 'modifiedDate', order: 'DESC' },
      }),
    );
  });

  it('publishes a row after a confirmation', async () => {
    serveList();
    const published: unknown[] = [];
    server.use(
      http.post(`${API}/service-mgmt/template/publish`, async ({ request }) => {
        published.push(await request.json());
        return HttpResponse.json({ id: 'st2' });
      }),
    );
    const { user } = admin('/service-template');
    const row = (await screen.findByText('Office 365')).closest('tr')!;
    await user.click(await within(row).findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Publish Office 365? Customers can then launch services from it.'),
    ).toBeVisible();
    expect(published).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Template published')).toBeInTheDocument();
    expect(published).toEqual([{ id: 'st2' }]);
  });

  it('unpublishes the selected rows after a confirmation', async () => {
    serveList();
    const unpublished: unknown[] = [];
    server.use(
      http.post(`${API}/service-mgmt/template/unpublish`, async ({ request }) => {
        unpublished.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user } = admin('/service-template');
    await screen.findByText('VPN access');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const bulk = screen
      .getByText('2 items selected')
      .closest<HTMLElement>('[data-test="bulk-actions-toolbar"]')!;
    await user.click(within(bulk).getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Unpublish the 2 selected templates? Customers no longer see them.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('2 templates unpublished')).toBeInTheDocument();
    expect(unpublished).toEqual([{ id: 'st1' }, { id: 'st2' }]);
  });

  it('offers no publishing to an operator without the configure permission', async () => {
    serveList();
    admin('/service-template', VIEW);
    const row = (await screen.findByText('Office 365')).closest('tr')!;
    expect(await within(row).findByRole('link', { name: 'Show' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });

  it('opens a template for editing on a double click', async () => {
    serveList();
    server.use(http.post(`${API}/service-mgmt/template/detail`, () => HttpResponse.json(VPN)));
    const { user } = admin('/service-template');
    await user.dblClick(await screen.findByText('VPN access'));
    const name = await screen.findByRole('textbox', { name: 'Template name' });
    await waitFor(() => expect(name).toHaveValue('VPN access'));
  });

  it('shows a template with its connectors, status and Unpublish', async () => {
    server.use(http.post(`${API}/service-mgmt/template/detail`, () => HttpResponse.json(VPN)));
    admin('/service-template/st1/show');
    expect(await screen.findByText('Second factor for the VPN')).toBeInTheDocument();
    expect(screen.getByText('LDAP')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });
});

describe('the service template list on a phone', () => {
  onAPhone();

  it('lists each template on its own lines, without the table, and opens it', async () => {
    serveList();
    const { user, pathname } = admin('/service-template');
    const name = await screen.findByText('VPN access');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/^RADIUS · 09:30:00 02\/03\/2024$/)).toBeInTheDocument();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
    await user.click(name);
    await waitFor(() => expect(pathname()).toMatch(/\/service-template\/.+\/show$/));
  });
});
