import { eq, sql } from 'drizzle-orm';
import { USER_SEARCH_COUNT_UP_TO } from '../../../contract/user.ts';
import { directories, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { auditOf, builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';

/** A customer's users (contract/user.ts): the list and its totals, a user, an edit, the token pack calls. */

const ctx = sharedTestContext();
let operator: string;
let acme: { id: string };
let globex: { id: string };
let admin: string;
let directoryId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, json?: unknown) =>
  ctx.call(method, `/api${url}`, { token, json });

async function insertUsers(
  customerId: string,
  count: number,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const rows = Array.from({ length: count }, (_, index) => ({
    customerId,
    source: 'LDAP' as const,
    username: `${values.username ?? 'person'}${String(index + 1).padStart(3, '0')}`,
    displayName: `Person ${index + 1}`,
    email: `person${index + 1}@${customerId.slice(0, 4)}.example`,
    ...values,
    ...(values.username ? { username: `${values.username}${String(index + 1).padStart(3, '0')}` } : {}),
  }));
  return ctx.db.insert(users).values(rows).returning();
}

beforeAll(async () => {
  operator = await ctx.signInOperator();
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  globex = await ctx.createCustomer({ companyName: 'Globex' });
  const customerAdmin = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  admin = (await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdmin] })).token;
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId: acme.id, name: 'Head office', type: 'LDAP' })
    .returning();
  directoryId = directory!.id;
  await insertUsers(acme.id, 30, { directoryId });
  await insertUsers(acme.id, 5, { username: 'contractor', status: 'INACTIVE' });
  await ctx.db.insert(users).values({
    customerId: acme.id,
    source: 'CSV',
    username: 'zoe.quinn',
    displayName: 'Zoë Quinn',
    email: 'Zoe.Quinn@acme.example',
  });
  await insertUsers(globex.id, 3, { username: 'globex' });
});

const search = (query: string, token = admin, customerId = acme.id) =>
  call('GET', `/user-management/users/${customerId}/search?${query}`, token);

describe('the users list', () => {
  it('answers a page of 25 with the total, sorted by username, page numbers starting at 0', async () => {
    const first = await search('page=0&pageSize=25');
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(36);
    expect(first.body.content).toHaveLength(25);
    expect(first.body.content[0]).toMatchObject({
      username: 'contractor001',
      status: 'INACTIVE',
      directoryName: null,
    });
    const second = await search('page=1&pageSize=25');
    expect(second.body.content).toHaveLength(11);
    expect(second.body.content.at(-1).username).toBe('zoe.quinn');
    const seen = new Set(
      [...first.body.content, ...second.body.content].map((row: { id: string }) => row.id),
    );
    expect(seen.size).toBe(36);
  });

  it('finds users by a part of the username, the name or the email, ignoring case', async () => {
    // More matches than a page: the total counts them all.
    expect((await search('q=PERSON&pageSize=5')).body).toMatchObject({ totalElements: 35 });
    expect((await search('q=SON01')).body).toMatchObject({ totalElements: 10 });
    expect((await search('q=zoë')).body.content.map((row: { username: string }) => row.username)).toEqual([
      'zoe.quinn',
    ]);
    expect((await search('q=zoe.quinn@ACME')).body.totalElements).toBe(1);
    // Wildcards are text, not patterns.
    expect((await search('q=%25')).body.totalElements).toBe(0);
    expect((await search('q=_')).body.totalElements).toBe(0);
  });

  it('counts the matches of a search up to 1,000, then says more match, the rows in order either way', async () => {
    const initech = await ctx.createCustomer({ companyName: 'Initech' });
    const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
    const theirs = (await signedIn(ctx, { customerId: initech.id, roleIds: [role] })).token;
    await ctx.db.execute(sql`
      insert into users (customer_id, source, username, email)
      select ${initech.id}::uuid, 'LDAP', 'staff.jakub' || lpad(n::text, 4, '0'), 'j' || n || '@initech.example'
      from generate_series(1, ${USER_SEARCH_COUNT_UP_TO + 5}) as n`);
    await insertUsers(initech.id, 3, { username: 'aaron' });
    const names = (answer: { body: { content: { username: string }[] } }) =>
      answer.body.content.map((row) => row.username);

    const broad = await search('q=JAKUB&page=0&pageSize=25', theirs, initech.id);
    expect(broad.status).toBe(200);
    expect(broad.body).toMatchObject({ totalElements: USER_SEARCH_COUNT_UP_TO, totalCapped: true });
    expect(names(broad)[0]).toBe('staff.jakub0001');
    expect(names(broad)).toHaveLength(25);

    // 'jakub0' matches 0001 to 0999: counted exactly, and paged in username order to the last.
    const narrow = await search('q=jakub0&page=39&pageSize=25', theirs, initech.id);
    expect(narrow.body.totalElements).toBe(999);
    expect(narrow.body).not.toHaveProperty('totalCapped');
    expect(names(narrow)).toEqual(
      Array.from({ length: 24 }, (_, index) => `staff.jakub${String(976 + index).padStart(4, '0')}`),
    );
    const descending = await search(
      'q=jakub0&page=0&pageSize=3&sort=username&order=DESC',
      theirs,
      initech.id,
    );
    expect(names(descending)).toEqual(['staff.jakub0999', 'staff.jakub0998', 'staff.jakub0997']);
    // No search: the whole list's total, exact.
    expect((await search('page=0&pageSize=1', theirs, initech.id)).body).toMatchObject({
      totalElements: USER_SEARCH_COUNT_UP_TO + 8,
    });
    expect((await search('q=nobody-here', theirs, initech.id)).body).toMatchObject({
      totalElements: 0,
      content: [],
    });
  });

  it("pages a search in the list's order, nulls and equal values included, in the users list and a directory's", async () => {
    const hooli = await ctx.createCustomer({ companyName: 'Hooli' });
    const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
    const theirs = (await signedIn(ctx, { customerId: hooli.id, roleIds: [role] })).token;
    const [directory] = await ctx.db
      .insert(directories)
      .values({ customerId: hooli.id, name: 'Staff', type: 'LDAP' })
      .returning();
    const names = ['Ann', null, 'Bob', 'Ann', null, 'Cy'];
    const inserted = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: 23 }, (_, index) => ({
          customerId: hooli.id,
          source: 'LDAP' as const,
          username: `team.member${String(index + 1).padStart(2, '0')}`,
          displayName: names[index % names.length],
          directoryId: index % 2 ? directory!.id : null,
        })),
      )
      .returning();
    await insertUsers(hooli.id, 4, { username: 'other' });
    type Row = { id: string; username: string; displayName: string | null };
    // PostgreSQL's order: a null comes after every value (last ascending, first descending), equal values by id.
    const expected = (rows: readonly Row[], field: 'username' | 'displayName', order: 'ASC' | 'DESC') => {
      const sign = order === 'ASC' ? 1 : -1;
      return [...rows]
        .sort((a, b) => {
          const [x, y] = [a[field], b[field]];
          const byValue = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
          return sign * (byValue || (a.id < b.id ? -1 : 1));
        })
        .map((row) => row.id);
    };
    const pagesOf = async (path: string, query: string, total: number) => {
      const ids: string[] = [];
      for (let page = 0; page * 5 < total; page++) {
        const answer = await ctx.call('GET', `/api${path}?q=TEAM.member&pageSize=5&page=${page}&${query}`, {
          token: theirs,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.totalElements).toBe(total);
        ids.push(...answer.body.content.map((row: { id: string }) => row.id));
      }
      return ids;
    };
    const list = `/user-management/users/${hooli.id}/search`;
    for (const order of ['ASC', 'DESC'] as const) {
      expect(await pagesOf(list, `sort=displayName&order=${order}`, 23)).toEqual(
        expected(inserted, 'displayName', order),
      );
      expect(await pagesOf(list, `sort=username&order=${order}`, 23)).toEqual(
        expected(inserted, 'username', order),
      );
    }
    const inDirectory = inserted.filter((row) => row.directoryId === directory!.id);
    const directoryList = `/idm-ldap/users/r-${hooli.id}/users/connectors/${directory!.id}`;
    expect(await pagesOf(directoryList, 'sort=displayName&order=DESC', inDirectory.length)).toEqual(
      expected(inDirectory, 'displayName', 'DESC'),
    );
  });

  it("keeps the search index's pending entries under 512 kB (the embedded database runs no autovacuum)", async () => {
    // The index of the schema the tests run in (each worker has its own).
    const answer = (await ctx.db.execute(
      sql`select reloptions from pg_class where oid = to_regclass('users_search_idx')`,
    )) as unknown as { rows: { reloptions: string[] | null }[] };
    expect(answer.rows[0]?.reloptions).toEqual(['gin_pending_list_limit=512']);
  });

  it('filters by status and by directory, with totals that follow the filters', async () => {
    expect((await search('status=INACTIVE')).body.totalElements).toBe(5);
    expect((await search('status=ACTIVE')).body.totalElements).toBe(31);
    expect((await search(`directoryId=${directoryId}`)).body.totalElements).toBe(30);
    expect((await search(`directoryId=${directoryId}&status=INACTIVE`)).body.totalElements).toBe(0);
    expect((await search('status=ACTIVE&q=zoe')).body.totalElements).toBe(1);
  });

  it('sorts by the fields the contract names and refuses others', async () => {
    const byName = await search('sort=displayName&order=DESC&pageSize=3');
    expect(byName.body.content.map((row: { displayName: string }) => row.displayName)).toEqual([
      'Zoë Quinn',
      'Person 9',
      'Person 8',
    ]);
    expect((await search('sort=password')).status).toBe(400);
    expect((await search('pageSize=0')).status).toBe(400);
    expect((await search('status=GONE')).status).toBe(400);
  });

  it('keeps its totals right as users are added, deactivated and removed', async () => {
    const [extra] = await insertUsers(acme.id, 1, { username: 'temp' });
    expect((await search('')).body.totalElements).toBe(37);
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, extra!.id));
    expect((await search('status=INACTIVE')).body.totalElements).toBe(6);
    await ctx.db.delete(users).where(eq(users.id, extra!.id));
    expect((await search('')).body.totalElements).toBe(36);
    expect((await search('status=INACTIVE')).body.totalElements).toBe(5);
  });

  it('answers the sign-in page rule: the first ACTIVE user, page 0, page size 1', async () => {
    const answer = await search('page=0&pageSize=1&status=ACTIVE');
    expect(answer.body.content).toHaveLength(1);
    const none = await search(
      'page=0&pageSize=1&status=ACTIVE',
      operator,
      (await ctx.createCustomer({ companyName: 'Empty Co' })).id,
    );
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
  });
});

describe('a customer sees only its own users', () => {
  it("answers 404 for another customer's list, user and edit, whatever id is sent", async () => {
    const [theirs] = await ctx.db.select().from(users).where(eq(users.customerId, globex.id)).limit(1);
    expect((await search('', admin, globex.id)).status).toBe(404);
    expect((await call('GET', `/user-management/users/${acme.id}/${theirs!.id}`, admin)).status).toBe(404);
    expect((await call('GET', `/user-management/users/${globex.id}/${theirs!.id}`, admin)).status).toBe(404);
    const edit = await call('PUT', `/user-management/users/${acme.id}/${theirs!.id}`, admin, {
      displayName: 'Mine',
    });
    expect(edit.status).toBe(404);
    const details = await call('GET', `/user-management/users/${acme.id}/details?ids=${theirs!.id}`, admin);
    expect(details.body).toEqual([]);
    const pin = await call(
      'PUT',
      `/user-management/users/send-ts-apin/${theirs!.id}?customerId=${acme.id}`,
      admin,
    );
    expect(pin.status).toBe(404);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, theirs!.id));
    expect(after!.displayName).toBe(theirs!.displayName);
  });

  it('lets an operator read a customer it entered', async () => {
    expect((await search('', operator, globex.id)).body.totalElements).toBe(3);
  });

  it('refuses an account without user-management:view', async () => {
    const role = await ctx.createRole({
      name: 'directories only',
      customerId: acme.id,
      permissions: ['directories:view'],
    });
    const { token } = await signedIn(ctx, { customerId: acme.id, roleIds: [role.id] });
    const answer = await search('', token);
    expect(answer.status).toBe(403);
    expect(answer.body.messageKey).toBe('error.action.notallow');
  });
});

describe('one user', () => {
  it('is read with its directory, and several in the order asked', async () => {
    const page = await search('q=person001');
    const [row] = page.body.content;
    const one = await call('GET', `/user-management/users/${acme.id}/${row.id}`, admin);
    expect(one.body).toMatchObject({
      username: 'person001',
      directoryId,
      directoryName: 'Head office',
      source: 'LDAP',
    });
    const zoe = (await search('q=zoe')).body.content[0];
    const many = await call(
      'GET',
      `/user-management/users/${acme.id}/details?ids=${zoe.id},${row.id},nonsense`,
      admin,
    );
    expect(many.body.map((user: { username: string }) => user.username)).toEqual(['zoe.quinn', 'person001']);
  });

  it('is edited (display name, email, phone, status) with an audit entry; the username stays', async () => {
    const row = (await search('q=person002')).body.content[0];
    const answer = await call('PUT', `/user-management/users/${acme.id}/${row.id}`, admin, {
      ...row,
      displayName: '  Pat Doe ',
      email: 'Pat.Doe@Acme.example',
      mobilePhone: '+1 202 555 0102',
      status: 'INACTIVE',
      username: 'renamed',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      username: 'person002',
      displayName: 'Pat Doe',
      email: 'pat.doe@acme.example',
      mobilePhone: '+1 202 555 0102',
      status: 'INACTIVE',
    });
    const [entry] = await auditOf(ctx, row.id);
    expect(entry).toMatchObject({ tableName: 'User', action: 'UPDATE', customerId: acme.id });
    expect(entry!.changes).toMatchObject({ status: { before: 'ACTIVE', after: 'INACTIVE' } });
  });

  it('refuses a bad email or an unknown field with a 400 and changes nothing', async () => {
    const row = (await search('q=person003')).body.content[0];
    const bad = await call('PUT', `/user-management/users/${acme.id}/${row.id}`, admin, {
      email: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.messageKey).toBe('error.validation.invalid');
    const unknown = await call('PUT', `/user-management/users/${acme.id}/${row.id}`, admin, {
      password: 'x',
    });
    expect(unknown.status).toBe(400);
    const after = await call('GET', `/user-management/users/${acme.id}/${row.id}`, admin);
    expect(after.body.email).toBe(row.email);
  });

  it("answers the V-Key app message when the user's app is not activated", async () => {
    const row = (await search('q=person004')).body.content[0];
    const answer = await call(
      'PUT',
      `/user-management/users/send-ts-apin/${row.id}?customerId=${acme.id}`,
      admin,
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      messageKey: 'error.user.appNotActivated',
      message:
        'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
    });
  });

  it("answers 404 for a token pack that is not the customer's, and for another customer's user", async () => {
    const row = (await search('q=person005')).body.content[0];
    const somePack = '00000000-0000-4000-8000-000000000001';
    const history = await call(
      'GET',
      `/user-management/users/${somePack}/history/${row.id}?customerId=${acme.id}&page=0&pageSize=10`,
      admin,
    );
    expect(history.status).toBe(404);
    expect(history.body.messageKey).toBe('error.tokenPack.notFound');
    const devices = await call(
      'GET',
      `/user-management/users/${somePack}/get-device-id/${row.id}?customerId=${acme.id}`,
      admin,
    );
    expect(devices.body.messageKey).toBe('error.tokenPack.notFound');
    // Another customer's user is not found before any token pack is looked for.
    const [theirs] = await ctx.db.select().from(users).where(eq(users.customerId, globex.id)).limit(1);
    const foreign = await call(
      'GET',
      `/user-management/users/${somePack}/history/${theirs!.id}?customerId=${acme.id}`,
      admin,
    );
    expect(foreign.body.messageKey).toBe('error.user.notFound');
  });
});
