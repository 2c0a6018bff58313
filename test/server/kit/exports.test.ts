import { and, asc, desc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { auditLog, users } from '../../../server/db/schema.ts';
import { EXPORT_BATCH } from '../../../server/kit/exports.ts';
import { type Customer, customerWithAdmin } from '../fixtures/billing.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * Every paged list's export (server/kit/exports.ts), through the users list: all the rows its filters
 * match, in its sort, across batches, as CSV or JSON, formulas escaped, one audit entry, nothing of
 * another customer.
 */

const ctx = sharedTestContext();
let acme: Customer;
let globex: Customer;
let admin: string;
let globexAdmin: string;

const ROWS = EXPORT_BATCH * 2 + 345;

beforeAll(async () => {
  await ctx.signInOperator();
  acme = await customerWithAdmin(ctx, 'Acme');
  globex = await customerWithAdmin(ctx, 'Globex');
  admin = acme.admin;
  globexAdmin = globex.admin;
  // One statement: every row has the same creation time (ties the keyset must break by id); every third
  // has no email (nulls in a sort), every seventh is inactive.
  await ctx.db.insert(users).values(
    Array.from({ length: ROWS }, (_, index) => ({
      customerId: acme.id,
      source: 'LDAP' as const,
      username: `person${String(index).padStart(5, '0')}`,
      displayName: `Person ${index}`,
      email: index % 3 === 0 ? null : `p${index % 50}@acme.example`,
      status: index % 7 === 0 ? ('INACTIVE' as const) : ('ACTIVE' as const),
    })),
  );
  await ctx.db.insert(users).values([
    { customerId: acme.id, source: 'CSV', username: 'formula1', displayName: '=HYPERLINK("http://evil")' },
    { customerId: acme.id, source: 'CSV', username: 'formula2', displayName: '+1 (555) 0100' },
    {
      customerId: acme.id,
      source: 'CSV',
      username: 'formula3',
      displayName: '@SUM(A1)',
      email: 'a,"b"@x.example',
    },
    { customerId: globex.id, source: 'LDAP', username: 'globex-only' },
  ]);
}, 60_000);

const exportOf = (format: string, query: Record<string, string>, token = admin, customerId = acme.id) =>
  ctx.call(
    'GET',
    `/api/user-management/users/${customerId}/search/export/${format}?${new URLSearchParams(query)}`,
    { token },
  );

/** The CSV's rows (the header first), the byte order mark taken off. */
const csvRows = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

/** The ids of acme's users by email then id, as PostgreSQL orders them (nulls last ascending, first descending). */
async function idsInOrder(order: 'ASC' | 'DESC') {
  const by = order === 'ASC' ? asc : desc;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.customerId, acme.id))
    .orderBy(by(users.email), by(users.id));
  return rows.map((row) => row.id);
}

describe("a list's export", () => {
  it('writes every row the filters match, in the sort, across batches, with the columns asked and the id first', async () => {
    const answer = await exportOf('csv', {
      filter: JSON.stringify({ status: 'ACTIVE', q: 'person' }),
      sort: 'username',
      order: 'DESC',
      fields: 'username,email,status,createdDate',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvRows(answer.body as string);
    expect(header).toEqual(['id', 'username', 'email', 'status', 'createdDate']);
    const active = Array.from({ length: ROWS }, (_, index) => index).filter((index) => index % 7 !== 0);
    expect(rows.map((row) => row[1])).toEqual(
      active.map((index) => `person${String(index).padStart(5, '0')}`).reverse(),
    );
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    expect(rows.every((row) => row[3] === 'ACTIVE')).toBe(true);
    expect(rows[0]![4]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows.some((row) => row[2] === '')).toBe(true);
  });

  it('keeps every row once when the sort has ties and nulls, ascending and descending', async () => {
    for (const order of ['ASC', 'DESC'] as const) {
      const answer = await exportOf('csv', { sort: 'email', order, fields: 'email' });
      expect(answer.status).toBe(200);
      const [, ...rows] = csvRows(answer.body as string);
      expect(rows.map((row) => row[0])).toEqual(await idsInOrder(order));
    }
    for (const order of ['ASC', 'DESC'] as const) {
      const answer = await exportOf('json', { sort: 'createdDate', order, fields: 'username' });
      const rows = answer.body as { id: string }[];
      expect(rows).toHaveLength(ROWS + 3);
      expect(new Set(rows.map((row) => row.id)).size).toBe(ROWS + 3);
    }
  });

  it('escapes every cell a spreadsheet would read as a formula, and quotes what CSV needs quoted', async () => {
    const answer = await exportOf('csv', {
      filter: JSON.stringify({ q: 'formula' }),
      fields: 'username,displayName,email',
    });
    const [, ...rows] = csvRows(answer.body as string);
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['formula1', `'=HYPERLINK("http://evil")`, ''],
      ['formula2', "'+1 (555) 0100", ''],
      ['formula3', "'@SUM(A1)", 'a,"b"@x.example'],
    ]);
    expect(answer.body as string).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('writes JSON: an array of the records with the fields asked, dates in ISO 8601', async () => {
    const answer = await exportOf('json', {
      filter: JSON.stringify({ q: 'formula1' }),
      fields: 'username,createdDate,status',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = answer.body as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        id: expect.any(String),
        username: 'formula1',
        createdDate: expect.stringMatching(/Z$/),
        status: 'ACTIVE',
      },
    ]);
    const none = await exportOf('json', { filter: JSON.stringify({ q: 'nobody-at-all' }) });
    expect(none.body).toEqual([]);
  });

  it("answers nothing of another customer's, whatever the path says", async () => {
    const own = await exportOf('json', { fields: 'username' }, globexAdmin, globex.id);
    expect((own.body as { username: string }[]).map((row) => row.username)).toEqual(['globex-only']);
    const theirs = await exportOf('csv', {}, globexAdmin, acme.id);
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect(theirs.status).toBeLessThan(500);
    expect(String(theirs.body)).not.toContain('person0');
  });

  it('leaves out a column the rows do not have (a password is none of them)', async () => {
    const answer = await exportOf('csv', {
      filter: JSON.stringify({ q: 'formula1' }),
      fields: 'username,password,actions',
    });
    expect(answer.status).toBe(200);
    expect(csvRows(answer.body as string)).toEqual([
      ['id', 'username'],
      [expect.any(String), 'formula1'],
    ]);
  });

  it('refuses what it cannot export with a 400 that says which parameter', async () => {
    for (const [format, query, field] of [
      ['xml', {}, 'format'],
      ['csv', { fields: 'username,=cmd()' }, 'fields'],
      ['csv', { filter: '{not json' }, 'filter'],
      ['csv', { filter: '[]' }, 'filter'],
      ['csv', { filter: JSON.stringify({ colour: 'red' }) }, 'colour'],
      ['csv', { sort: 'secret' }, 'sort'],
      ['csv', { page: '2' }, 'page'],
    ] as const) {
      const answer = await exportOf(format, query as Record<string, string>);
      expect(answer.status, `${format} ${JSON.stringify(query)}`).toBe(400);
      expect((answer.body as { messageKey: string }).messageKey).toBe('error.validation.invalid');
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });

  it('is written in the audit log: who exported which list, with which filters, and how many rows', async () => {
    const filter = { status: 'INACTIVE' };
    const answer = await exportOf('csv', { filter: JSON.stringify(filter), sort: 'username' });
    const [, ...rows] = csvRows(answer.body as string);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, acme.id), eq(auditLog.action, 'EXPORT')))
      .orderBy(auditLog.modifiedDate)
      .then((entries) => entries.filter((each) => JSON.stringify(each.changes).includes('INACTIVE')));
    expect(entry).toMatchObject({
      tableName: 'Export',
      entityId: 'users',
      changes: {
        format: { before: null, after: 'csv' },
        filters: { before: null, after: filter },
        sort: { before: null, after: { field: 'username', order: 'ASC' } },
        rows: { before: null, after: rows.length },
      },
    });
    expect(entry!.modifiedBy).toMatch(/@/);
  });
});

describe('the export of a list whose customer comes in its body (administrator accounts)', () => {
  const accountsExport = (token: string, query: Record<string, string>) =>
    ctx.call('GET', `/api/account/search/export/csv?${new URLSearchParams(query)}`, { token });
  const emailsOf = (body: string) => {
    const [header, ...rows] = csvRows(body);
    const column = header!.indexOf('email');
    expect(column).toBeGreaterThanOrEqual(0);
    return rows.map((row) => row[column]);
  };

  it('writes the accounts of the customer its query names, to whoever may read them there', async () => {
    const answer = await accountsExport(admin, { customerId: acme.id, fields: 'email,status' });
    expect(answer.status, String(answer.body)).toBe(200);
    const emails = emailsOf(answer.body as string);
    expect(emails.length).toBeGreaterThan(0);
    const [acmeOwn] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, 'account'));
    expect(acmeOwn).toBeDefined();
    // Globex's accounts are not Acme's administrator's to read, whatever the query says.
    const foreign = await accountsExport(admin, { customerId: globex.id });
    expect(foreign.status).toBe(404);
    const globexOwn = await accountsExport(globexAdmin, { customerId: globex.id, fields: 'email' });
    expect(emailsOf(globexOwn.body as string).some((email) => emails.includes(email))).toBe(false);
  });

  it("gives the operator the provider's accounts without a customer, and a customer's with one", async () => {
    const operator = await ctx.signInOperator();
    const answer = await accountsExport(operator, { fields: 'email' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const own = emailsOf(answer.body as string);
    expect(own).toContain('operator@example.com');
    const acmes = emailsOf(
      (await accountsExport(operator, { customerId: acme.id, fields: 'email' })).body as string,
    );
    expect(acmes).not.toContain('operator@example.com');
    expect(acmes.length).toBeGreaterThan(0);
  });
});
