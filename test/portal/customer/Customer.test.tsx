import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import customer from '../../../src/resources/customer';
import { SCOPE, sessionStore } from '../../../src/session';
import { expectDoubleClickToEdit, expectNoneOf, expectRowToShow, firstSearch } from '../expectations';
import { refuseCall, savingPut } from '../fakeServer';
import {
  acceptConfirmationOf,
  bulkButton,
  fill,
  input,
  recordRequests,
  renderAdmin,
  resourcesOf,
  row,
  save,
} from '../harness';
import { describeListStates } from '../listScenarios';
import { API, server } from '../msw';
import { expectCancelToStay, stubConfirm } from '../unsavedChanges';

const ACME = {
  id: 'c1',
  companyName: 'Acme Corp',
  contactEmail: 'ops@acme.test',
  contactPhone: '+84 28 1234',
  status: 'ACTIVE',
  logo: 'https://cdn.acme.test/logo.png',
  createdDate: '2024-03-05T10:00:00.000Z',
};
const GLOBEX = {
  id: 'c2',
  companyName: 'Globex',
  contactEmail: 'it@globex.test',
  contactPhone: '',
  status: 'INACTIVE',
  logo: null,
  createdDate: '2024-11-20T10:00:00.000Z',
};
const ALL = ['customer:view', 'customer:create', 'customer:modify'];

/** The server's customers: a search answering `contents` of `totalElements`, and each one by id. */
const renderAt = (
  path: string,
  { permissions = ALL, contents = [ACME, GLOBEX], totalElements = 12 } = {},
) => {
  server.use(
    http.post(`${API}/customer/search`, () => HttpResponse.json({ contents, totalElements })),
    http.get(`${API}/customer/:id`, ({ params }) =>
      HttpResponse.json([ACME, GLOBEX].find((one) => one.id === params.id)),
    ),
  );
  return renderAdmin({ path, permissions, children: resourcesOf(customer) });
};

const searches = (sent: { path: string; body: unknown }[]) =>
  sent.filter((request) => request.path === '/customer/search').map((request) => request.body);

describeListStates('the customer list', {
  render: ({ empty }) => renderAt('/customer', empty ? { contents: [], totalElements: 0 } : {}),
  call: { method: 'post', path: '/customer/search' },
  row: 'Acme Corp',
  empty: { title: 'No customers yet', next: { name: 'Create', to: '/customer/create' } },
  phone: ['Acme Corp', 'ops@acme.test'],
});

describe('the customer list', () => {
  it('shows the rows of the server answer with the total, newest first', async () => {
    const sent = recordRequests();
    renderAt('/customer');
    expect(await screen.findByText('Acme Corp')).toBeInTheDocument();
    const acme = row('Acme Corp');
    expectRowToShow('Acme Corp', 'ops@acme.test', '+84 28 1234', '05/03/2024', 'Active');
    expect(within(acme).getByRole('img', { name: 'Acme Corp' })).toHaveAttribute('src', ACME.logo);
    expect(within(row('Globex')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
    expect(searches(sent)[0]).toEqual(firstSearch('createdDate', 'DESC'));
  });

  it('sends the search text, the status filter and the sort to the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/customer');
    await screen.findByText('Acme Corp');
    await fill(user, screen.getByPlaceholderText('Search'), 'acme');
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ filters: { q: 'acme' } }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({ page: 0, filters: { q: 'acme', status: 'INACTIVE' } }),
    );
    await user.click(screen.getByRole('button', { name: /sort by company name/i }));
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({ sort: { field: 'companyName', order: 'ASC' } }),
    );
  });

  it('activates the selected customers after confirmation, one call each', async () => {
    const sent = recordRequests();
    server.use(http.post(`${API}/customer/activate`, () => HttpResponse.json({ success: true })));
    const { user } = renderAt('/customer');
    await screen.findByText('Acme Corp');
    // Each row's checkbox is named (on the input itself: the theme moves react-admin's label there).
    await user.click(within(row('Acme Corp')).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(within(row('Globex')).getByRole('checkbox', { name: 'Select this row' }));
    expect(row('Globex').querySelector('span[aria-label]')).toBeNull();
    expect(await screen.findByText('2 items selected')).toBeInTheDocument();
    await user.click(bulkButton('Activate'));
    await acceptConfirmationOf(user, 'Do you want to activate the 2 selected items?');
    expect(await screen.findByText('2 customers activated')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/customer/activate')).toEqual([
      { method: 'POST', path: '/customer/activate', body: { id: 'c1' } },
      { method: 'POST', path: '/customer/activate', body: { id: 'c2' } },
    ]);
  });

  it('offers Deactivate on an active row and Activate on an inactive one', async () => {
    const sent = recordRequests();
    server.use(http.post(`${API}/customer/deactivate`, () => HttpResponse.json({ success: true })));
    const { user } = renderAt('/customer');
    await screen.findByText('Acme Corp');
    expect(await within(row('Globex')).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(row('Globex')).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await user.click(within(row('Acme Corp')).getByRole('button', { name: 'Deactivate' }));
    await acceptConfirmationOf(user, 'Do you want to deactivate Acme Corp?');
    expect(await screen.findByText('1 customer deactivated')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/customer/deactivate')).toEqual([
      { method: 'POST', path: '/customer/deactivate', body: { id: 'c1' } },
    ]);
  });

  it('opens the edit page on a double-click of a row', async () => {
    await expectDoubleClickToEdit(renderAt('/customer'), 'it@globex.test', '/customer/c2', 'Globex');
  });

  it('shows a viewer neither Create nor the actions that change customers', async () => {
    renderAt('/customer', { permissions: ['customer:view'] });
    await screen.findByText('Acme Corp');
    expect(within(row('Acme Corp')).getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    expectNoneOf({ links: ['Create', 'Edit'], buttons: [/Activate|Deactivate/], noCheckbox: true });
  });
});

describe('the customer forms', () => {
  it('names the missing and malformed fields verbatim', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/customer/create');
    await fill(user, await screen.findByLabelText('Contact email *', { selector: 'input' }), 'not-an-email');
    await fill(user, input('Logo'), 'http://insecure.test/logo.png');
    await save(user);
    expect(await screen.findByText('Company name is required.')).toBeInTheDocument();
    expect(screen.getByText('The email address is invalid.')).toBeInTheDocument();
    expect(
      screen.getByText('The logo must be an https:// address or a data:image/ URL.'),
    ).toBeInTheDocument();
    await user.clear(input('Contact email'));
    expect(await screen.findByText('Contact email is required.')).toBeInTheDocument();
    await fill(user, input('Company name'), 'x'.repeat(201));
    expect(await screen.findByText('Must be 200 characters or less')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/customer/create')).toEqual([]);
  });

  it('creates a customer with its profile, previews the logo, and returns to the list', async () => {
    const sent = recordRequests();
    server.use(http.post(`${API}/customer/create`, () => HttpResponse.json({ id: 'c9' }, { status: 201 })));
    const { user, pathname } = renderAt('/customer/create');
    await fill(user, await screen.findByLabelText('Company name *', { selector: 'input' }), ' Initech ');
    await fill(user, input('Contact email'), 'it@initech.test');
    await fill(user, input('Contact phone'), '0123');
    await fill(user, input('Logo'), 'https://cdn.initech.test/logo.png');
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      'https://cdn.initech.test/logo.png',
    );
    await save(user);
    expect(await screen.findByText('Customer created')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/customer'));
    expect(sent.find((request) => request.path === '/customer/create')?.body).toEqual({
      companyName: 'Initech',
      contactEmail: 'it@initech.test',
      contactPhone: '0123',
      logo: 'https://cdn.initech.test/logo.png',
    });
  });

  it("shows the server's refusal", async () => {
    refuseCall('post', `${API}/customer/create`, {
      status: 400,
      messageKey: 'error.email.existed',
      message: 'Email already existed',
    });
    const { user } = renderAt('/customer/create');
    await fill(user, await screen.findByLabelText('Company name *', { selector: 'input' }), 'Initech');
    await fill(user, input('Contact email'), 'it@initech.test');
    await save(user);
    expect(await screen.findByText('Email already existed')).toBeInTheDocument();
  });

  it('loads a customer, and saves its profile with update_profile', async () => {
    const sent = recordRequests();
    server.use(savingPut(`${API}/customer/c2/update_profile`, GLOBEX));
    const { user, pathname } = renderAt('/customer/c2');
    const name = await screen.findByDisplayValue('Globex');
    await user.clear(name);
    await fill(user, name, 'Globex Corporation');
    await save(user);
    expect(await screen.findByText('Customer updated')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/customer'));
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/customer/c2/update_profile',
      body: {
        companyName: 'Globex Corporation',
        contactEmail: 'it@globex.test',
        contactPhone: '',
        logo: null,
      },
    });
  });

  it('cancels an edit back to the list', async () => {
    const { user, pathname } = renderAt('/customer/c2');
    await screen.findByDisplayValue('Globex');
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(pathname()).toBe('/customer'));
  });

  it('asks before leaving an edit with unsaved changes', async () => {
    const confirm = stubConfirm();
    const { user, pathname } = renderAt('/customer/c2');
    await fill(user, await screen.findByDisplayValue('Globex'), ' Ltd');
    await expectCancelToStay({ user, confirm, pathname }, '/customer/c2');
    expect(screen.getByDisplayValue('Globex Ltd')).toBeInTheDocument();
  });

  it('shows a customer with Edit, Manage and Activate; Manage enters its context', async () => {
    const { user, pathname } = renderAt('/customer/c2/show');
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    expect(screen.getByText('it@globex.test')).toBeInTheDocument();
    expect(screen.getByText('20/11/2024')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/customer/c2');
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    await waitFor(() => expect(pathname()).toBe('/report'));
    expect(sessionStore.get()).toMatchObject({
      customerId: 'c2',
      customerName: 'Globex',
      currentScope: SCOPE.CUSTOMER,
    });
  });

  it('keeps a viewer out of the create page', async () => {
    const { pathname } = renderAt('/customer/create', { permissions: ['customer:view'] });
    await waitFor(() => expect(pathname()).toBe('/access-denied'));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
