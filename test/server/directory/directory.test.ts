import { eq } from 'drizzle-orm';
import { Client } from 'ldapts';
import { auditLog, directories, users } from '../../../server/db/schema.ts';
import { syncEnded } from '../../../server/features/directory/sync.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { closedPort, type Slapd, startSlapd } from '../../support/slapd.ts';
import { auditOf, builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { immutableIdInSlapd, readerSettings } from '../fixtures/ldap.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * Directories (contract/directory.ts) against a real OpenLDAP: CRUD with write-only secrets, the connection
 * test, the synchronisation, the directory users (edit, password reset, CSV upload), and customer scope.
 */

let ctx: TestContext;
let slapd: Slapd;
let acme: { id: string };
let globex: { id: string };
let admin: string;
let rival: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, json?: unknown, token = admin) =>
  ctx.call(method, `/api${url}`, { token, json });

const base = () => `/idm-ldap/ldap/${acme.id}`;

const ldapForm = (values: Record<string, unknown> = {}) => ({
  name: `Head office ${Math.random().toString(36).slice(2, 8)}`,
  type: 'LDAP',
  ...readerSettings(slapd),
  ...values,
});

/** A REST directory's form, without authentication, listing its users at `listUsersUrl`. */
const restForm = (name: string, listUsersUrl: string) => ({
  name,
  type: 'REST',
  restAuthentication: 'NONE',
  listUsersUrl,
});

async function create(values: Record<string, unknown> = {}) {
  const answer = await call('POST', base(), ldapForm(values));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

async function synchronise(id: string) {
  const started = await call('POST', `${base()}/${id}/sync`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.status).toBe('RUNNING');
  await syncEnded(id);
  const state = await call('GET', `${base()}/${id}/sync`);
  return state.body;
}

beforeAll(async () => {
  slapd = await startSlapd({ users: 120 });
  ctx = await createTestContext();
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  globex = await ctx.createCustomer({ companyName: 'Globex' });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  admin = (await signedIn(ctx, { customerId: acme.id, roleIds: [role] })).token;
  rival = (await signedIn(ctx, { customerId: globex.id, roleIds: [role] })).token;
});
afterAll(async () => {
  await ctx?.close();
  await slapd?.stop();
});

describe('a directory', () => {
  it('is created, read and listed without its password, which is kept', async () => {
    const id = await create({ name: 'Stored secret' });
    const read = await call('GET', `${base()}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      name: 'Stored secret',
      type: 'LDAP',
      passwordSet: true,
      emailAttribute: 'mail',
      userCount: 0,
      lastSync: { status: 'IDLE' },
    });
    expect(JSON.stringify(read.body)).not.toContain(slapd.reader.password);
    const list = await call('GET', `${base()}/search?q=stored`);
    expect(list.body.totalElements).toBe(1);
    expect(JSON.stringify(list.body)).not.toContain(slapd.reader.password);
    const [row] = await ctx.db.select().from(directories).where(eq(directories.id, id));
    expect(row!.password).toBe(slapd.reader.password);
    // The audit log says the password was set, not what it is.
    const [entry] = await auditOf(ctx, id);
    expect(entry!.changes).toMatchObject({ password: { before: null, after: '(hidden)' } });
  });

  it('keeps its password when an edit leaves it empty, and replaces it when one is given', async () => {
    const id = await create();
    const read = (await call('GET', `${base()}/${id}`)).body;
    const kept = await call('PUT', `${base()}/${id}`, { ...read, password: '', port: 389 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const [row] = await ctx.db.select().from(directories).where(eq(directories.id, id));
    expect(row!.password).toBe(slapd.reader.password);
    await call('PUT', `${base()}/${id}`, { ...read, password: 'another-one' });
    const [after] = await ctx.db.select().from(directories).where(eq(directories.id, id));
    expect(after!.password).toBe('another-one');
  });

  it('keeps the fields of its type only', async () => {
    const answer = await call('POST', base(), {
      name: 'Cloud',
      type: 'AZURE',
      tenantId: 'contoso.onmicrosoft.com',
      applicationId: '11111111-2222-3333-4444-555555555555',
      secret: 'client-secret',
      host: 'ldap.example.com',
      baseDn: 'dc=example,dc=com',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const read = (await call('GET', `${base()}/${answer.body.id}`)).body;
    expect(read).toMatchObject({
      type: 'AZURE',
      host: null,
      baseDn: null,
      secretSet: true,
      graphUrl: 'https://graph.microsoft.com',
    });
  });

  it.each([
    ['an unreachable-looking host', { host: 'not a host!' }, 'host'],
    ['a malformed DN', { baseDn: 'this is not a dn' }, 'baseDn'],
    ['a port out of range', { port: 70000 }, 'port'],
    ['a login pattern without {username}', { userLoginPattern: '(uid=*)' }, 'userLoginPattern'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, values, field) => {
    const answer = await call('POST', base(), ldapForm({ name: `Refused ${field}`, ...values }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
    const rows = await ctx.db
      .select()
      .from(directories)
      .where(eq(directories.name, `Refused ${field}`));
    expect(rows).toEqual([]);
  });

  it('refuses a REST directory whose URL is not http(s), and a missing required field', async () => {
    const url = await call('POST', base(), restForm('Rest', 'ftp://example.com/users'));
    expect(url.status).toBe(400);
    expect(url.body.message).toContain('listUsersUrl');
    const missing = await call('POST', base(), ldapForm({ name: 'No DN', userDn: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ messageKey: 'error.directory.missingField' });
  });

  it('has a name unique in its customer, ignoring case, and cannot change its type', async () => {
    const id = await create({ name: 'Unique Name' });
    const again = await call('POST', base(), ldapForm({ name: 'unique name' }));
    expect(again.status).toBe(409);
    expect(again.body.messageKey).toBe('error.directory.nameExisted');
    const otherCustomer = await call(
      'POST',
      `/idm-ldap/ldap/${globex.id}`,
      ldapForm({ name: 'Unique Name' }),
      rival,
    );
    expect(otherCustomer.status).toBe(201);
    const retyped = await call('PUT', `${base()}/${id}`, restForm('Unique Name', 'https://x.example/users'));
    expect(retyped.status).toBe(400);
    expect(retyped.body.messageKey).toBe('error.directory.typeChanged');
  });

  it("is another customer's 404, whatever id is sent", async () => {
    const id = await create();
    expect((await call('GET', `/idm-ldap/ldap/${globex.id}/${id}`, undefined, rival)).status).toBe(404);
    expect((await call('GET', `/idm-ldap/ldap/${acme.id}/${id}`, undefined, rival)).status).toBe(404);
    expect((await call('PUT', `/idm-ldap/ldap/${globex.id}/${id}`, ldapForm(), rival)).status).toBe(404);
    expect(
      (await call('DELETE', `/idm-ldap/ldap/${id}?customerId=${globex.id}`, undefined, rival)).status,
    ).toBe(404);
    expect((await call('POST', `/idm-ldap/ldap/${globex.id}/${id}/sync`, undefined, rival)).status).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/idm-ldap/ldap/${globex.id}/test-connection`,
          { ...ldapForm(), id, password: '' },
          rival,
        )
      ).status,
    ).toBe(404);
    expect((await call('GET', `${base()}/${id}`)).status).toBe(200);
  });
});

describe('testing the connection against OpenLDAP', () => {
  const test = (values: Record<string, unknown>) =>
    call('POST', `${base()}/test-connection`, ldapForm(values));

  it("answers 'Connection is successful!' with the users found", async () => {
    const answer = await test({});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'Connection is successful!' });
  });

  it.each([
    ['a wrong password', { password: 'wrong' }, 'credentials'],
    ['a base DN that does not exist', { baseDn: 'ou=nobody,dc=example,dc=test' }, 'baseDn'],
  ])('answers "Can\'t connect to LDAP server!" for %s, with the reason', async (_, values, reason) => {
    const answer = await test(values);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, message: "Can't connect to LDAP server!", reason });
    expect(answer.body.detail).toEqual(expect.any(String));
    expect(answer.body.detail).not.toContain('wrong');
  });

  it('answers refused for a closed port', async () => {
    const answer = await test({ port: await closedPort() });
    expect(answer.body).toMatchObject({ success: false, reason: 'refused' });
  });

  it('says whether the account may change passwords, changing none to find out', async () => {
    const reader = await test({});
    expect(reader.body).toMatchObject({ success: true, passwordWritable: false });
    const writer = await test({ userDn: slapd.writer.dn, password: slapd.writer.password });
    expect(writer.body).toMatchObject({ success: true, passwordWritable: true });
    // The first user's password, which the question was asked on, is still the one it had.
    const client = new Client({ url: slapd.url });
    await client.bind(`uid=user00001,${slapd.peopleDn}`, 'Password1!');
    await client.unbind();
  });

  it('uses the stored password of a directory named by its id', async () => {
    const id = await create();
    const answer = await call('POST', `${base()}/test-connection`, { ...ldapForm(), id, password: '' });
    expect(answer.body.success).toBe(true);
  });

  it('asks for all mandatory fields before testing', async () => {
    const answer = await test({ userDn: '', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      messageKey: 'error.directory.mandatoryFields',
      message: 'Please input all mandatory fields before testing the connection',
    });
  });
});

describe('synchronising the users of an LDAP directory', () => {
  it('adds, updates and deactivates users, in one run, with a summary', async () => {
    const id = await create({ name: 'Synced' });
    const first = await synchronise(id);
    expect(first).toMatchObject({
      status: 'DONE',
      added: 120,
      updated: 0,
      deactivated: 0,
      failed: 0,
      total: 120,
    });
    const listed = await call('GET', `/idm-ldap/users/r-${acme.id}/users/connectors/${id}?pageSize=5`);
    expect(listed.body.totalElements).toBe(120);
    expect(listed.body.content[0]).toMatchObject({
      username: 'user00001',
      email: 'user00001@example.test',
      source: 'LDAP',
    });
    // Each user keeps the directory's immutable identifier (an Office 365 sign-in names the user by it).
    const [kept] = await ctx.db.select().from(users).where(eq(users.id, listed.body.content[0].id));
    expect(kept?.immutableId).toBe(await immutableIdInSlapd(slapd, 'user00001'));

    await slapd.setAttribute(`uid=user00002,${slapd.peopleDn}`, 'mail', 'renamed@example.test');
    await slapd.deleteUser('user00003');
    const second = await synchronise(id);
    expect(second).toMatchObject({ status: 'DONE', added: 0, updated: 1, deactivated: 1 });
    const changed = await call('GET', `/idm-ldap/users/r-${acme.id}/users/connectors/${id}?q=user00002`);
    expect(changed.body.content[0].email).toBe('renamed@example.test');
    const gone = await call('GET', `/idm-ldap/users/r-${acme.id}/users/connectors/${id}?status=INACTIVE`);
    expect(gone.body.content.map((user: { username: string }) => user.username)).toEqual(['user00003']);
    const directory = await call('GET', `${base()}/${id}`);
    expect(directory.body).toMatchObject({ userCount: 120, lastSync: { status: 'DONE', deactivated: 1 } });
  });

  it('writes one audit entry a run: the directory, who started it and the counts, none per user', async () => {
    const id = await create({ name: 'Audited sync' });
    // The usernames are the earlier directory's: freed first, so that this run adds them.
    await ctx.db.delete(users).where(eq(users.customerId, acme.id));
    await ctx.db.delete(auditLog).where(eq(auditLog.customerId, acme.id));
    // A user of this test's own, gone before the second run (the earlier test deleted user00003).
    await slapd.addUser('audited01', { mail: 'audited01@example.test' });
    expect(await synchronise(id)).toMatchObject({ status: 'DONE', added: 120 });
    await slapd.setAttribute(`uid=user00004,${slapd.peopleDn}`, 'mail', 'moved@example.test');
    await slapd.deleteUser('audited01');
    expect(await synchronise(id)).toMatchObject({ status: 'DONE', added: 0, updated: 1, deactivated: 1 });

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.customerId, acme.id));
    expect(entries.filter((entry) => entry.tableName === 'User')).toEqual([]);
    const log = await call('GET', `/audit/${acme.id}/search?entityId=${id}&sort=modifiedDate&order=ASC`);
    expect(log.status).toBe(200);
    const runs = (log.body.content as Record<string, unknown>[]).filter((entry) => entry.action === 'SYNC');
    expect(runs).toEqual([
      expect.objectContaining({
        table: 'Directory',
        entityId: id,
        entityName: 'Audited sync',
        modifiedByName: 'Ada Lovelace',
        changes: {
          added: { before: null, after: 120 },
          updated: { before: null, after: 0 },
          deactivated: { before: null, after: 0 },
        },
      }),
      expect.objectContaining({
        entityName: 'Audited sync',
        changes: {
          added: { before: null, after: 0 },
          updated: { before: null, after: 1 },
          deactivated: { before: null, after: 1 },
        },
      }),
    ]);
  });

  it('fails as a whole, writing nothing, when the directory cannot be read', async () => {
    const id = await create({ name: 'Broken', password: 'wrong-password' });
    const state = await synchronise(id);
    expect(state).toMatchObject({
      status: 'FAILED',
      added: 0,
      error: { messageKey: 'error.directory.syncFailed' },
    });
    const rows = await ctx.db.select().from(users).where(eq(users.directoryId, id));
    expect(rows).toEqual([]);
  });

  it('refuses a second run while one is going on', async () => {
    const id = await create({ name: 'Twice' });
    const first = await call('POST', `${base()}/${id}/sync`);
    const second = await call('POST', `${base()}/${id}/sync`);
    await syncEnded(id);
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(second.body.messageKey).toBe('error.directory.syncRunning');
  });
});

describe('the users of a directory', () => {
  let directoryId: string;
  const usersBase = () => `/idm-ldap/users/r-${acme.id}/users/connectors/${directoryId}`;
  const upload = (content: string | Buffer, name = 'users.csv', query = '') => {
    const boundary = '----directory-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api${usersBase()}/upload-csv-file${query}`,
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
  };

  beforeAll(async () => {
    // The usernames the earlier synchronisations brought in are free again (a username is the customer's).
    await ctx.db.delete(users).where(eq(users.customerId, acme.id));
    directoryId = await create({
      name: 'Writable',
      userDn: slapd.writer.dn,
      password: slapd.writer.password,
      // Hybrid: users may also be imported into it from a CSV file.
      hybrid: true,
    });
    expect(await synchronise(directoryId)).toMatchObject({ status: 'DONE', added: 119 });
  });

  it("resets a user's password in LDAP when the configured account may", async () => {
    const found = await call('GET', `${usersBase()}?q=user00010`);
    expect(found.body.content, JSON.stringify(found.body)).toHaveLength(1);
    const user = found.body.content[0];
    const answer = await call('PUT', `${usersBase()}/users/${user.id}/reset-password`, {
      password: 'New-Password-10',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const client = new Client({ url: slapd.url });
    await client.bind(`uid=user00010,${slapd.peopleDn}`, 'New-Password-10');
    await client.unbind();
  });

  it('says so when the directory does not let its account change passwords', async () => {
    const readOnly = await create({ name: 'Read only' });
    await synchronise(readOnly);
    const list = await call('GET', `/idm-ldap/users/r-${acme.id}/users/connectors/${readOnly}?q=user00011`);
    // The username is taken by the first directory: this one brought in nobody.
    expect(list.body.totalElements).toBe(0);
    const mine = (await call('GET', `${usersBase()}?q=user00011`)).body.content[0];
    await ctx.db
      .update(directories)
      .set({ userDn: slapd.reader.dn, password: slapd.reader.password })
      .where(eq(directories.id, directoryId));
    const answer = await call('PUT', `${usersBase()}/users/${mine.id}/reset-password`, {
      password: 'New-Password-11',
    });
    await ctx.db
      .update(directories)
      .set({ userDn: slapd.writer.dn, password: slapd.writer.password })
      .where(eq(directories.id, directoryId));
    expect(answer.status).toBe(409);
    expect(answer.body.messageKey).toBe('error.directory.passwordRefused');
  });

  it('edits a directory user in the portal', async () => {
    const user = (await call('GET', `${usersBase()}?q=user00012`)).body.content[0];
    const answer = await call('PUT', `${usersBase()}/users/${user.id}`, { displayName: 'Twelve' });
    expect(answer.body).toMatchObject({ username: 'user00012', displayName: 'Twelve' });
  });

  it('takes a CSV file row by row, reporting each row it cannot take', async () => {
    const csv = [
      'username,email,displayName,status',
      'csv.one,one@example.test,CSV One,ACTIVE',
      'csv.two,not-an-email,CSV Two,',
      ',nobody@example.test,No Name,',
      'csv.one,again@example.test,Again,',
      'user00013,thirteen@example.test,Thirteen,INACTIVE',
      'csv.three,three@example.test,CSV Three',
      '"csv.four",four@example.test,"Four, the fourth",',
    ].join('\n');
    const answer = await upload(csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      dryRun: false,
      encoding: 'UTF-8',
      delimiter: ',',
      added: 2,
      updated: 1,
      unchanged: 0,
      rows: [
        { line: 2, username: 'csv.one', outcome: 'CREATE' },
        { line: 3, username: 'csv.two', outcome: 'REFUSED' },
        { line: 4, username: '', outcome: 'REFUSED' },
        { line: 5, username: 'csv.one', outcome: 'REFUSED' },
        { line: 6, username: 'user00013', outcome: 'UPDATE' },
        { line: 7, username: 'csv.three', outcome: 'REFUSED' },
        { line: 8, username: 'csv.four', outcome: 'CREATE' },
      ],
      failed: [
        { line: 3, reason: expect.stringContaining('not an email') },
        { line: 4, reason: expect.stringContaining('username is empty') },
        { line: 5, reason: expect.stringContaining('line 2') },
        { line: 7, reason: expect.stringContaining('3 values') },
      ],
    });
    const four = (await call('GET', `${usersBase()}?q=csv.four`)).body.content[0];
    expect(four).toMatchObject({ displayName: 'Four, the fourth', source: 'CSV' });
  });

  it.each([
    ['a wrong header', 'name,email\nx,y@example.test', 'error.csv.header', 400],
    [
      'a binary file',
      Buffer.concat([Buffer.from('username\n'), Buffer.alloc(64, 0)]),
      'error.csv.unreadable',
      400,
    ],
    ['a broken quote', 'username,email\n"open,x@example.test', 'error.csv.unreadable', 400],
    ['a file over the limit', Buffer.alloc(17 * 1024 * 1024, 0x61), 'error.csv.tooLarge', 413],
  ])('refuses %s whole, writing nothing', async (_, content, key, status) => {
    const before = await call('GET', usersBase());
    const answer = await upload(content);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().messageKey).toBe(key);
    const after = await call('GET', usersBase());
    expect(after.body.totalElements).toBe(before.body.totalElements);
  });

  /** Windows-1252 bytes of a text (its characters all in that code page). */
  const windows1252 = (text: string) =>
    Buffer.from(
      [...text].map((character) => {
        const high: Record<string, number> = { '€': 0x80, '’': 0x92, Œ: 0x8c };
        const code = high[character] ?? character.charCodeAt(0);
        if (code > 0xff) throw new Error(`not in Windows-1252: ${character}`);
        return code;
      }),
    );

  it('checks a semicolon CSV in Windows-1252 with a mapping, writing nothing, then imports it as checked', async () => {
    const csv = windows1252(
      [
        'Prénom;Nom;Identifiant;Courriel;Téléphone',
        'Zoë;D’Arcy;win.zoe;zoe@example.test;+84 90 123 45 67',
        'Œdipe;Müller;win.oedipe;not-an-email;',
        'Renée;Faßbinder;user00014;fourteen@example.test;',
      ].join('\r\n'),
    );
    const mapping = { firstName: 0, lastName: 1, username: 2, email: 3, mobilePhone: 4 };
    const query = (dryRun: boolean) =>
      `?dryRun=${dryRun}&mapping=${encodeURIComponent(JSON.stringify(mapping))}`;
    const before = await ctx.db.select().from(users).where(eq(users.directoryId, directoryId));
    const auditsBefore = await ctx.db.select().from(auditLog);

    const check = await upload(csv, 'users.csv', query(true));
    expect(check.statusCode, check.body).toBe(200);
    const checked = check.json();
    expect(checked).toMatchObject({
      dryRun: true,
      encoding: 'Windows-1252',
      delimiter: ';',
      added: 1,
      updated: 1,
      unchanged: 0,
      rows: [
        { line: 2, username: 'win.zoe', outcome: 'CREATE' },
        { line: 3, username: 'win.oedipe', outcome: 'REFUSED' },
        { line: 4, username: 'user00014', outcome: 'UPDATE' },
      ],
      failed: [{ line: 3, reason: expect.stringContaining('not an email') }],
    });
    // Nothing written: not a user, not a change, not an audit entry.
    expect(await ctx.db.select().from(users).where(eq(users.directoryId, directoryId))).toEqual(before);
    expect(await ctx.db.select().from(auditLog)).toHaveLength(auditsBefore.length);

    const done = await upload(csv, 'users.csv', query(false));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ ...checked, dryRun: false });
    const zoe = (await call('GET', `${usersBase()}?q=win.zoe`)).body.content[0];
    // The first and last names joined as the display name, in the characters the file meant.
    expect(zoe).toMatchObject({ displayName: 'Zoë D’Arcy', email: 'zoe@example.test', source: 'CSV' });
    const fourteen = (await call('GET', `${usersBase()}?q=user00014`)).body.content[0];
    expect(fourteen).toMatchObject({ displayName: 'Renée Faßbinder', email: 'fourteen@example.test' });
    // The same file again: every row it took is unchanged.
    const again = await upload(csv, 'users.csv', query(true));
    expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });

  it('reads a tab-separated UTF-8 file with a byte-order mark, its columns guessed from the header', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('E-mail\tLogin\tFull name\tNotes\ntab@example.test\ttab.user\tTab Ünïcode\tignored\n'),
    ]);
    const answer = await upload(csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ encoding: 'UTF-8', delimiter: '\t', added: 1, failed: [] });
    const tab = (await call('GET', `${usersBase()}?q=tab.user`)).body.content[0];
    expect(tab).toMatchObject({ email: 'tab@example.test', displayName: 'Tab Ünïcode' });
  });

  it.each([
    ['not JSON', 'username', 'it is not JSON'],
    ['no username', JSON.stringify({ email: 1 }), 'no column is mapped to the username'],
    ['a column the file does not have', JSON.stringify({ username: 7 }), 'the file has no column 8'],
    ['a column used twice', JSON.stringify({ username: 0, email: 0 }), 'a column is mapped twice'],
    ['an unknown field', JSON.stringify({ username: 0, password: 1 }), 'password is not a field'],
    ['both names', JSON.stringify({ username: 0, displayName: 1, firstName: 2 }), 'not both'],
  ])('refuses a mapping with %s, writing nothing', async (_, mapping, detail) => {
    const before = await ctx.db.select().from(users).where(eq(users.directoryId, directoryId));
    const answer = await upload(
      'a,b,c\nmapped.user,Mapped,User',
      'users.csv',
      `?mapping=${encodeURIComponent(mapping)}`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      messageKey: 'error.csv.mapping',
      message: expect.stringContaining(detail),
    });
    expect(await ctx.db.select().from(users).where(eq(users.directoryId, directoryId))).toEqual(before);
  });

  it('keeps the users imported into a hybrid directory when a synchronisation does not list them', async () => {
    const answer = await upload('username,email\ncloud.only,cloud.only@example.test');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await synchronise(directoryId)).toMatchObject({ status: 'DONE', deactivated: 0 });
    const kept = (await call('GET', `${usersBase()}?q=cloud.only`)).body.content[0];
    expect(kept).toMatchObject({ source: 'CSV', status: 'ACTIVE' });
  });

  it('refuses a CSV file for a directory that is not hybrid, saying how to import it, writing nothing', async () => {
    const strict = await create({ name: 'Not hybrid', hybrid: false });
    const before = await ctx.db.select().from(users).where(eq(users.directoryId, strict));
    const boundary = '----not-hybrid';
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/idm-ldap/users/r-${acme.id}/users/connectors/${strict}/upload-csv-file`,
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\nusername\nwould.vanish\r\n--${boundary}--\r\n`,
      ),
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      messageKey: 'error.csv.notHybrid',
      message: expect.stringContaining(
        'Turn Hybrid on in its settings, or import the users into a hybrid directory',
      ),
    });
    expect(await ctx.db.select().from(users).where(eq(users.directoryId, strict))).toEqual(before);
  });

  it("is another customer's 404", async () => {
    const answer = await call(
      'GET',
      `/idm-ldap/users/r-${globex.id}/users/connectors/${directoryId}`,
      undefined,
      rival,
    );
    expect(answer.status).toBe(404);
    expect(
      (await call('GET', `/idm-ldap/users/r-${acme.id}/users/connectors/${directoryId}`, undefined, rival))
        .status,
    ).toBe(404);
  });

  it('goes with its directory when the directory is deleted', async () => {
    const id = await create({ name: 'Short lived' });
    await ctx.db
      .insert(users)
      .values({ customerId: acme.id, directoryId: id, source: 'LDAP', username: 'short.lived' });
    const answer = await call('DELETE', `/idm-ldap/ldap/${id}?customerId=${acme.id}`);
    expect(answer.status).toBe(200);
    const rows = await ctx.db.select().from(users).where(eq(users.username, 'short.lived'));
    expect(rows).toEqual([]);
  });
});
