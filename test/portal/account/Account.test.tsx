import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import account from '../../../src/resources/account';
import type { Session } from '../../../src/session';
import { expectDoubleClickToEdit, expectNoneOf, expectRowToShow, firstSearch } from '../expectations';
import { refuseCall, savingPut } from '../fakeServer';
import {
  bulkButton,
  captureDownloads,
  customerAdmin,
  fill,
  input,
  operator,
  operatorInside,
  recordRequests,
  refill,
  renderAdmin,
  resourcesOf,
  row,
  save,
  sessionUser,
} from '../harness';
import { API, server } from '../msw';

const ROLES = [
  { id: 'r1', name: 'operator', displayName: 'Operator', scope: 'provider' },
  { id: 'r2', name: 'auditor', displayName: 'Auditor', scope: 'provider' },
  { id: 'r3', name: 'customer-admin', displayName: 'Customer Admin', scope: 'customer' },
];

const ANN = {
  id: 'a1',
  email: 'ann@provider.test',
  firstName: 'Ann',
  lastName: 'Lee',
  mobilePhone: '+84 90 111',
  organization: 'Provider Ops',
  address: null,
  contactNumber: null,
  otherInfo: null,
  avatar: null,
  enable2fa: false,
  status: 'ACTIVE',
  customerId: null,
  customerName: null,
  isCustomerRoot: false,
  roleIds: ['r1', 'r2'],
  roles: [ROLES[0], ROLES[1]],
  createdDate: '2024-03-05T10:00:00.000Z',
};

const BOB = {
  ...ANN,
  id: 'a2',
  email: 'bob@provider.test',
  firstName: 'Bob',
  lastName: 'Tran',
  status: 'INACTIVE',
  roleIds: ['r2'],
  roles: [ROLES[1]],
  createdDate: '2024-06-01T10:00:00.000Z',
};

/** The server's answers: the account search, one account, and the assignable roles of a scope. */
const answerAccounts = (contents: object[] = [ANN, BOB], totalElements = contents.length) =>
  server.use(
    http.post(`${API}/account/search`, () => HttpResponse.json({ contents, totalElements })),
    http.get(`${API}/account/:id`, ({ params }) => {
      const found = contents.find((one) => (one as { id: string }).id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ messageKey: 'x' }, { status: 404 });
    }),
    http.get(`${API}/account/role/all`, ({ request }) => {
      const scope = new URL(request.url).searchParams.get('scope');
      return HttpResponse.json(scope ? ROLES.filter((role) => role.scope === scope) : ROLES);
    }),
  );

/** The fields of an account that its form sends: all but what the server keeps to itself. */
const editableOf = ({
  id,
  status,
  customerId,
  customerName,
  isCustomerRoot,
  roles,
  createdDate,
  ...editable
}: typeof ANN) => editable;

const ALL = ['account:view', 'account:create', 'account:modify'];

const PHONE =
  'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).';

interface Options {
  permissions?: string[];
  session?: Partial<Session>;
  accounts?: object[];
}

const renderAt = (path: string, { permissions = ALL, session, accounts }: Options = {}) => {
  answerAccounts(accounts);
  return renderAdmin({ path, permissions, session, children: resourcesOf(account) });
};

const searches = (sent: { path: string; body: unknown }[]) =>
  sent.filter((request) => request.path === '/account/search').map((request) => request.body);

const pickRoles = async (user: UserEvent, names: string[]) => {
  await user.click(await screen.findByRole('combobox', { name: /Roles/ }));
  const listbox = await screen.findByRole('listbox');
  for (const name of names) await user.click(within(listbox).getByRole('option', { name }));
  await user.keyboard('{Escape}');
};

const fillRequired = async (user: UserEvent) => {
  await fill(user, await screen.findByLabelText('Email *', { selector: 'input' }), 'cy@provider.test');
  await fill(user, input('First name'), 'Cy');
  await fill(user, input('Last name'), 'Pham');
  await fill(user, input('Mobile phone'), '+84 90 222 3333');
};

describe('the account list', () => {
  it("shows the provider's accounts with their roles as chips and the total", async () => {
    const sent = recordRequests();
    renderAt('/account');
    expect(await screen.findByText('ann@provider.test')).toBeInTheDocument();
    expectRowToShow('ann@provider.test', 'Ann', 'Lee', 'Operator', 'Auditor', 'Active', '05/03/2024');
    expect(within(row('bob@provider.test')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    expect(searches(sent)[0]).toEqual(firstSearch('createdDate', 'DESC'));
  });

  it("searches the chosen customer's accounts in customer scope", async () => {
    const sent = recordRequests();
    const { user } = renderAt('/account', { session: operatorInside });
    await screen.findByText('ann@provider.test');
    expect(searches(sent)[0]).toMatchObject({ filters: { customerId: 'c1' } });
    await fill(user, screen.getByPlaceholderText('Search'), 'ann');
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({ filters: { customerId: 'c1', q: 'ann' } }),
    );
  });

  it("exports the chosen customer's accounts the search matches, naming the customer in the query", async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${API}/account/search/export/csv`, ({ request }) => {
        asked.push(new URL(request.url));
        return new HttpResponse('id,email\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="account.csv"',
          },
        });
      }),
    );
    const { saved } = captureDownloads();
    const { user } = renderAt('/account', { session: operatorInside });
    await screen.findByText('ann@provider.test');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (spreadsheet)' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.searchParams.get('customerId')).toBe('c1');
    expect(JSON.parse(asked[0]!.searchParams.get('filter')!)).toEqual({ customerId: 'c1' });
    await waitFor(() => expect(saved).toEqual(['account.csv']));
  });

  it('deactivates the selected accounts after confirmation, one call each', async () => {
    const sent = recordRequests();
    server.use(http.post(`${API}/account/deactivate`, () => HttpResponse.json({ success: true })));
    const { user } = renderAt('/account');
    await screen.findByText('ann@provider.test');
    await user.click(within(row('ann@provider.test')).getByRole('checkbox'));
    await user.click(within(row('bob@provider.test')).getByRole('checkbox'));
    await screen.findByText('2 items selected');
    await user.click(bulkButton('Deactivate'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('2 accounts deactivated')).toBeInTheDocument();
    expect(
      sent.filter((request) => request.path === '/account/deactivate').map((request) => request.body),
    ).toEqual([{ id: 'a1' }, { id: 'a2' }]);
  });

  it("does not offer to deactivate one's own account, and says why", async () => {
    const sent = recordRequests();
    const { user } = renderAt('/account', { session: { ...operator, user: sessionUser({ id: ANN.id }) } });
    await screen.findByText('ann@provider.test');
    // The button is drawn anew once the signed-in identity is known (it then says why it is refused).
    const ownButton = () => within(row('ann@provider.test')).getByRole('button', { name: 'Deactivate' });
    await waitFor(() => expect(ownButton()).toHaveAttribute('aria-disabled', 'true'));
    const own = ownButton();
    await user.hover(own);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot deactivate your own account.');
    await user.click(own);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('bob@provider.test')).getByRole('button', { name: 'Activate' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(sent.filter((request) => request.path === '/account/deactivate')).toEqual([]);
  });

  it('opens the edit page on a double-click of a row', async () => {
    await expectDoubleClickToEdit(renderAt('/account'), 'bob@provider.test', '/account/a2', 'Tran');
  });

  it('shows a viewer neither Create nor activation', async () => {
    renderAt('/account', { permissions: ['account:view'] });
    await screen.findByText('ann@provider.test');
    expectNoneOf({ links: ['Create'], buttons: [/Activate|Deactivate/], noCheckbox: true });
  });
});

describe('the account forms', () => {
  it('names the missing and malformed fields verbatim', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/account/create');
    await fill(user, await screen.findByLabelText('Email *', { selector: 'input' }), 'cy@');
    await save(user);
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Account Role is required')).toBeInTheDocument();
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Mobile phone is required.')).toBeInTheDocument();
    await user.clear(input('Email'));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path.startsWith('/account/create'))).toEqual([]);
  });

  it('offers the provider roles, creates the account, and shows its initial password once', async () => {
    const sent = recordRequests();
    server.use(
      http.post(`${API}/account/create_account_organization`, () =>
        HttpResponse.json({ id: 'a9', initialPassword: 'Init1al-Pass' }),
      ),
    );
    const { user, pathname } = renderAt('/account/create');
    await fillRequired(user);
    await user.click(await screen.findByRole('combobox', { name: /Roles/ }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Operator', 'Auditor']);
    await user.keyboard('{Escape}');
    await pickRoles(user, ['Operator', 'Auditor']);
    await fill(user, input('Organization'), 'Provider Ops');
    await user.click(screen.getByLabelText('Enable 2FA'));
    await save(user);

    const dialog = await screen.findByRole('dialog', { name: 'Account created' });
    expect(
      within(dialog).getByText(
        'The initial password of cy@provider.test is shown only once. Give it to the user: they must change it at their first sign-in.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Initial password')).toHaveValue('Init1al-Pass');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Init1al-Pass');
    expect(await screen.findByText('The initial password is copied.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(pathname()).toBe('/account'));

    expect(sent.find((request) => request.path === '/account/role/all?scope=provider')).toBeDefined();
    expect(sent.find((request) => request.path === '/account/create_account_organization')?.body).toEqual({
      email: 'cy@provider.test',
      firstName: 'Cy',
      lastName: 'Pham',
      mobilePhone: '+84 90 222 3333',
      roleIds: ['r1', 'r2'],
      organization: 'Provider Ops',
      enable2fa: true,
    });
  });

  it("creates a customer admin's accounts in its own customer, with customer roles", async () => {
    const sent = recordRequests();
    server.use(
      http.post(`${API}/account/create_account_organization`, () =>
        HttpResponse.json({ id: 'a9', initialPassword: 'Init1al-Pass' }),
      ),
    );
    const { user } = renderAt('/account/create', { session: customerAdmin });
    await fillRequired(user);
    await pickRoles(user, ['Customer Admin']);
    await save(user);
    expect(await screen.findByRole('dialog', { name: 'Account created' })).toBeInTheDocument();
    expect(
      sent.find((request) => request.path === '/account/create_account_organization')?.body,
    ).toMatchObject({
      roleIds: ['r3'],
      customerId: 'c1',
    });
  });

  it("shows the server's refusal of the roles", async () => {
    refuseCall('post', `${API}/account/create_account_organization`, {
      status: 400,
      messageKey: 'error.account.rolesDuplicated',
      message: 'Selected roles are duplicated',
    });
    const { user } = renderAt('/account/create');
    await fillRequired(user);
    await pickRoles(user, ['Operator']);
    await save(user);
    expect(await screen.findByText('Selected roles are duplicated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Account created' })).not.toBeInTheDocument();
  });

  it('refuses duplicated roles before calling the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/account/a1', {
      accounts: [{ ...ANN, roleIds: ['r1', 'r1'], roles: [ANN.roles[0]] }],
    });
    const firstName = await screen.findByDisplayValue('Ann');
    await fill(user, firstName, 'e');
    await save(user);
    expect(await screen.findByText('Selected roles are duplicated')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('loads an account, shows its status, and saves the edited fields', async () => {
    const sent = recordRequests();
    server.use(savingPut(`${API}/account/a1`, ANN));
    const { user, pathname } = renderAt('/account/a1');
    const lastName = await screen.findByDisplayValue('Lee');
    expect(screen.getByText('Active')).toBeInTheDocument();
    await refill(user, lastName, 'Nguyen');
    await save(user);
    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/account'));
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/account/a1',
      body: { ...editableOf(ANN), lastName: 'Nguyen' },
    });
  });

  it('says under their fields that a mobile phone and a contact number are not phones, and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/account/create');
    await fillRequired(user);
    await pickRoles(user, ['Operator']);
    await refill(user, input('Mobile phone'), '<b>+84 90 222 3333</b>');
    await fill(user, input('Contact number'), '090 222 3333');
    await save(user);
    await waitFor(() => expect(input('Mobile phone')).toHaveAccessibleDescription(PHONE));
    expect(input('Contact number')).toHaveAccessibleDescription(PHONE);
    expect(sent.filter((request) => request.path.startsWith('/account/create'))).toEqual([]);
  });

  const phoneRefused = (field: string) =>
    HttpResponse.json(
      { messageKey: 'error.phone.invalid', message: PHONE, params: { field } },
      { status: 400 },
    );

  it("says the server's refusal of a phone under its field on the create page", async () => {
    server.use(http.post(`${API}/account/create_account_organization`, () => phoneRefused('contactNumber')));
    const { user } = renderAt('/account/create');
    await fillRequired(user);
    await pickRoles(user, ['Operator']);
    await fill(user, input('Contact number'), '+84 28 1234 5678');
    await save(user);
    await waitFor(() => expect(input('Contact number')).toHaveAccessibleDescription(PHONE));
    expect(screen.queryByRole('dialog', { name: 'Account created' })).not.toBeInTheDocument();
  });

  it("says the server's refusal of a new mobile phone under its field on the edit page", async () => {
    server.use(http.put(`${API}/account/a1`, () => phoneRefused('mobilePhone')));
    const { user } = renderAt('/account/a1');
    await refill(user, await screen.findByDisplayValue('+84 90 111'), '+84 90 123 45 67');
    await save(user);
    await waitFor(() => expect(input('Mobile phone')).toHaveAccessibleDescription(PHONE));
  });

  it('shows an account with its roles and status', async () => {
    renderAt('/account/a1/show');
    expect(await screen.findByText('ann@provider.test')).toBeInTheDocument();
    expect(screen.getByText('Operator')).toBeInTheDocument();
    expect(screen.getByText('Auditor')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('shows its effective permissions: each allowed or not, with the roles that give it', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/account/a1/effective-permissions`, ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json([
          {
            resource: 'account',
            assetName: 'Accounts',
            action: 'view',
            allowed: true,
            roles: [
              { id: 'r2', name: 'Auditor' },
              { id: 'r1', name: 'Operator' },
            ],
          },
          { resource: 'account', assetName: 'Accounts', action: 'delete', allowed: false, roles: [] },
        ]);
      }),
    );
    const { user } = renderAt('/account/a1/show');
    await user.click(await screen.findByRole('tab', { name: 'Effective permissions' }));
    const table = await screen.findByRole('table', { name: 'Effective permissions' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((one) => one.textContent),
    ).toEqual([
      'Permission assetActionAllowedGiven by',
      'AccountsViewAllowedAuditor, Operator',
      'AccountsDeleteNot allowed',
    ]);
    expect(screen.getByText('1 of 2 permissions allowed')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Only what is allowed' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(asked).toEqual(['/api/account/a1/effective-permissions']);
  });
});
