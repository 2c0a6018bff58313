import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import role from '../../../src/resources/role';
import { expectDoubleClickToEdit, expectNoneOf, expectRowToShow, firstSearch } from '../expectations';
import { refuseCall, savingPut } from '../fakeServer';
import {
  acceptConfirmationOf,
  fill,
  input,
  recordRequests,
  refill,
  renderAdmin,
  resourcesOf,
  row,
  save,
} from '../harness';
import { API, server } from '../msw';

const OPERATOR = {
  id: 'r1',
  name: 'operator',
  displayName: 'Operator',
  description: 'Runs the provider',
  scope: 'provider',
  customerId: null,
  builtIn: false,
  accountCount: 2,
};
const CUSTOMER_ADMIN = {
  id: 'r3',
  name: 'customer-admin',
  displayName: 'Customer Admin',
  description: '',
  scope: 'customer',
  customerId: null,
  builtIn: false,
  accountCount: 0,
};
const PROVIDER_ADMIN = {
  id: 'r0',
  name: 'provider_admin',
  displayName: 'Provider Administrator',
  description: 'Every permission',
  scope: 'provider',
  customerId: null,
  builtIn: true,
  accountCount: 1,
};

const HOLDERS = [
  {
    id: 'r1:a1',
    roleId: 'r1',
    accountId: 'a1',
    email: 'ann@provider.test',
    firstName: 'Ann',
    lastName: 'Lee',
    status: 'ACTIVE',
    customerName: null,
  },
  {
    id: 'r1:a2',
    roleId: 'r1',
    accountId: 'a2',
    email: 'bob@provider.test',
    firstName: 'Bob',
    lastName: 'Tran',
    status: 'INACTIVE',
    customerName: null,
  },
];

const ALL = ['role:view', 'role:create', 'role:modify', 'role:configure'];

/** The server's roles: the search, one role, and the accounts holding each (account_role). */
const answerRoles = (contents = [OPERATOR, CUSTOMER_ADMIN], holders = HOLDERS) =>
  server.use(
    http.post(`${API}/account/role/search`, () =>
      HttpResponse.json({ contents, totalElements: contents.length }),
    ),
    http.get(`${API}/account/role/:id`, ({ params }) => {
      const found = [...contents, PROVIDER_ADMIN].find((one) => one.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ messageKey: 'x' }, { status: 404 });
    }),
    http.get(`${API}/account/account_role`, ({ request }) => {
      const roleId = new URL(request.url).searchParams.get('roleId');
      const rows = holders.filter((row) => row.roleId === roleId);
      return HttpResponse.json({ content: rows, totalElements: rows.length });
    }),
  );

const CAROL = {
  id: 'a3',
  email: 'carol@provider.test',
  firstName: 'Carol',
  lastName: 'Vo',
  status: 'ACTIVE',
};
const DAN = { id: 'a4', email: 'dan@acme.test', firstName: 'Dan', lastName: 'Do', status: 'ACTIVE' };
const ACME = { id: 'c1', companyName: 'Acme Corp' };

/** The pickers' answers: customers, and accounts (the customer's when the search names one). */
const answerPickers = () =>
  server.use(
    http.post(`${API}/customer/search`, () => HttpResponse.json({ contents: [ACME], totalElements: 1 })),
    http.post(`${API}/customer/get-customers-detail`, () => HttpResponse.json([ACME])),
    http.post(`${API}/account/search`, async ({ request }) => {
      const { filters } = (await request.json()) as { filters: { customerId?: string } };
      const contents = filters.customerId === 'c1' ? [DAN] : [CAROL];
      return HttpResponse.json({ contents, totalElements: contents.length });
    }),
    http.get(`${API}/account/:id`, ({ params }) =>
      HttpResponse.json([CAROL, DAN].find((one) => one.id === params.id)),
    ),
    http.post(`${API}/account/role/add_account`, async ({ request }) =>
      HttpResponse.json(await request.json()),
    ),
    http.post(`${API}/account/role/remove_account`, async ({ request }) =>
      HttpResponse.json(await request.json()),
    ),
  );

const renderAt = (path: string, permissions = ALL) => {
  answerPickers();
  answerRoles(); // after the pickers: its account_role answer comes before their /account/:id
  return renderAdmin({ path, permissions, children: resourcesOf(role) });
};

const searches = (sent: { path: string; body: unknown }[]) =>
  sent.filter((request) => request.path === '/account/role/search').map((request) => request.body);

describe('the role list', () => {
  it('shows each role with its scope and number of accounts', async () => {
    const sent = recordRequests();
    renderAt('/role');
    expect(await screen.findByText('operator')).toBeInTheDocument();
    expectRowToShow('operator', 'Operator', 'Provider', '2');
    expect(within(row('customer-admin')).getByText('Customer')).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    expect(searches(sent)[0]).toEqual(firstSearch('name', 'ASC'));
  });

  it('filters by text and scope on the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/role');
    await screen.findByText('operator');
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ filters: { scope: 'customer' } }));
    await fill(user, screen.getByPlaceholderText('Search'), 'admin');
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({ filters: { scope: 'customer', q: 'admin' } }),
    );
  });

  it('opens the edit page on a double-click of a row', async () => {
    await expectDoubleClickToEdit(renderAt('/role'), 'customer-admin', '/role/r3', 'Customer Admin');
  });

  it('shows a viewer neither Create nor Edit', async () => {
    renderAt('/role', ['role:view']);
    await screen.findByText('operator');
    expect(await within(row('operator')).findByRole('link', { name: 'Show' })).toBeInTheDocument();
    expectNoneOf({ links: ['Create', 'Edit'] });
  });
});

describe('the role forms', () => {
  it('names the missing and malformed fields verbatim', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/role/create');
    await fill(user, await screen.findByLabelText('Name *', { selector: 'input' }), 'ops/admin');
    await save(user);
    expect(
      await screen.findByText('The name may contain only letters, digits, spaces, _, - and .'),
    ).toBeInTheDocument();
    expect(screen.getByText('Display name is required.')).toBeInTheDocument();
    expect(screen.getByText('Scope is required.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name *', { selector: 'input' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/account/role/create')).toEqual([]);
  });

  it('creates a role with its scope, then shows it', async () => {
    const sent = recordRequests();
    server.use(
      http.post(`${API}/account/role/create`, () => HttpResponse.json({ id: 'r1' }, { status: 201 })),
    );
    const { user, pathname } = renderAt('/role/create');
    await fill(user, await screen.findByLabelText('Name *', { selector: 'input' }), 'operator');
    await fill(user, input('Display name'), 'Operator');
    await fill(user, screen.getByLabelText('Description'), 'Runs the provider');
    await user.click(screen.getByRole('combobox', { name: /Scope/ }));
    await user.click(await screen.findByRole('option', { name: 'Provider' }));
    await save(user);
    expect(await screen.findByText('Role created')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/role/r1/show'));
    expect(sent.find((request) => request.path === '/account/role/create')?.body).toEqual({
      name: 'operator',
      displayName: 'Operator',
      description: 'Runs the provider',
      scope: 'provider',
    });
  });

  it('says when the name is taken', async () => {
    refuseCall('post', `${API}/account/role/create`, {
      status: 409,
      messageKey: 'error.role.nameExisted',
      message: 'Role name already existed.',
    });
    const { user } = renderAt('/role/create');
    await fill(user, await screen.findByLabelText('Name *', { selector: 'input' }), 'operator');
    await fill(user, input('Display name'), 'Operator');
    await user.click(screen.getByRole('combobox', { name: /Scope/ }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await save(user);
    expect(await screen.findByText('Role name already existed.')).toBeInTheDocument();
  });

  it('edits a role without changing its scope', async () => {
    const sent = recordRequests();
    server.use(savingPut(`${API}/account/role/r1`, OPERATOR));
    const { user, pathname } = renderAt('/role/r1');
    const displayName = await screen.findByDisplayValue('Operator');
    await user.click(screen.getByRole('combobox', { name: /Scope/ }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await refill(user, displayName, 'Provider operator');
    await save(user);
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/role/r1/show'));
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/account/role/r1',
      body: { name: 'operator', displayName: 'Provider operator', description: 'Runs the provider' },
    });
  });

  it('deletes a role no account holds, after confirmation', async () => {
    const sent = recordRequests();
    server.use(http.delete(`${API}/account/role/r3`, () => HttpResponse.json({ id: 'r3' })));
    const { user, pathname } = renderAt('/role/r3/show');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await acceptConfirmationOf(user, 'Do you want to delete the role Customer Admin?');
    expect(await screen.findByText('Role deleted')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/role'));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/account/role/r3',
    ]);
  });

  it("shows the server's refusal when a role was taken into use meanwhile", async () => {
    refuseCall('delete', `${API}/account/role/r3`, {
      status: 409,
      messageKey: 'error.record.inUse',
      message: 'in use',
    });
    const { user, pathname } = renderAt('/role/r3/show');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('Some of the selected records are still in use and cannot be deleted.'),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/role/r3/show');
  });

  it.each([
    [
      'a role accounts hold',
      'r1',
      'Accounts still hold this role: remove them from it first (Accounts tab).',
    ],
    ['a built-in role', 'r0', 'This role is part of the product and cannot be deleted.'],
  ])('does not offer to delete %s, and says why', async (_, id, reason) => {
    const sent = recordRequests();
    const { user } = renderAt(`/role/${id}/show`);
    const button = await screen.findByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  it("keeps a built-in role's name as it is, and says why", async () => {
    renderAt('/role/r0');
    const name = await screen.findByDisplayValue('provider_admin');
    expect(name).toHaveAttribute('readonly');
    expect(
      screen.getByText('This role is part of the product: its name cannot be changed.'),
    ).toBeInTheDocument();
    expect(screen.getByDisplayValue('Provider Administrator')).not.toHaveAttribute('readonly');
  });

  it('keeps the edit and delete buttons from a viewer', async () => {
    renderAt('/role/r1/show', ['role:view']);
    expect(await screen.findByText('Runs the provider')).toBeInTheDocument();
    expectNoneOf({ links: ['Edit'], buttons: ['Delete'] });
  });
});

describe("a role's Accounts tab", () => {
  it('lists the accounts holding the role', async () => {
    const sent = recordRequests();
    renderAt('/role/r1/show/accounts');
    expect(await screen.findByText('ann@provider.test')).toBeInTheDocument();
    expect(within(row('ann@provider.test')).getByText('Ann')).toBeInTheDocument();
    expect(within(row('bob@provider.test')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    expect(sent.find((request) => request.path.startsWith('/account/account_role'))?.path).toBe(
      '/account/account_role?page=0&pageSize=10&roleId=r1',
    );
  });

  it('adds provider accounts to a provider role', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/role/r1/show/accounts');
    await screen.findByText('ann@provider.test');
    await user.click(await screen.findByRole('button', { name: 'Add accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add accounts to Operator' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Accounts' }));
    await user.click(await screen.findByRole('option', { name: 'carol@provider.test' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add accounts' }));
    expect(await screen.findByText('1 account added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((request) => request.path === '/account/search')?.body).toMatchObject({ filters: {} });
    expect(sent.find((request) => request.path === '/account/role/add_account')?.body).toEqual({
      roleId: 'r1',
      accountIds: ['a3'],
    });
    await waitFor(() =>
      expect(sent.filter((request) => request.path.startsWith('/account/account_role'))).toHaveLength(2),
    );
  });

  it("adds a chosen customer's accounts to a customer role", async () => {
    const sent = recordRequests();
    const { user } = renderAt('/role/r3/show/accounts');
    expect(await screen.findByText('No account holds this role yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add accounts to Customer Admin' });
    expect(within(dialog).queryByRole('combobox', { name: 'Accounts' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Corp' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Accounts' }));
    await user.click(await screen.findByRole('option', { name: 'dan@acme.test' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add accounts' }));
    expect(await screen.findByText('1 account added')).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/account/search')?.body).toMatchObject({
      filters: { customerId: 'c1' },
    });
    expect(sent.find((request) => request.path === '/account/role/add_account')?.body).toEqual({
      roleId: 'r3',
      accountIds: ['a4'],
    });
  });

  it('removes an account from the role after confirmation', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/role/r1/show/accounts');
    await screen.findByText('bob@provider.test');
    await user.click(await within(row('bob@provider.test')).findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Do you want to remove bob@provider.test from the role Operator?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('1 account removed')).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/account/role/remove_account')?.body).toEqual({
      roleId: 'r1',
      accountIds: ['a2'],
    });
  });

  it('lets only holders of role:configure add and remove accounts', async () => {
    renderAt('/role/r1/show/accounts', ['role:view']);
    expect(await screen.findByText('ann@provider.test')).toBeInTheDocument();
    expectNoneOf({ buttons: ['Add accounts', 'Remove'] });
  });
});
