import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import asset from '../../../src/resources/asset';
import { operator, renderAdmin, resourcesOf, save, sessionUser } from '../harness';
import { API, server } from '../msw';
import { expectCancelToLeave, expectCancelToStay, stubConfirm } from '../unsavedChanges';
import { CUSTOMERS } from './fixtures';

const PERMISSION = {
  assetId: 'as1',
  resourceType: 'customer',
  actions: ['view', 'create', 'modify', 'configure'],
  rolePermissionDetails: [
    {
      roleId: 'r1',
      roleName: 'operators',
      displayName: 'Operators',
      scope: 'provider',
      actions: ['view', 'modify'],
    },
    { roleId: 'r2', roleName: 'support', displayName: 'Support', scope: 'provider', actions: [] },
    { roleId: 'r3', roleName: 'auditors', displayName: 'Auditors', scope: 'provider', actions: ['view'] },
    {
      roleId: 'r4',
      roleName: 'customer-admin',
      displayName: 'Customer admins',
      scope: 'customer',
      actions: [],
    },
  ],
};

const WHO_CAN = [
  {
    action: 'view',
    total: 102,
    accounts: [
      { id: 'a1', email: 'ann@provider.test', name: 'Ann Lee', customerName: null },
      { id: 'a2', email: 'bo@acme.test', name: 'Bo Chen', customerName: 'Acme' },
    ],
  },
  { action: 'create', total: 0, accounts: [] },
  {
    action: 'modify',
    total: 1,
    accounts: [{ id: 'a1', email: 'ann@provider.test', name: 'Ann Lee', customerName: null }],
  },
  { action: 'configure', total: 0, accounts: [] },
];

const serve = (saveAnswer?: { status: number; json: object }) => {
  const saved: unknown[] = [];
  server.use(
    http.get(`${API}/account/asset/as1/who-can`, () => HttpResponse.json(WHO_CAN)),
    http.get(`${API}/account/asset/as1`, () => HttpResponse.json(CUSTOMERS)),
    http.get(`${API}/account/asset/as1/permission`, () => HttpResponse.json(PERMISSION)),
    http.post(`${API}/account/asset/as1/permission`, async ({ request }) => {
      const body = (await request.json()) as {
        rolePermissionDetails: { roleId: string; actions: string[] }[];
      };
      saved.push(body);
      if (saveAnswer) return HttpResponse.json(saveAnswer.json, { status: saveAnswer.status });
      const changed = new Map(body.rolePermissionDetails.map((detail) => [detail.roleId, detail.actions]));
      return HttpResponse.json({
        ...PERMISSION,
        rolePermissionDetails: PERMISSION.rolePermissionDetails.map((role) => ({
          ...role,
          actions: changed.get(role.roleId) ?? role.actions,
        })),
      });
    }),
  );
  return saved;
};

const CONFIGURE = ['asset:view', 'asset:configure'];

const open = (permissions = CONFIGURE) =>
  renderAdmin({
    path: '/asset/as1/permission',
    permissions,
    // The page is a route of the asset resource itself.
    children: resourcesOf(asset),
  });

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('the permission matrix of an asset', () => {
  it('shows the asset, and one row per role with the actions it holds', async () => {
    serve();
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Permissions: Customers' })).toBeInTheDocument();
    expect(screen.getByText('Resource type: customer')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Signed-in users see a change at their next permission reload, within 3 minutes; the server applies it at once.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Actions each role holds on this asset' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Role', 'Name', 'Scope', 'All', 'View', 'Create', 'Modify', 'Configure']);
    const operators = within(table).getByRole('row', { name: /^Operators/ });
    expect(within(operators).getByText('operators')).toBeInTheDocument();
    expect(box('View for Operators')).toBeChecked();
    expect(box('Create for Operators')).not.toBeChecked();
    expect(box('Modify for Operators')).toBeChecked();
    expect((box('All actions for Operators') as HTMLInputElement).indeterminate).toBe(true);
    expect(box('All actions for Operators')).not.toHaveAttribute('aria-checked');
    // A customer-scope role cannot hold this provider-only resource.
    expect(box('View for Customer admins')).toBeDisabled();
    expect(box('All actions for Customer admins')).toBeDisabled();
    await user.hover(within(table).getByRole('row', { name: /^Customer admins/ }));
    expect(
      await screen.findByRole('tooltip', {
        name: 'A customer-scope role cannot hold permissions on this provider-only resource.',
      }),
    ).toBeInTheDocument();
  });

  it('saves exactly the changed roles with their actions, once something changed', async () => {
    const saved = serve();
    const { user } = open();
    await screen.findByRole('table');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(box('Create for Operators'));
    await user.click(box('All actions for Support'));
    await user.click(box('Configure for Auditors'));
    await user.click(box('Configure for Auditors'));
    expect(screen.getByText('2 roles changed')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        assetId: 'as1',
        rolePermissionDetails: [
          { roleId: 'r1', actions: ['view', 'create', 'modify'] },
          { roleId: 'r2', actions: ['view', 'create', 'modify', 'configure'] },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(box('Create for Operators')).toBeChecked();
    expect(box('All actions for Support')).toBeChecked();
  });

  it('disables Save again when a change is undone', async () => {
    serve();
    const { user } = open();
    await screen.findByRole('table');
    await user.click(box('View for Operators'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(box('View for Operators'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's message when the save is refused", async () => {
    serve({
      status: 400,
      json: {
        messageKey: 'error.account.roleScope',
        message: 'A customer-scope role cannot hold a provider-only resource.',
      },
    });
    const { user } = open();
    await screen.findByRole('table');
    await user.click(box('Create for Operators'));
    await save(user);
    // The catalogue's text for the server's messageKey.
    expect(
      await screen.findByText('The selected roles cannot be given to this account.'),
    ).toBeInTheDocument();
    expect(box('Create for Operators')).toBeChecked();
  });

  it('is read-only without the configure permission', async () => {
    serve();
    open(['asset:view']);
    await screen.findByRole('table');
    expect(box('View for Operators')).toBeDisabled();
    expect(box('All actions for Support')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'You can view these permissions. Changing them needs the configure permission on assets.',
      ),
    ).toBeInTheDocument();
  });

  it('goes back to the assets with Cancel', async () => {
    serve();
    server.use(
      http.post(`${API}/account/asset/search`, () =>
        HttpResponse.json({ contents: [CUSTOMERS], totalElements: 1 }),
      ),
    );
    const { user } = open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('1-1 of 1')).toBeInTheDocument();
  });

  it('asks before taking actions away from a role the signed-in operator holds', async () => {
    const saved = serve();
    const me = sessionUser({ roleIds: ['r1'] });
    const { user } = renderAdmin({
      path: '/asset/as1/permission',
      permissions: CONFIGURE,
      session: { ...operator, user: me },
      children: resourcesOf(asset),
    });
    await screen.findByRole('table');
    // Giving more to one's own role, or changing another role, asks nothing.
    await user.click(box('Create for Operators'));
    await user.click(box('View for Support'));
    await save(user);
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(saved).toHaveLength(1);

    await user.click(box('Modify for Operators'));
    await save(user);
    const dialog = await screen.findByRole('dialog', { name: 'Remove your own permissions?' });
    expect(dialog).toHaveTextContent(
      'This change takes actions on customer away from roles you hold: Operators (Modify). Unless another of your roles grants them, you lose them at your next permission reload.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toHaveLength(1);
    expect(box('Modify for Operators')).not.toBeChecked();

    await save(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({
      assetId: 'as1',
      rolePermissionDetails: [{ roleId: 'r1', actions: ['view', 'create'] }],
    });
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    serve();
    const confirm = stubConfirm();
    const { user, pathname } = open();
    await screen.findByRole('table');
    await user.click(box('Create for Operators'));
    const leaving = { user, confirm, pathname, cancel: 'button' } as const;
    await expectCancelToStay(leaving, '/asset/as1/permission');
    expect(box('Create for Operators')).toBeChecked();
    await expectCancelToLeave(leaving, '/asset');
  });

  it('says who can do each action: the accounts, their number, and nobody where none', async () => {
    serve();
    open();
    const table = await screen.findByRole('table', { name: 'Who can' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ActionAccounts',
      'View102 accountsann@provider.test, bo@acme.test (Acme) and 100 more',
      'Create0 accountsNobody',
      'Modify1 accountann@provider.test',
      'Configure0 accountsNobody',
    ]);
  });
});
