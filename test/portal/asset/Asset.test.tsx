import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import asset from '../../../src/resources/asset';
import { fill, renderAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';
import { CUSTOMERS } from './fixtures';

const DIRECTORIES = {
  id: 'as2',
  name: 'Directories',
  description: 'LDAP, Azure and REST user directories of a customer',
  resourceType: 'directories',
  actions: ['view', 'modify', 'create', 'delete', 'configure'],
  scope: 'customer',
};

const serveAssets = () => {
  const searches: unknown[] = [];
  const updates: unknown[] = [];
  server.use(
    http.post(`${API}/account/asset/search`, async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ contents: [CUSTOMERS, DIRECTORIES], totalElements: 2 });
    }),
    http.get(`${API}/account/asset/:id`, ({ params }) =>
      HttpResponse.json([CUSTOMERS, DIRECTORIES].find((row) => row.id === params.id)),
    ),
    http.put(`${API}/account/asset/:id`, async ({ request, params }) => {
      const body = (await request.json()) as object;
      updates.push(body);
      return HttpResponse.json({ ...CUSTOMERS, ...body, id: params.id });
    }),
  );
  return { searches, updates };
};

const admin = (path: string, permissions = ['asset:view', 'asset:modify', 'asset:configure']) =>
  renderAdmin({
    path,
    permissions,
    children: [
      ...resourcesOf(asset),
      <CustomRoutes key="pages">
        <Route path="/asset/:assetId/permission" element={<p>permission page</p>} />
      </CustomRoutes>,
    ],
  });

describe('the permission assets', () => {
  it('lists the assets with their resource type, actions and scope, and sends the filters', async () => {
    const { searches } = serveAssets();
    const { user } = admin('/asset');
    const row = (await screen.findByText('Directories')).closest('tr')!;
    expect(within(row).getByText('directories')).toBeInTheDocument();
    for (const action of ['View', 'Modify', 'Create', 'Delete', 'Configure'])
      expect(within(row).getByText(action)).toBeInTheDocument();
    expect(within(row).getByText('Customer')).toBeInTheDocument();
    expect(within(screen.getByText('Customers').closest('tr')!).getByText('Provider')).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    expect(searches[0]).toEqual({ page: 0, limit: 10, filters: {}, sort: { field: 'name', order: 'ASC' } });
    await fill(user, screen.getByPlaceholderText('Search'), 'dir');
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ filters: { q: 'dir', scope: 'customer' } }));
  });

  it("opens an asset's permission matrix from its row", async () => {
    serveAssets();
    const { user } = admin('/asset');
    const row = (await screen.findByText('Customers')).closest('tr')!;
    await user.click(await within(row).findByRole('link', { name: 'Permissions' }));
    expect(await screen.findByText('permission page')).toBeInTheDocument();
  });

  it('shows an asset with its Permissions button', async () => {
    serveAssets();
    const { user } = admin('/asset/as1/show');
    expect(await screen.findByText('Customer companies of the provider')).toBeInTheDocument();
    expect(screen.getByText('Provider')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Permissions' }));
    expect(await screen.findByText('permission page')).toBeInTheDocument();
  });

  it('offers no edit without the modify permission', async () => {
    serveAssets();
    admin('/asset', ['asset:view']);
    const row = (await screen.findByText('Customers')).closest('tr')!;
    expect(await within(row).findByRole('link', { name: 'Permissions' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('edits the name and description only', async () => {
    const { updates } = serveAssets();
    const { user } = admin('/asset/as1');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Customers'));
    await user.clear(name);
    await save(user);
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await fill(user, name, 'Customer companies');
    await save(user);
    expect(await screen.findByText('Permission asset updated')).toBeInTheDocument();
    expect(updates).toEqual([
      { name: 'Customer companies', description: 'Customer companies of the provider' },
    ]);
  });
});
