import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { auditLog, customers, roles } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { OPERATOR_EMAIL, sharedTestContext, uniqueEmail } from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';
const PNG = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;

const ctx = sharedTestContext();
let token: string;

beforeAll(async () => {
  token = await ctx.signInOperator();
});

const post = (url: string, json: unknown) => ctx.call('POST', `/api${url}`, { token, json });
const put = (url: string, json: unknown) => ctx.call('PUT', `/api${url}`, { token, json });
const get = (url: string) => ctx.call('GET', `/api${url}`, { token });

const auditOf = (entityId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.modifiedDate));

let counter = 0;
/** A customer created through the API, with a name no other test uses. */
async function newCustomer(values: Record<string, unknown> = {}) {
  counter += 1;
  const body = {
    companyName: `Company ${counter} ${randomUUID().slice(0, 8)}`,
    contactEmail: `contact${counter}@company.example`,
    contactPhone: '+65 6000 0000',
    ...values,
  };
  const answer = await post('/customer/create', body);
  expect(answer.status).toBe(201);
  return { id: answer.body.id as string, ...body };
}

describe('creating and reading a customer', () => {
  it('creates a customer and answers its id; the record reads back with every field', async () => {
    const answer = await post('/customer/create', {
      companyName: '  Initech  ',
      contactEmail: 'Bill@Initech.Example',
      contactPhone: '555-0100',
      logo: PNG,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String) });

    const record = await get(`/customer/${answer.body.id}`);
    expect(record.status).toBe(200);
    expect(record.body).toEqual({
      id: answer.body.id,
      companyName: 'Initech',
      contactEmail: 'bill@initech.example',
      contactPhone: '555-0100',
      status: 'ACTIVE',
      logo: PNG,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('takes a customer without phone or logo, and an https logo', async () => {
    const bare = await post('/customer/create', { companyName: 'Bare', contactEmail: 'b@bare.example' });
    expect((await get(`/customer/${bare.body.id}`)).body).toMatchObject({ contactPhone: '', logo: null });
    const linked = await post('/customer/create', {
      companyName: 'Linked',
      contactEmail: 'l@linked.example',
      logo: 'https://cdn.example/logo.png',
    });
    expect((await get(`/customer/${linked.body.id}`)).body.logo).toBe('https://cdn.example/logo.png');
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const answer = await get(`/customer/${id}`);
    expect(answer).toMatchObject({
      status: 404,
      body: { messageKey: 'error.customer.notFound', message: 'Customer not found' },
    });
  });

  it('answers the details of several customers in the order asked, leaving out unknown ids', async () => {
    const first = await newCustomer();
    const second = await newCustomer();
    const answer = await post('/customer/get-customers-detail', {
      ids: [second.id, randomUUID(), first.id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: { companyName: string }) => row.companyName)).toEqual([
      second.companyName,
      first.companyName,
    ]);
    expect((await post('/customer/get-customers-detail', { ids: [] })).body).toEqual([]);
    expect((await post('/customer/get-customers-detail', { ids: ['x'] })).status).toBe(400);
  });
});

describe('company names', () => {
  const TAKEN = {
    status: 409,
    body: {
      messageKey: 'error.customer.companyNameExisted',
      message: 'A customer with this company name already exists.',
    },
  };

  it('refuses a company name another customer has, in any case, and writes nothing', async () => {
    const first = await newCustomer();
    const count = async () => (await ctx.db.select({ id: customers.id }).from(customers)).length;
    const before = await count();
    for (const companyName of [first.companyName, `  ${first.companyName.toUpperCase()} `]) {
      const answer = await post('/customer/create', { companyName, contactEmail: 'other@company.example' });
      expect(answer).toMatchObject(TAKEN);
    }
    expect(await count()).toBe(before);
  });

  it("refuses renaming a customer to another's name, but keeps its own name in a new case", async () => {
    const first = await newCustomer();
    const second = await newCustomer();
    const form = { companyName: first.companyName.toLowerCase(), contactEmail: second.contactEmail };
    expect(await put(`/customer/${second.id}/update_profile`, form)).toMatchObject(TAKEN);
    expect((await get(`/customer/${second.id}`)).body.companyName).toBe(second.companyName);
    const renamed = await put(`/customer/${first.id}/update_profile`, {
      companyName: first.companyName.toUpperCase(),
      contactEmail: first.contactEmail,
    });
    expect(renamed.body.companyName).toBe(first.companyName.toUpperCase());
  });

  it('gives one of two creates sent together the name', async () => {
    const companyName = `Twins ${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      ['a', 'b'].map((x) => post('/customer/create', { companyName, contactEmail: `${x}@twins.example` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});

describe('validation of the customer form', () => {
  const valid = { companyName: 'Valid Co', contactEmail: 'valid@valid.example', contactPhone: '1' };

  it.each([
    ['an invalid contact email', { contactEmail: 'not-an-email' }, 'error.email.invalid', 'Invalid Email'],
    ['an empty contact email', { contactEmail: '' }, 'error.email.invalid', 'Invalid Email'],
  ])('refuses %s', async (_, change, messageKey, message) => {
    const answer = await post('/customer/create', { ...valid, ...change });
    expect(answer).toMatchObject({ status: 400, body: { messageKey, message } });
  });

  it.each([
    ['an empty company name', { companyName: '' }, 'companyName'],
    ['a blank company name', { companyName: '   ' }, 'companyName'],
    ['a company name over 200 characters', { companyName: 'x'.repeat(201) }, 'companyName'],
    ['a phone over 40 characters', { contactPhone: '1'.repeat(41) }, 'contactPhone'],
    ['a logo that is not https or an image', { logo: 'http://cdn.example/logo.png' }, 'logo'],
    ['a logo over 200000 characters', { logo: `data:image/png;base64,${'A'.repeat(200_000)}` }, 'logo'],
    ['an unknown field', { website: 'https://x.example' }, 'website'],
    ['a missing company name', { companyName: undefined }, 'companyName'],
  ])('refuses %s, naming the field, and creates nothing', async (_, change, field) => {
    const before = await ctx.db.select({ id: customers.id }).from(customers);
    const answer = await post('/customer/create', { ...valid, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.params.field).toBe(field);
    expect(await ctx.db.select({ id: customers.id }).from(customers)).toHaveLength(before.length);
  });
});

describe('searching customers', () => {
  const tag = `srch${randomUUID().slice(0, 6)}`;
  const made: { id: string; companyName: string }[] = [];

  beforeAll(async () => {
    for (const [index, name] of ['Charlie', 'Alpha', 'Bravo', 'Delta', 'Echo'].entries()) {
      made.push(
        await newCustomer({
          companyName: `${name} ${tag}`,
          contactEmail: `${name.toLowerCase()}@${tag}.example`,
          contactPhone: String(index),
        }),
      );
    }
    await post('/customer/deactivate', { id: made[3]!.id });
  });

  const search = (body: Record<string, unknown>) =>
    post('/customer/search', { page: 0, limit: 25, ...body, filters: { q: tag, ...(body.filters ?? {}) } });
  const names = (answer: { body: { contents: { companyName: string }[] } }) =>
    answer.body.contents.map((row) => row.companyName.split(' ')[0]);

  it('answers a page of records and the total, sorted as asked', async () => {
    const answer = await search({ limit: 2, sort: { field: 'companyName', order: 'ASC' } });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(5);
    expect(names(answer)).toEqual(['Alpha', 'Bravo']);
    expect(answer.body.contents[0]).toEqual({
      id: made[1]!.id,
      companyName: `Alpha ${tag}`,
      contactEmail: `alpha@${tag}.example`,
      contactPhone: '1',
      status: 'ACTIVE',
      logo: null,
      createdDate: expect.any(String),
    });
    const next = await search({ page: 2, limit: 2, sort: { field: 'companyName', order: 'ASC' } });
    expect(names(next)).toEqual(['Echo']);
  });

  it('sorts by every declared field, newest first by default', async () => {
    expect(names(await search({}))).toEqual(['Echo', 'Delta', 'Bravo', 'Alpha', 'Charlie']);
    expect(names(await search({ sort: { field: 'contactPhone', order: 'DESC' } }))).toEqual([
      'Echo',
      'Delta',
      'Bravo',
      'Alpha',
      'Charlie',
    ]);
    expect(names(await search({ sort: { field: 'status', order: 'DESC' }, limit: 1 }))).toEqual(['Delta']);
    for (const field of ['contactEmail', 'createdDate', 'id']) {
      expect((await search({ sort: { field, order: 'ASC' } })).status).toBe(200);
    }
  });

  it('filters by text in the name or the contact email, by status and by ids', async () => {
    expect((await search({ filters: { q: `bravo ${tag}` } })).body.totalElements).toBe(1);
    expect((await search({ filters: { q: `echo@${tag}` } })).body.totalElements).toBe(1);
    expect((await search({ filters: { q: `ECHO@${tag.toUpperCase()}` } })).body.totalElements).toBe(1);
    // Wildcards are the text they are: no name or email holds them.
    expect((await search({ filters: { q: `%${tag}` } })).body.totalElements).toBe(0);
    expect((await search({ filters: { q: `a_pha` } })).body.totalElements).toBe(0);
    expect(names(await search({ filters: { status: 'INACTIVE' } }))).toEqual(['Delta']);
    const byIds = await search({ filters: { id: [made[0]!.id, made[4]!.id] } });
    expect(names(byIds).sort()).toEqual(['Charlie', 'Echo']);
  });

  it('refuses an unknown filter or sort field', async () => {
    expect((await search({ filters: { city: 'x' } })).status).toBe(400);
    expect((await search({ sort: { field: 'logo', order: 'ASC' } })).status).toBe(400);
  });
});

describe('updating a profile', () => {
  it('changes the profile, answers the record, and audits only the changed fields', async () => {
    const customer = await newCustomer({ contactPhone: '111' });
    const record = (await get(`/customer/${customer.id}`)).body;
    // The whole record comes back from an edit form: its read-only fields are ignored.
    const answer = await put(`/customer/${customer.id}/update_profile`, {
      ...record,
      companyName: 'Renamed Ltd',
      contactPhone: '222',
      status: 'INACTIVE',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...record, companyName: 'Renamed Ltd', contactPhone: '222' });
    expect((await get(`/customer/${customer.id}`)).body).toEqual(answer.body);

    const entries = await auditOf(customer.id);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(entries[1]).toMatchObject({
      tableName: 'Customer',
      entityId: customer.id,
      customerId: customer.id,
      modifiedBy: OPERATOR_EMAIL,
      changes: {
        companyName: { before: customer.companyName, after: 'Renamed Ltd' },
        contactPhone: { before: '111', after: '222' },
      },
    });
    expect(Object.keys(entries[1]!.changes)).toEqual(['companyName', 'contactPhone']);

    // Saving the same profile again changes nothing and writes no entry.
    expect((await put(`/customer/${customer.id}/update_profile`, answer.body)).status).toBe(200);
    expect(await auditOf(customer.id)).toHaveLength(2);
  });

  it('keeps the logo when the form leaves it out, removes it when null, and audits it as a digest', async () => {
    const customer = await newCustomer({ logo: PNG });
    const form = { companyName: customer.companyName, contactEmail: customer.contactEmail };
    expect((await put(`/customer/${customer.id}/update_profile`, form)).body.logo).toBe(PNG);
    expect(
      (await put(`/customer/${customer.id}/update_profile`, { ...form, logo: null })).body.logo,
    ).toBeNull();
    const entries = await auditOf(customer.id);
    expect(entries[0]!.changes.logo!.after).toMatch(/^data:image\/png sha256:[0-9a-f]{16}$/);
    expect(entries.at(-1)!.changes).toEqual({
      logo: { before: entries[0]!.changes.logo!.after, after: null },
    });
  });

  it('refuses an invalid email and an unknown customer', async () => {
    const customer = await newCustomer();
    const bad = await put(`/customer/${customer.id}/update_profile`, {
      companyName: 'X',
      contactEmail: 'nope',
    });
    expect(bad).toMatchObject({ status: 400, body: { messageKey: 'error.email.invalid' } });
    const unknown = await put(`/customer/${randomUUID()}/update_profile`, {
      companyName: 'X',
      contactEmail: 'x@x.example',
    });
    expect(unknown).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
    expect((await auditOf(customer.id)).map((entry) => entry.action)).toEqual(['CREATE']);
  });

  it('audits the creation with the fields given', async () => {
    const customer = await newCustomer({ contactPhone: '' });
    const [entry] = await auditOf(customer.id);
    expect(entry).toMatchObject({
      tableName: 'Customer',
      action: 'CREATE',
      entityId: customer.id,
      modifiedBy: OPERATOR_EMAIL,
      changes: {
        companyName: { before: null, after: customer.companyName },
        contactEmail: { before: null, after: customer.contactEmail },
        status: { before: null, after: 'ACTIVE' },
      },
    });
  });
});

describe('activating and deactivating', () => {
  it("stops the customer's accounts at sign-in and ends their sessions, until it is activated again", async () => {
    const customer = await newCustomer();
    const email = uniqueEmail('member');
    const [customerAdmin] = await ctx.db.select().from(roles).where(eq(roles.name, CUSTOMER_ADMIN_ROLE));
    await ctx.createAccount({
      email,
      password: PASSWORD,
      customerId: customer.id,
      roleIds: [customerAdmin!.id],
    });
    const session = await ctx.signIn(email, PASSWORD);

    const off = await post('/customer/deactivate', { id: customer.id });
    expect(off).toEqual({
      status: 200,
      body: { id: customer.id, status: 'INACTIVE' },
      headers: expect.anything(),
    });
    const signIn = await ctx.call('POST', '/api/auth/signin', { json: { login: email, password: PASSWORD } });
    expect(signIn).toMatchObject({
      status: 403,
      body: { messageKey: 'error.account.inactive', message: 'Account is inactive' },
    });
    const live = await ctx.call('POST', '/api/account/search', {
      token: session,
      json: { page: 0, limit: 5 },
    });
    expect(live.status).toBe(401);
    expect((await get(`/customer/${customer.id}`)).body.status).toBe('INACTIVE');

    const on = await post('/customer/activate', { id: customer.id });
    expect(on.body).toEqual({ id: customer.id, status: 'ACTIVE' });
    expect(
      (await ctx.call('POST', '/api/auth/signin', { json: { login: email, password: PASSWORD } })).status,
    ).toBe(200);

    const entries = await auditOf(customer.id);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['CREATE', expect.anything()],
      ['DEACTIVATE', { status: { before: 'ACTIVE', after: 'INACTIVE' } }],
      ['ACTIVATE', { status: { before: 'INACTIVE', after: 'ACTIVE' } }],
    ]);
    expect(entries[1]).toMatchObject({
      tableName: 'Customer',
      entityId: customer.id,
      modifiedBy: OPERATOR_EMAIL,
    });
  });

  it('answers the status without a new audit entry when nothing changes', async () => {
    const customer = await newCustomer();
    expect((await post('/customer/activate', { id: customer.id })).body).toEqual({
      id: customer.id,
      status: 'ACTIVE',
    });
    expect(await auditOf(customer.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    expect((await post('/customer/deactivate', { id: randomUUID() })).status).toBe(404);
    expect((await post('/customer/deactivate', { id: 'x' })).status).toBe(400);
  });
});
