import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Resource } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/kit/dates';
import users from '../../../src/resources/user';
import {
  captureDownloads,
  fakeTimeouts,
  fill,
  recordRequests,
  renderForCustomerAdmin,
  resourcesOf,
  save,
} from '../harness';
import { API, server } from '../msw';
import { directoryUserOf as user } from './fixtures';

const ALL = ['user-management:view', 'user-management:modify', 'directories:view', 'directories:create'];

const ANN = user('u1', 'ann');
const BEN = user('u2', 'ben', { status: 'INACTIVE' });

const renderAt = (
  path: string,
  {
    content = [ANN, BEN],
    totalElements = 100_000,
    totalCapped = false,
    permissions = ALL,
    one = ANN as Record<string, unknown>,
    planCoverage = { users: 100_000, planCovers: 100_000, overPlan: 0 },
    signIns = [] as Record<string, unknown>[],
  } = {},
) => {
  server.use(
    http.get(`${API}/user-management/users/c1/:id/gateway-sign-ins`, () => HttpResponse.json(signIns)),
    http.get(`${API}/user-management/users/c1/search`, () =>
      HttpResponse.json({
        content,
        totalElements,
        ...(totalCapped ? { totalCapped: true } : {}),
        page: 0,
        pageSize: 25,
      }),
    ),
    http.get(`${API}/user-management/users/c1/plan-coverage`, () => HttpResponse.json(planCoverage)),
    http.get(`${API}/user-management/users/c1/:id`, () => HttpResponse.json(one)),
    http.get(`${API}/idm-ldap/ldap/c1/d1`, () => HttpResponse.json({ id: 'd1', name: 'Head office' })),
    http.get(`${API}/idm-ldap/ldap/c1/search`, () =>
      HttpResponse.json({
        content: [{ id: 'd1', name: 'Head office' }],
        totalElements: 1,
        page: 0,
        pageSize: 25,
      }),
    ),
  );
  return renderForCustomerAdmin(path, permissions, [
    ...resourcesOf(users),
    <Resource key="ldap" name="ldap" />,
  ]);
};

/** The query strings of the list's searches, in order. */
const searches = (sent: { path: string }[]) =>
  sent
    .filter((request) => request.path.startsWith('/user-management/users/c1/search'))
    .map((request) => request.path.split('?')[1] ?? '');

describe('the users list', () => {
  it('asks the server for a page (page minus one) sorted by username, and shows the total', async () => {
    const sent = recordRequests();
    renderAt('/users');
    expect(await screen.findByText('ann')).toBeInTheDocument();
    expect(screen.getByText('1-25 of 100000')).toBeInTheDocument();
    expect(
      within(screen.getByText('ben').closest('tr') as HTMLElement).getByText('Inactive'),
    ).toBeInTheDocument();
    expect(searches(sent)[0]).toBe('page=0&pageSize=25&sort=username&order=ASC');
  });

  it('says "more than 1,000" when the server counted a search up to its bound only', async () => {
    renderAt('/users?filter=%7B%22q%22%3A%22an%22%7D', { totalElements: 1000, totalCapped: true });
    expect(await screen.findByText('ann')).toBeInTheDocument();
    expect(screen.getByText('1-25 of more than 1,000')).toBeInTheDocument();
  });

  it('says "more than 1,000" as it selects every match of a search counted up to its bound', async () => {
    const { user: actor } = renderAt('/users?filter=%7B%22q%22%3A%22an%22%7D', {
      totalElements: 1000,
      totalCapped: true,
    });
    await screen.findByText('ann');
    await actor.click(screen.getByRole('checkbox', { name: /select all/i }));
    await actor.click(await screen.findByRole('button', { name: 'Select all matching (more than 1,000)' }));
    expect(await screen.findByText('All matching selected (more than 1,000)')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByRole('dialog', { name: 'Deactivate every matching row (more than 1,000)?' }),
    ).toBeInTheDocument();
  });

  it('searches by a part of a name and filters by status', async () => {
    const sent = recordRequests();
    const { user: actor } = renderAt('/users');
    await screen.findByText('ann');
    await fill(actor, screen.getByPlaceholderText('Search'), 'an');
    await waitFor(() => expect(searches(sent).at(-1)).toContain('q=an'));
    await actor.click(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(searches(sent).at(-1)).toMatch(/q=an.*status=INACTIVE|status=INACTIVE.*q=an/));
  });

  it('exports every user the filters match: the server writes the file, with the columns and the sort of the list', async () => {
    const asked: URL[] = [];
    const sent = recordRequests();
    server.use(
      http.get(`${API}/user-management/users/c1/search/export/:format`, ({ request }) => {
        asked.push(new URL(request.url));
        return new HttpResponse('\uFEFFid,username\r\nu1,ann\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="users-2026-12-04.csv"',
          },
        });
      }),
    );
    const { saved, blobs } = captureDownloads();
    const { user: actor } = renderAt('/users');
    await screen.findByText('ann');
    await fill(actor, screen.getByPlaceholderText('Search'), 'an');
    await waitFor(() => expect(searches(sent).at(-1)).toContain('q=an'));
    await actor.click(screen.getByRole('button', { name: 'Export' }));
    await actor.click(await screen.findByRole('menuitem', { name: 'CSV (spreadsheet)' }));
    await waitFor(() => expect(saved).toEqual(['users-2026-12-04.csv']));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/user-management/users/c1/search/export/csv');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      filter: JSON.stringify({ q: 'an' }),
      sort: 'username',
      order: 'ASC',
      fields: 'username,displayName,email,status,directoryName,overPlan',
    });
    expect(await blobs[0]!.text()).toContain('u1,ann');
  });

  it('deactivates every user the filters match as a job on the server: the count confirmed, its progress shown, what it changed said', async () => {
    const started: unknown[] = [];
    let asks = 0;
    const job = (status: string, done: number, changed: number) => ({
      id: 'j1',
      resource: 'users',
      action: 'deactivate',
      status,
      total: 100_000,
      done,
      changed,
      startedDate: '2026-12-04T10:00:00.000Z',
      endedDate: status === 'RUNNING' ? null : '2026-12-04T10:00:09.000Z',
    });
    server.use(
      http.post(`${API}/user-management/users/c1/search/bulk/deactivate`, async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(job('RUNNING', 0, 0), { status: 202 });
      }),
      http.get(`${API}/user-management/users/c1/search/bulk/jobs/j1`, () => {
        asks += 1;
        return HttpResponse.json(asks < 2 ? job('RUNNING', 42_000, 40_000) : job('DONE', 100_000, 97_000));
      }),
    );
    const { user: actor } = renderAt('/users');
    await screen.findByText('ann');
    await actor.click(screen.getByRole('checkbox', { name: /select all/i }));
    await actor.click(await screen.findByRole('button', { name: 'Select all 100,000 matching' }));
    expect(await screen.findByText('All 100,000 matching selected')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 100000 users?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('region', { name: 'Deactivate: 42,000 of 100,000' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(
      await screen.findByText('Deactivate: done. 97,000 of 100,000 changed.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    // The filters, not ids: the server goes through every matching row itself.
    expect(started).toEqual([{ filter: {} }]);
  });

  it('acts on the picked users alone until all matching are selected, and Stop stops the job', async () => {
    const started: unknown[] = [];
    let cancelled = false;
    const job = (status: string) => ({
      id: 'j2',
      resource: 'users',
      action: 'activate',
      status,
      total: 1,
      done: 0,
      changed: 0,
      startedDate: '2026-12-04T10:00:00.000Z',
      endedDate: null,
    });
    server.use(
      http.post(`${API}/user-management/users/c1/search/bulk/activate`, async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(job('RUNNING'), { status: 202 });
      }),
      http.get(`${API}/user-management/users/c1/search/bulk/jobs/j2`, () =>
        HttpResponse.json(job(cancelled ? 'CANCELLED' : 'RUNNING')),
      ),
      http.post(`${API}/user-management/users/c1/search/bulk/jobs/j2/cancel`, () => {
        cancelled = true;
        return HttpResponse.json(job('RUNNING'));
      }),
    );
    const { user: actor } = renderAt('/users');
    await screen.findByText('ben');
    await actor.click(screen.getAllByRole('checkbox', { name: /select this row/i })[1]!);
    expect(screen.queryByRole('button', { name: /matching/ })).toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate 1 user?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await screen.findByRole('region', { name: /Activate: 0 of 1/ });
    await actor.click(screen.getByRole('button', { name: 'Stop' }));
    expect(
      await screen.findByText('Activate: stopped. 0 of 1 changed before it stopped.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(started).toEqual([{ filter: { id: ['u2'] } }]);
  });

  it('ends the progress of a job the server no longer answers for (404), saying why once', async () => {
    let reads = 0;
    server.use(
      http.post(`${API}/user-management/users/c1/search/bulk/deactivate`, () =>
        HttpResponse.json(
          {
            id: 'j1',
            resource: 'users',
            action: 'deactivate',
            status: 'RUNNING',
            total: 1,
            done: 0,
            changed: 0,
            startedDate: '2026-12-04T10:00:00.000Z',
            endedDate: null,
          },
          { status: 202 },
        ),
      ),
      http.get(`${API}/user-management/users/c1/search/bulk/jobs/j1`, () => {
        reads += 1;
        return HttpResponse.json(
          { messageKey: 'error.bulk.jobNotFound', message: 'This bulk action was not found.' },
          { status: 404 },
        );
      }),
    );
    const { user: actor } = renderAt('/users');
    await screen.findByText('ann');
    await actor.click(screen.getAllByRole('checkbox', { name: /select this row/i })[0]!);
    await actor.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 1 user?' });
    const clock = fakeTimeouts();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await clock.until(() => screen.getByRole('region', { name: 'Deactivate: 0 of 1' }));
    await clock.until(() =>
      screen.getByText('This bulk action was not found. It may have been started by someone else.'),
    );
    expect(screen.queryByRole('region', { name: /^Deactivate:/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    await clock.advance(5_000);
    expect(reads).toBe(1);
  });

  it('offers no bulk action to those who may only view users', async () => {
    renderAt('/users', { permissions: ['user-management:view'] });
    await screen.findByText('ann');
    expect(screen.queryByRole('checkbox', { name: /select all/i })).toBeNull();
  });

  it('offers no export of an empty list', async () => {
    renderAt('/users', { content: [], totalElements: 0 });
    expect(await screen.findByRole('link', { name: 'Add a directory' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export' })).toBeNull());
  });

  it('offers to add a directory when the customer has no user yet', async () => {
    renderAt('/users', { content: [], totalElements: 0 });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add a directory' })).toHaveAttribute(
      'href',
      '/ldap/create',
    );
  });
});

describe("the users list and the plan's user count", () => {
  it('says how many users the plan covers, and marks those over it', async () => {
    renderAt('/users', {
      content: [ANN, user('u3', 'cal', { overPlan: true })],
      totalElements: 501,
      planCoverage: { users: 501, planCovers: 25, overPlan: 476 },
    });
    expect(await screen.findByText('501 users, plan covers 25')).toBeInTheDocument();
    expect(screen.getByText(/^476 users are over the plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/subscription');
    expect(
      within((await screen.findByText('cal')).closest('tr') as HTMLElement).getByText('Over the plan'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByText('ann').closest('tr') as HTMLElement).queryByText('Over the plan'),
    ).toBeNull();
  });

  it('says nothing is over the plan when it covers everyone', async () => {
    renderAt('/users', { planCoverage: { users: 2, planCovers: 25, overPlan: 0 } });
    expect(await screen.findByText('2 users, plan covers 25')).toBeInTheDocument();
    expect(screen.queryByText(/over the plan/)).toBeNull();
  });
});

describe('a user', () => {
  it('shows its details, and says why the token pack tabs are empty', async () => {
    const sent = recordRequests();
    const { user: actor } = renderAt('/users/u1/show');
    expect(await screen.findByText('ann@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Head office')).toBeInTheDocument();
    expect(screen.getByText('LDAP directory')).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText(/This user is in no token pack yet/)).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'Troubleshooting log' }));
    expect(await screen.findByText(/The troubleshooting log \(devices/)).toBeInTheDocument();
    expect(sent.filter((request) => request.path.includes('/history/'))).toEqual([]);
  });

  it("reads the history of the user's token pack, a page at a time", async () => {
    server.use(
      http.get(`${API}/user-management/users/tp1/history/u1`, () =>
        HttpResponse.json({
          content: [
            { id: 'h1', date: '2026-01-06T09:00:00.000Z', action: 'SIGN_IN', actor: 'ann', changes: {} },
            {
              id: 'h2',
              date: '2026-01-05T10:00:00.000Z',
              action: 'CREATE',
              actor: 'admin@acme.test',
              changes: { username: {} },
            },
          ],
          totalElements: 2,
          page: 0,
          pageSize: 10,
        }),
      ),
    );
    const sent = recordRequests();
    const { user: actor } = renderAt('/users/u1/show', { one: { ...ANN, tokenPackIds: ['tp1'] } });
    await screen.findByText('ann@acme.test');
    await actor.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('SIGN_IN')).toBeInTheDocument();
    expect(screen.getByText('admin@acme.test')).toBeInTheDocument();
    const history = sent.find((request) => request.path.includes('/history/'));
    expect(history?.path).toBe(
      '/user-management/users/tp1/history/u1?customerId=c1&page=0&pageSize=10&sort=date&order=DESC',
    );
  });

  it("lists the gateway's decisions for the user, reasons in words, even in no token pack", async () => {
    const sent = recordRequests();
    const at = '2026-03-04T05:06:07.000Z';
    const { user: actor } = renderAt('/users/u1/show', {
      signIns: [
        {
          id: '2',
          at,
          protocol: 'RADIUS',
          serviceName: 'Office VPN',
          userName: 'ann',
          clientAddress: '198.51.100.7',
          result: 'REJECT',
          reason: 'wrongCode',
        },
        {
          id: '1',
          at,
          protocol: 'OIDC',
          serviceName: null,
          userName: 'ann',
          clientAddress: null,
          result: 'ACCEPT',
          reason: 'bypass',
        },
      ],
    });
    await screen.findByText('ann@acme.test');
    await actor.click(screen.getByRole('tab', { name: 'Troubleshooting log' }));
    const table = await screen.findByRole('table', { name: 'Sign-ins through the gateway' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        formatDate(at, { time: true }),
        'Office VPN (RADIUS)',
        '198.51.100.7',
        'Refused',
        'Wrong or already used code',
      ],
      [
        formatDate(at, { time: true }),
        'A deleted service (OpenID Connect)',
        '—',
        'Accepted',
        "Accepted without a second factor: on the service's 2FA bypass list",
      ],
    ]);
    expect(sent.some((request) => request.path === '/user-management/users/c1/u1/gateway-sign-ins')).toBe(
      true,
    );
  });

  it('says when nobody signed in through the gateway yet', async () => {
    const { user: actor } = renderAt('/users/u1/show');
    await screen.findByText('ann@acme.test');
    await actor.click(screen.getByRole('tab', { name: 'Troubleshooting log' }));
    expect(await screen.findByText('No sign-in through the gateway yet.')).toBeInTheDocument();
  });

  it('lists the devices the user activated in the token pack in the troubleshooting log', async () => {
    server.use(
      http.get(`${API}/user-management/users/tp1/get-device-id/u1`, () =>
        HttpResponse.json([
          {
            deviceId: 'd1',
            name: 'Pixel 9 of Ann',
            activatedDate: '2026-01-06T09:00:00.000Z',
            lastSignIn: null,
            lastApproval: null,
          },
        ]),
      ),
    );
    const { user: actor } = renderAt('/users/u1/show', { one: { ...ANN, tokenPackIds: ['tp1'] } });
    await screen.findByText('ann@acme.test');
    await actor.click(screen.getByRole('tab', { name: 'Troubleshooting log' }));
    const table = await screen.findByRole('table', { name: 'Devices' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Device', 'Activated', 'Last sign-in', 'Last approval'],
      ['Pixel 9 of Ann', formatDate('2026-01-06T09:00:00.000Z', { time: true }), '—', '—'],
    ]);
  });

  it('says the V-Key app must be activated before its PIN can be sent', async () => {
    server.use(
      http.put(`${API}/user-management/users/send-ts-apin/u1`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.user.appNotActivated',
            message: 'You have not activated account on V-Key app yet.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user: actor } = renderAt('/users/u1/show');
    await actor.click(await screen.findByRole('button', { name: 'Send app PIN' }));
    expect(
      await screen.findByText(
        'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
      ),
    ).toBeInTheDocument();
  });

  it('is edited: only the fields an administrator may change are sent', async () => {
    server.use(http.put(`${API}/user-management/users/c1/u1`, () => HttpResponse.json(ANN)));
    const sent = recordRequests();
    const { user: actor } = renderAt('/users/u1');
    const name = await screen.findByDisplayValue('ann Doe');
    await actor.clear(name);
    await fill(actor, name, 'Ann Lee');
    await save(actor);
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({
      displayName: 'Ann Lee',
      email: 'ann@acme.test',
      mobilePhone: null,
      status: 'ACTIVE',
    });
  });

  it("keeps the directory's mobile phone as it is, and says under the field that a new one is not a phone", async () => {
    const FROM_DIRECTORY = user('u1', 'ann', { mobilePhone: '(555) 0100' });
    server.use(http.put(`${API}/user-management/users/c1/u1`, () => HttpResponse.json(FROM_DIRECTORY)));
    const sent = recordRequests();
    const { user: actor } = renderAt('/users/u1', { one: FROM_DIRECTORY });
    const phone = await screen.findByDisplayValue('(555) 0100');
    await actor.clear(phone);
    await fill(actor, phone, '<b>+84 90 123 4567</b>');
    await save(actor);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).',
      ),
    );
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    await actor.clear(phone);
    await fill(actor, phone, '(555) 0100');
    const name = screen.getByDisplayValue('ann Doe');
    await actor.clear(name);
    await fill(actor, name, 'Ann Lee');
    await save(actor);
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
        displayName: 'Ann Lee',
        mobilePhone: '(555) 0100',
      }),
    );
  });

  it('is not shown without user-management:view', async () => {
    renderAt('/users', { permissions: ['directories:view'] });
    await waitFor(() => expect(screen.queryByText('ann')).toBeNull());
    expect(screen.queryByRole('table')).toBeNull();
  });
});
