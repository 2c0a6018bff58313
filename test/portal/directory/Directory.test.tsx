import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import ldap from '../../../src/resources/directory';
import {
  customerAdmin,
  fakeTimeouts,
  fill,
  recordRequests,
  refill,
  renderAdmin,
  resourcesOf,
  save,
} from '../harness';
import { API, server } from '../msw';
import { directoryUserOf } from '../user/fixtures';

const ALL = [
  'directories:view',
  'directories:create',
  'directories:modify',
  'directories:delete',
  'directories:configure',
  'user-management:view',
  'user-management:modify',
  'user-management:create',
];

const IDLE = {
  status: 'IDLE',
  phase: null,
  read: 0,
  written: 0,
  total: 0,
  added: 0,
  updated: 0,
  deactivated: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
};

const HEAD_OFFICE = {
  id: 'd1',
  name: 'Head office',
  type: 'LDAP',
  // Hybrid: users may be imported into it from a CSV file.
  hybrid: true,
  host: 'ldap.acme.test',
  port: 389,
  secured: false,
  baseDn: 'ou=people,dc=acme,dc=test',
  userDn: 'cn=reader,dc=acme,dc=test',
  userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username}))',
  loginProperty: 'uid',
  emailAttribute: 'mail',
  displayNameAttribute: 'displayName',
  phoneAttribute: 'mobile',
  tenantId: null,
  applicationId: null,
  graphUrl: null,
  authorityUrl: null,
  restAuthentication: null,
  restUsername: null,
  restHeader: null,
  listUsersUrl: null,
  passwordSet: true,
  secretSet: false,
  userCount: 2,
  lastSync: IDLE,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const USERS = [directoryUserOf('u1', 'ann', { displayName: 'Ann Lee' })];

const renderAt = (path: string, directory: Record<string, unknown> = HEAD_OFFICE) => {
  server.use(
    http.get(`${API}/idm-ldap/ldap/c1/search`, () =>
      HttpResponse.json({ content: [directory], totalElements: 1, page: 0, pageSize: 10 }),
    ),
    http.get(`${API}/idm-ldap/ldap/c1/:id`, () => HttpResponse.json(directory)),
    http.get(`${API}/idm-ldap/users/r-c1/users/connectors/d1`, () =>
      HttpResponse.json({ content: USERS, totalElements: 1, page: 0, pageSize: 25 }),
    ),
    // No import of this account runs into the directory (the CSV dialog asks as it opens).
    http.get(`${API}/idm-ldap/users/r-c1/users/connectors/d1/upload-csv-file/jobs/running`, () =>
      HttpResponse.json({ job: null, fileName: null }),
    ),
  );
  return renderAdmin({
    path,
    permissions: ALL,
    session: customerAdmin,
    children: [...resourcesOf(ldap)],
  });
};

const field = (label: string) => screen.queryByLabelText(label, { selector: 'input', exact: false });

describe('the directory form', () => {
  it('shows the fields of the chosen type only', async () => {
    const { user } = renderAt('/ldap/create');
    expect(await screen.findByLabelText('Base DN', { exact: false })).toBeInTheDocument();
    expect(field('Tenant ID')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Azure AD' }));
    expect(await screen.findByLabelText('Tenant ID', { exact: false })).toBeInTheDocument();
    expect(field('Base DN')).toBeNull();
    expect(field('Client secret')).not.toBeNull();
    await user.click(screen.getByRole('radio', { name: 'REST' }));
    expect(await screen.findByLabelText('List active users API URL', { exact: false })).toBeInTheDocument();
    expect(field('Tenant ID')).toBeNull();
    expect(field('Password, token or key')).toBeNull();
  });

  it('moves the port between 389 and 636 with LDAPS', async () => {
    const { user } = renderAt('/ldap/create');
    const port = (await screen.findByRole('spinbutton', { name: /port/i })) as HTMLInputElement;
    expect(port.value).toBe('389');
    await user.click(screen.getByRole('switch', { name: /Secured/ }));
    await waitFor(() => expect(port.value).toBe('636'));
    await user.click(screen.getByRole('switch', { name: /Secured/ }));
    await waitFor(() => expect(port.value).toBe('389'));
  });

  it('asks for all mandatory fields before testing, without calling the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/ldap/create');
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Please input all mandatory fields before testing the connection'),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.path.endsWith('/test-connection'))).toEqual([]);
  });

  it('shows the success, and a failure with its reason and detail', async () => {
    let answer: Record<string, unknown> = {
      success: false,
      messageKey: 'directory.test.failure',
      message: "Can't connect to LDAP server!",
      reason: 'credentials',
      detail: 'The user DN or password was refused by the directory.',
      entries: null,
    };
    server.use(http.post(`${API}/idm-ldap/ldap/c1/test-connection`, () => HttpResponse.json(answer)));
    const sent = recordRequests();
    const { user } = renderAt('/ldap/d1');
    await screen.findByDisplayValue('Head office');
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText("Can't connect to LDAP server!")).toBeInTheDocument();
    expect(screen.getByText(/The account or its password was refused/)).toBeInTheDocument();
    expect(screen.getByText('The user DN or password was refused by the directory.')).toBeInTheDocument();
    // The stored password is used: the form sends the directory's id and no password.
    const body = sent.find((request) => request.path.endsWith('/test-connection'))?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ id: 'd1', type: 'LDAP', host: 'ldap.acme.test', port: 389 });
    expect(body).not.toHaveProperty('password');
    answer = {
      ...answer,
      success: true,
      message: 'Connection is successful!',
      reason: null,
      detail: null,
      entries: 42,
    };
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection is successful!')).toBeInTheDocument();
    expect(screen.getByText('Users found: 42')).toBeInTheDocument();
  });

  it('no longer offers Reset password once a connection test found the account may not change passwords', async () => {
    server.use(
      http.post(`${API}/idm-ldap/ldap/c1/test-connection`, () =>
        HttpResponse.json({
          success: true,
          messageKey: 'directory.test.success',
          message: 'Connection is successful!',
          reason: null,
          detail: null,
          entries: 1,
          passwordWritable: false,
        }),
      ),
    );
    const { user, pathname } = renderAt('/ldap/d1');
    await screen.findByDisplayValue('Head office');
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(
        "The account may read the users but not change their passwords: Reset password is not offered for this directory's users.",
      ),
    ).toBeInTheDocument();
    // To the directory's users: saved, its page opens; then its Users tab.
    server.use(http.put(`${API}/idm-ldap/ldap/c1/d1`, () => HttpResponse.json(HEAD_OFFICE)));
    await refill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Head office (Hanoi)');
    await save(user);
    await waitFor(() => expect(pathname()).toBe('/ldap/d1/show'));
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('ann')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset password/ })).toBeNull();
    expect(
      screen.getByText(/^Reset password is not offered: the last connection test found/),
    ).toBeInTheDocument();
  });

  it('keeps the stored password when an edit leaves it empty', async () => {
    server.use(http.put(`${API}/idm-ldap/ldap/c1/d1`, () => HttpResponse.json(HEAD_OFFICE)));
    const sent = recordRequests();
    const { user } = renderAt('/ldap/d1');
    expect(await screen.findByText('A password is set. Leave this empty to keep it.')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await refill(user, name, 'Head office (Hanoi)');
    await save(user);
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const body = sent.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Head office (Hanoi)', type: 'LDAP', baseDn: HEAD_OFFICE.baseDn });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('tenantId');
  });
});

describe('a directory', () => {
  it('synchronises its users, showing the progress, then what was done', async () => {
    const states = [
      { ...IDLE, status: 'RUNNING', phase: 'reading', read: 40, startedAt: '2026-01-06T10:00:00.000Z' },
      { ...IDLE, status: 'RUNNING', phase: 'writing', read: 120, written: 60, total: 120 },
      {
        ...IDLE,
        status: 'DONE',
        read: 120,
        written: 120,
        total: 120,
        added: 118,
        updated: 1,
        deactivated: 3,
        failed: 2,
        finishedAt: '2026-01-06T10:00:05.000Z',
      },
    ];
    let asked = 0;
    server.use(
      http.post(`${API}/idm-ldap/ldap/c1/d1/sync`, () => HttpResponse.json(states[0], { status: 202 })),
      http.get(`${API}/idm-ldap/ldap/c1/d1/sync`, () => HttpResponse.json(states[Math.min(++asked, 2)])),
    );
    const { user } = renderAt('/ldap/d1/show');
    expect(await screen.findByText(/Not synchronised yet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Synchronise users' }));
    expect(await screen.findByText('Reading the directory: 40 users read')).toBeInTheDocument();
    expect(await screen.findByText('Writing users: 60 of 120')).toBeInTheDocument();
    expect(await screen.findByText(/added 118, updated 1, deactivated 3, not taken 2/)).toBeInTheDocument();
  });

  it("keeps the page's title the directory's, and heads its users' list apart from it", async () => {
    // The app bar's title, where react-admin's <Title> writes (the tests' layout has no app bar).
    const appBarTitle = document.createElement('span');
    appBarTitle.id = 'react-admin-title';
    document.body.append(appBarTitle);
    try {
      renderAt('/ldap/d1/show/users');
      expect(await screen.findByRole('heading', { name: 'Users of this directory' })).toBeInTheDocument();
      await waitFor(() => expect(appBarTitle).toHaveTextContent('Directory Head office'));
      expect(appBarTitle.textContent).toBe('Directory Head office');
    } finally {
      appBarTitle.remove();
    }
  });

  it('lists its users, and says which CSV rows were not taken', async () => {
    const { user } = renderAt('/ldap/d1/show/users');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('ann')).toBeInTheDocument();
    expect(within(table).getByText('ann@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reset password/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import users from a CSV file' })).toBeInTheDocument();
    expect(
      screen.getByText(/values separated by commas, semicolons or tabs, in UTF-8 or Windows-1252/),
    ).toBeInTheDocument();
  });

  it('offers no CSV import into a directory that is not hybrid, and says why and what to do', async () => {
    renderAt('/ldap/d1/show/users', { ...HEAD_OFFICE, hybrid: false });
    const table = await screen.findByRole('table');
    await within(table).findByText('ann');
    const importButton = screen.getByRole('button', { name: 'Import CSV' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(
      'Import is off: this directory is not hybrid, so a synchronisation would deactivate imported users. Turn Hybrid on in its settings, or import into a hybrid directory.',
    );
  });

  it('says under Hybrid what it does when on and when off', async () => {
    renderAt('/ldap/d1');
    await screen.findByDisplayValue('Head office');
    expect(screen.getByRole('switch', { name: /Hybrid/ })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^On: users may also be imported from a CSV file, and a synchronisation keeps them .* Off: .* a synchronisation deactivates every user it does not list, and CSV imports are refused\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('says how many users go with it before it is deleted', async () => {
    const { user } = renderAt('/ldap/d1/show');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the directory Head office?')).toBeInTheDocument();
    expect(screen.getByText(/Its 2 users are removed from the portal too/)).toBeInTheDocument();
  });
});

describe("a directory user's new password, phone and CSV rows", () => {
  const POLICY =
    'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.';
  const PHONE =
    'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).';
  const RESET_URL = `${API}/idm-ldap/users/r-c1/users/connectors/d1/users/u1/reset-password`;

  const openDialog = async (button: RegExp, title: string) => {
    const rendered = renderAt('/ldap/d1/show/users');
    const table = await screen.findByRole('table');
    await within(table).findByText('ann');
    await rendered.user.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const inputOf = (label: string) =>
      within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
    return { ...rendered, dialog, inputOf };
  };

  it.each([
    ['of 7 characters', 'Short-1', POLICY],
    ['of 129 characters', `Aa1-${'x'.repeat(125)}`, 'Password must be at most 128 characters.'],
    [
      "holding the user's email before the @",
      'Joanna-Lee-9',
      'Password must not contain the part of the email address before the @.',
    ],
  ])('says under the field that a password %s is refused, and sends nothing', async (_, password, text) => {
    const sent = recordRequests();
    const { user, dialog, inputOf } = await openDialog(/Reset password/, 'Reset the password of ann');
    await fill(user, inputOf('New password'), password);
    await fill(user, inputOf('Confirm new password'), password);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(inputOf('New password')).toHaveAccessibleDescription(text));
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("says the server's refusal of a common password under the field", async () => {
    server.use(
      http.put(RESET_URL, () =>
        HttpResponse.json(
          {
            messageKey: 'error.password.common',
            message: 'This password is one of the most common passwords. Choose one that is harder to guess.',
            params: { field: 'password' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, inputOf } = await openDialog(/Reset password/, 'Reset the password of ann');
    await fill(user, inputOf('New password'), 'Password1');
    await fill(user, inputOf('Confirm new password'), 'Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(inputOf('New password')).toHaveAccessibleDescription(
        'This password is one of the most common passwords. Choose one that is harder to guess.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Reset the password of ann' })).toBeInTheDocument();
  });

  it('says under the field that a mobile phone is not one, and sends nothing', async () => {
    const sent = recordRequests();
    const { user, dialog, inputOf } = await openDialog(/^Edit$/, 'Edit user: ann');
    await fill(user, inputOf('Mobile phone'), '<b>+84 90 123 4567</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inputOf('Mobile phone')).toHaveAccessibleDescription(PHONE));
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("says the server's refusal of a mobile phone under the field", async () => {
    server.use(
      http.put(`${API}/idm-ldap/users/r-c1/users/connectors/d1/users/u1`, () =>
        HttpResponse.json(
          { messageKey: 'error.phone.invalid', message: PHONE, params: { field: 'mobilePhone' } },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, inputOf } = await openDialog(/^Edit$/, 'Edit user: ann');
    await fill(user, inputOf('Mobile phone'), '+84 90 123 45 67');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inputOf('Mobile phone')).toHaveAccessibleDescription(PHONE));
  });

  const UPLOAD = `${API}/idm-ldap/users/r-c1/users/connectors/d1/upload-csv-file`;
  /** Windows-1252 bytes of a text (its characters all below U+0100). */
  const windows1252 = (text: string) => new Uint8Array([...text].map((character) => character.charCodeAt(0)));

  it('reads a semicolon file in Windows-1252, guesses its mapping, checks it without writing, then imports it', async () => {
    const asked: URL[] = [];
    server.use(
      http.post(UPLOAD, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const dryRun = url.searchParams.get('dryRun') === 'true';
        return HttpResponse.json({
          dryRun,
          encoding: 'Windows-1252',
          delimiter: ';',
          added: 1,
          updated: 0,
          unchanged: 0,
          rows: [
            { line: 2, username: 'zoe', outcome: 'CREATE' },
            { line: 3, username: '=cmd', outcome: 'REFUSED' },
          ],
          failed: [
            {
              line: 3,
              reason: "the username '=cmd' begins with =…",
              messageKey: 'error.csv.usernameFormula',
              params: { username: '=cmd', character: '=' },
            },
          ],
        });
      }),
    );
    const { user } = renderAt('/ldap/d1/show/users');
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from a CSV file' });
    const file = new File(
      [windows1252('Prénom;Nom;Login;Courriel\r\nZoë;Müller;zoe;zoe@example.test\r\nX;Y;=cmd;\r\n')],
      'users.csv',
      { type: 'text/csv' },
    );
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    expect(
      await within(dialog).findByText('Read as Windows-1252, values separated by a semicolon, 4 columns.'),
    ).toBeInTheDocument();
    // The file's first rows under its columns, in the characters it meant.
    const sample = within(dialog).getByRole('table', { name: 'The first rows of the file' });
    expect(within(sample).getByText('Zoë')).toBeInTheDocument();
    expect(within(sample).getByText('Müller')).toBeInTheDocument();
    // Guessed from the header: Login the username, Courriel the email, Prénom and Nom the names.
    expect(within(dialog).getByRole('combobox', { name: /^Username/ })).toHaveTextContent(
      '3. Login (e.g. zoe)',
    );
    expect(within(dialog).getByRole('combobox', { name: 'First name' })).toHaveTextContent(
      '1. Prénom (e.g. Zoë)',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Email' })).toHaveTextContent('4. Courriel');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    // The email left out of the import.
    await user.click(within(dialog).getByRole('combobox', { name: 'Email' }));
    // react-admin names the empty choice Clear value; it reads Not imported.
    const notImported = await screen.findByRole('option', { name: 'Clear value' });
    expect(notImported).toHaveTextContent('Not imported');
    await user.click(notImported);
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(
      await within(dialog).findByText(
        /^Checked, nothing written: 1 would be added, 0 updated, 0 unchanged, 1 refused/,
      ),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('dryRun')).toBe('true');
    expect(JSON.parse(asked[0]!.searchParams.get('mapping')!)).toEqual({
      username: 2,
      firstName: 0,
      lastName: 1,
    });
    const checked = within(dialog).getByRole('table', { name: 'What each row would become' });
    expect(within(checked).getByText('Would be added')).toBeInTheDocument();
    expect(
      within(checked).getByText(
        "the username '=cmd' begins with =, which a spreadsheet reads as a formula: a username may not begin with =, +, - or @.",
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Imported: 1 added, 0 updated, 0 unchanged, 1 not taken.'),
    ).toBeInTheDocument();
    expect(asked[1]!.searchParams.get('dryRun')).toBe('false');
    expect(within(dialog).getByRole('table', { name: 'What became of each row' })).toHaveTextContent('Added');
  });

  /** A long import's job (a file of 2,500 rows: more than one batch), as the server answers it started. */
  const LONG_JOB = {
    id: 'j1',
    resource: 'users/keycloak',
    action: 'import',
    status: 'RUNNING',
    total: 2500,
    done: 0,
    changed: 0,
    startedDate: '2026-01-05T10:00:00.000Z',
    endedDate: null,
  };
  /** What a long import went through (its first batch), rows done the way given. */
  const firstBatch = (outcome: string) => ({
    encoding: 'UTF-8',
    delimiter: ',',
    added: 1000,
    updated: 0,
    unchanged: 0,
    rows: [{ line: 2, username: 'u0', outcome }],
    failed: [],
  });
  /** The job's answer once it has gone through the whole file. */
  const LONG_JOB_DONE = {
    job: { ...LONG_JOB, status: 'DONE', done: 2500, changed: 2500, endedDate: '2026-01-05T10:00:09.000Z' },
    answer: { dryRun: false, ...firstBatch('CREATE'), added: 2500 },
  };

  /**
   * Opens the dialog, checks many.csv and imports it: the server answers a job (j1), each read of which
   * `read` answers. Resolves once the dialog shows the job started; with `clock`, the job is followed by
   * timeouts the test moves on (its `clock`).
   */
  const startLongImport = async (read: () => Response, { clock = false } = {}) => {
    server.use(
      http.post(UPLOAD, ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? HttpResponse.json({ dryRun: true, ...firstBatch('CREATE'), added: 2500 })
          : HttpResponse.json(LONG_JOB, { status: 202 }),
      ),
      http.get(`${UPLOAD}/jobs/j1`, read),
    );
    const { user } = renderAt('/ldap/d1/show/users');
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from a CSV file' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['username,email\nu0,u0@example.test\n'], 'many.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Check' }));
    await within(dialog).findByText(/^Checked, nothing written: 2,500 would be added/);
    const started = () => within(dialog).getByRole('region', { name: 'Importing many.csv: 0 of 2,500 rows' });
    if (!clock) {
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      await waitFor(started);
      return { user, dialog };
    }
    const timeouts = fakeTimeouts();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await timeouts.until(started);
    return { user, dialog, clock: timeouts };
  };

  it('follows again, once reopened, an import this account started that still runs', async () => {
    let reads = 0;
    const { user } = renderAt('/ldap/d1/show/users');
    server.use(
      http.get(`${UPLOAD}/jobs/running`, () =>
        HttpResponse.json({ job: { ...LONG_JOB, done: 1000, changed: 1000 }, fileName: 'staff.csv' }),
      ),
      http.get(`${UPLOAD}/jobs/j1`, () => {
        reads += 1;
        return HttpResponse.json(
          reads < 2 ? { job: { ...LONG_JOB, done: 2000, changed: 2000 }, answer: null } : LONG_JOB_DONE,
        );
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from a CSV file' });
    expect(
      await within(dialog).findByRole('region', { name: 'Importing staff.csv: 1,000 of 2,500 rows' }),
    ).toBeInTheDocument();
    // No other file meanwhile.
    expect(within(dialog).getByLabelText('CSV file')).toBeDisabled();
    expect(
      await within(dialog).findByRole(
        'region',
        { name: 'Importing staff.csv: 2,000 of 2,500 rows' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    // Then its rows, with the result file named after its file.
    expect(
      await within(dialog).findByText(
        'Imported: 2,500 added, 0 updated, 0 unchanged, 0 not taken.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'What became of each row' })).toHaveTextContent('u0');
  });

  it('follows a long import as it runs, stops it, and lists the rows it imported', async () => {
    let reads = 0;
    let stopped = false;
    server.use(
      http.post(`${UPLOAD}/jobs/j1/cancel`, () => {
        stopped = true;
        return HttpResponse.json({ ...LONG_JOB, done: 1000, changed: 1000 });
      }),
    );
    // Started, then how far it got as the server says it (asked every second), with Stop; Check and
    // Import wait for it.
    const { user, dialog } = await startLongImport(() => {
      reads += 1;
      if (!stopped)
        return HttpResponse.json({ job: { ...LONG_JOB, done: 1000, changed: 1000 }, answer: null });
      return HttpResponse.json({
        job: {
          ...LONG_JOB,
          status: 'CANCELLED',
          done: 1000,
          changed: 1000,
          endedDate: '2026-01-05T10:00:05.000Z',
        },
        answer: { dryRun: false, ...firstBatch('CREATE') },
      });
    });
    const progress = await within(dialog).findByRole(
      'region',
      { name: 'Importing many.csv: 1,000 of 2,500 rows' },
      { timeout: 5000 },
    );
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeDisabled();
    await user.click(within(progress).getByRole('button', { name: 'Stop' }));

    expect(
      await within(dialog).findByText(
        /^The import was stopped after 1,000 of 2,500 rows\. The rows below were imported\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /^Importing/ })).toBeNull();
    expect(
      within(dialog).getByText('Imported: 1,000 added, 0 updated, 0 unchanged, 0 not taken.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'What became of each row' })).toHaveTextContent('u0');
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('takes no other file while a long import runs, and follows it to its end', async () => {
    let reads = 0;
    const { user, dialog } = await startLongImport(() => {
      reads += 1;
      return HttpResponse.json(
        reads < 2 ? { job: { ...LONG_JOB, done: 1000, changed: 1000 }, answer: null } : LONG_JOB_DONE,
      );
    });
    const file = within(dialog).getByLabelText('CSV file');
    expect(file).toBeDisabled();
    await user.upload(file, new File(['username\nann\n'], 'other.csv', { type: 'text/csv' }));
    expect(within(dialog).getByRole('region', { name: /^Importing many\.csv/ })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Imported: 2,500 added, 0 updated, 0 unchanged, 0 not taken.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(file).toBeEnabled();
  });

  it('stops following an import the server no longer answers for (404), says why once, and offers Check again', async () => {
    let reads = 0;
    const { dialog, clock } = await startLongImport(
      () => {
        reads += 1;
        return HttpResponse.json(
          { messageKey: 'error.bulk.jobNotFound', message: 'This bulk action was not found.' },
          { status: 404 },
        );
      },
      { clock: true },
    );
    await clock!.until(() =>
      screen.getByText('This bulk action was not found. It may have been started by someone else.'),
    );
    expect(within(dialog).queryByRole('region', { name: /^Importing/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeEnabled();
    expect(within(dialog).getByLabelText('CSV file')).toBeEnabled();
    await clock!.advance(10_000);
    expect(reads).toBe(1);
  });

  it('asks a server that cannot be reached less and less often, says so once, and goes on once it answers', async () => {
    const UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';
    let reads = 0;
    let down = true;
    const { dialog, clock } = await startLongImport(
      () => {
        reads += 1;
        return down ? HttpResponse.error() : HttpResponse.json(LONG_JOB_DONE);
      },
      { clock: true },
    );
    await clock!.until(() => screen.getByText(UNREACHABLE));
    expect(reads).toBe(1);
    // Said once: gone once its 4 seconds on screen are over, with no other queued behind it.
    await clock!.advance(6_000);
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
    await clock!.advance(14_000);
    // After a second, then 2, 4 and 8 seconds apart (10 at most): not every second.
    expect(reads).toBeLessThanOrEqual(5);
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
    expect(
      within(dialog).getByRole('region', { name: 'Importing many.csv: 0 of 2,500 rows' }),
    ).toBeInTheDocument();
    down = false;
    await clock!.advance(10_000);
    expect(
      within(dialog).getByText('Imported: 2,500 added, 0 updated, 0 unchanged, 0 not taken.'),
    ).toBeInTheDocument();
  });

  it('says an import failed without listing rows when the server has none (its server stopped running it)', async () => {
    // A job whose last batch is over 120 s old is answered failed, without its rows.
    const { dialog } = await startLongImport(() =>
      HttpResponse.json({ job: { ...LONG_JOB, status: 'FAILED', done: 1000, changed: 1000 }, answer: null }),
    );
    expect(
      await within(dialog).findByText(
        'Import CSV: stopped before the end. 1,000 of 2,500 changed; try again to do the rest.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/rows below/)).toBeNull();
    expect(within(dialog).queryByRole('table', { name: 'What became of each row' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: /^Importing/ })).toBeNull();
  });

  it('asks for the username column before a check, when the header names none', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/ldap/d1/show/users');
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users from a CSV file' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['Who\tMail\nann\tann@example.test\n'], 'users.tsv', { type: 'text/tab-separated-values' }),
    );
    expect(await within(dialog).findByText(/values separated by a tab, 2 columns/)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the column that holds the username.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /^Username/ }));
    await user.click(await screen.findByRole('option', { name: '1. Who (e.g. ann)' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Check' })).toBeEnabled());
    expect(within(dialog).queryByText('Choose the column that holds the username.')).toBeNull();
    expect(
      sent.filter(
        (request) => request.path.includes('upload-csv-file') && !request.path.endsWith('/jobs/running'),
      ),
    ).toEqual([]);
  });
});
