import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntryRecord } from '../../../contract/audit';
import { formatDate } from '../../../src/kit/dates';
import type { PortalFeature } from '../../../src/kit/feature';
import account from '../../../src/resources/account';
import audit from '../../../src/resources/audit';
import customer from '../../../src/resources/customer';
import { customerAdmin, operator, recordRequests, renderAdmin, resourcesOf, row } from '../harness';
import { API, server } from '../msw';

const RENAMED: AuditEntryRecord = {
  id: 'e1',
  table: 'Account',
  action: 'UPDATE',
  entityId: 'a7',
  entityName: 'Robert Lee',
  modifiedBy: 'ann@acme.test',
  modifiedById: 'a1',
  modifiedByName: 'Ann Archer',
  modifiedDate: '2024-05-02T08:30:00Z',
  changes: {
    firstName: { before: 'Bob', after: 'Robert' },
    password: { before: '••••••', after: '••••••' },
    roles: { before: null, after: ['auditor', 'customer_admin'] },
  },
};
const CREATED: AuditEntryRecord = {
  id: 'e2',
  table: 'Radius',
  action: 'CREATE',
  entityId: 'r1',
  entityName: 'Office VPN',
  modifiedBy: 'bob@acme.test',
  modifiedById: 'a2',
  modifiedByName: 'Bob Baker',
  modifiedDate: '2024-05-01T08:00:00Z',
  changes: { name: { before: null, after: 'Office VPN' } },
};

/** Serves the audit search of any customer: the entries whose table and record match the query. */
const serveAudit = (entries: AuditEntryRecord[]) =>
  http.get(`${API}/audit/:customerId/search`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const found = entries.filter(
      (entry) =>
        (!query.get('table') || entry.table === query.get('table')) &&
        (!query.get('entityId') || entry.entityId === query.get('entityId')),
    );
    return HttpResponse.json({ content: found, totalElements: found.length, page: 0, pageSize: 25 });
  });

const auditPaths = (sent: { path: string }[]) =>
  sent.map((one) => one.path).filter((path) => path.startsWith('/audit/'));

/** An operator with this permission and audit:view opens the History tab of the record at `path`. */
const openHistory = async (path: string, permission: string, feature: PortalFeature) => {
  const { user } = renderAdmin({
    path,
    permissions: [permission, 'audit:view'],
    session: operator,
    children: [...resourcesOf(feature), ...resourcesOf(audit)],
  });
  await user.click(await screen.findByRole('tab', { name: 'History' }));
};

describe('the audit log', () => {
  const renderList = (entries = [RENAMED, CREATED], permissions = ['audit:view']) => {
    server.use(serveAudit(entries));
    return renderAdmin({
      path: '/audit',
      permissions,
      session: customerAdmin,
      children: resourcesOf(audit),
    });
  };

  it('lists the last week by default, newest first, with readable changes', async () => {
    const sent = recordRequests();
    renderList();
    expect(await screen.findByText('Robert Lee')).toBeInTheDocument();
    const renamed = within(row('Robert Lee'));
    expect(renamed.getByText('Account')).toBeInTheDocument();
    expect(renamed.getByText('UPDATE')).toBeInTheDocument();
    expect(renamed.getByText('Ann Archer')).toBeInTheDocument();
    expect(renamed.getByText(': Bob → Robert')).toBeInTheDocument();
    expect(renamed.getByText(': •••••• → ••••••')).toBeInTheDocument();
    expect(renamed.getByText(': — → auditor, customer_admin')).toBeInTheDocument();
    expect(renamed.getByText(formatDate(RENAMED.modifiedDate, { time: true }))).toBeInTheDocument();
    expect(within(row('Bob Baker')).getByText(': — → Office VPN')).toBeInTheDocument();
    expect(auditPaths(sent)).toContain(
      '/audit/c1/search?page=0&pageSize=25&sort=modifiedDate&order=DESC&range=1w',
    );
  });

  it("offers the spec's ranges and sends the one chosen, and the table", async () => {
    const sent = recordRequests();
    const { user } = renderList();
    await screen.findByText('Robert Lee');
    await user.click(screen.getByRole('combobox', { name: /^Range/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Last 1 week',
      '2 weeks',
      '3 weeks',
      '1 month',
    ]);
    await user.click(screen.getByRole('option', { name: '1 month' }));
    await waitFor(() =>
      expect(auditPaths(sent)).toContain(
        '/audit/c1/search?page=0&pageSize=25&sort=modifiedDate&order=DESC&range=1m',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Table' }));
    await user.click(await screen.findByRole('option', { name: 'Radius' }));
    await waitFor(() => expect(screen.queryByText('Robert Lee')).toBeNull());
    expect(screen.getByText('Bob Baker')).toBeInTheDocument();
    expect(auditPaths(sent)).toContain(
      '/audit/c1/search?page=0&pageSize=25&sort=modifiedDate&order=DESC&range=1m&table=Radius',
    );
  });

  it('names the record and who changed it, never their ids; the id and the email are in the tooltips', async () => {
    const { user } = renderList();
    const cell = await screen.findByText('Robert Lee');
    const renamed = row('Robert Lee');
    expect(renamed.textContent).not.toContain('a7');
    expect(renamed.textContent).not.toContain('ann@acme.test');
    await user.hover(cell);
    expect(await screen.findByRole('tooltip', { name: 'a7' })).toBeInTheDocument();
    await user.hover(within(renamed).getByText('Ann Archer'));
    expect(await screen.findByRole('tooltip', { name: 'ann@acme.test' })).toBeInTheDocument();
  });

  it('reads an entry written before names were kept by the id and the email', async () => {
    const older: AuditEntryRecord = {
      ...CREATED,
      id: 'e9',
      entityName: null,
      modifiedByName: 'bob@acme.test',
    };
    renderList([older]);
    expect(await screen.findByText('r1')).toBeInTheDocument();
    expect(within(row('r1')).getByText('bob@acme.test')).toBeInTheDocument();
  });

  /** Ann's entry of one run over a directory (a synchronisation, an import): what it did, as counts. */
  const directoryRun = (
    id: string,
    action: string,
    entityName: string,
    counts: Record<string, unknown>,
  ): AuditEntryRecord => ({
    id,
    table: 'Directory',
    action,
    entityId: `d-${id}`,
    entityName,
    modifiedBy: 'ann@acme.test',
    modifiedById: 'a1',
    modifiedByName: 'Ann Archer',
    modifiedDate: '2024-05-03T08:00:00Z',
    changes: Object.fromEntries(
      Object.entries(counts).map(([field, after]) => [field, { before: null, after }]),
    ),
  });

  it("reads a directory synchronisation's one entry as its directory and its counts", async () => {
    const synced = directoryRun('e5', 'SYNC', 'Acme LDAP', { added: 3, updated: 1, deactivated: 0 });
    renderList([synced]);
    await screen.findByText('Acme LDAP');
    const entry = within(row('Acme LDAP'));
    expect(entry.getByText('Directory')).toBeInTheDocument();
    expect(entry.getByText('SYNC')).toBeInTheDocument();
    expect(entry.getByText('Ann Archer')).toBeInTheDocument();
    expect(entry.getByText(': 3')).toBeInTheDocument();
    expect(entry.getByText(': 1')).toBeInTheDocument();
    expect(entry.getByText(': 0')).toBeInTheDocument();
  });

  it("reads a CSV import's entry as how it ended and its counts", async () => {
    const imported = directoryRun('e6', 'IMPORT', 'Acme HR', { status: 'CANCELLED', rows: 5000, read: 2000 });
    renderList([imported]);
    await screen.findByText('Acme HR');
    const entry = within(row('Acme HR'));
    expect(entry.getByText('IMPORT')).toBeInTheDocument();
    expect(entry.getByText(': CANCELLED')).toBeInTheDocument();
    expect(entry.getByText(': 5000')).toBeInTheDocument();
    expect(entry.getByText(': 2000')).toBeInTheDocument();
  });

  it('says what to do when the range holds no change', async () => {
    renderList([]);
    expect(
      await screen.findByText(
        'No change was recorded in this range. Choose a longer range or another table.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the History tab of a record', () => {
  it("lists a customer's own entries on its page", async () => {
    const sent = recordRequests();
    const ACME = {
      id: 'c1',
      companyName: 'Acme Corp',
      contactEmail: 'ops@acme.test',
      contactPhone: null,
      status: 'ACTIVE',
      logo: null,
      createdDate: '2024-03-05T10:00:00.000Z',
    };
    const edited: AuditEntryRecord = {
      ...RENAMED,
      id: 'e3',
      table: 'Customer',
      entityId: 'c1',
      changes: { companyName: { before: 'Acme', after: 'Acme Corp' } },
    };
    server.use(
      http.get(`${API}/customer/:id`, () => HttpResponse.json(ACME)),
      serveAudit([edited, CREATED]),
    );
    await openHistory('/customer/c1/show', 'customer:view', customer);
    expect(await screen.findByText(': Acme → Acme Corp')).toBeInTheDocument();
    expect(screen.queryByText('Bob Baker')).toBeNull();
    expect(auditPaths(sent)).toContain(
      '/audit/c1/search?page=0&pageSize=10&sort=modifiedDate&order=DESC&range=1m&entityId=c1',
    );
  });

  it("lists an operator's account entries from the provider's log", async () => {
    const sent = recordRequests();
    const ANN = {
      id: 'a7',
      email: 'bob@provider.test',
      roleIds: [],
      roles: [],
      firstName: 'Robert',
      lastName: 'Lee',
      mobilePhone: '+84 90 222',
      status: 'ACTIVE',
      customerId: null,
      customerName: null,
      createdDate: '2024-03-05T10:00:00.000Z',
    };
    server.use(
      http.get(`${API}/account/:id`, () => HttpResponse.json(ANN)),
      serveAudit([RENAMED, CREATED]),
    );
    await openHistory('/account/a7/show', 'account:view', account);
    expect(await screen.findByText(': Bob → Robert')).toBeInTheDocument();
    expect(auditPaths(sent)).toContain(
      '/audit/provider/search?page=0&pageSize=10&sort=modifiedDate&order=DESC&range=1m&entityId=a7',
    );
  });
});
