import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { directories, users } from '../../../server/db/schema.ts';
import { outboundPolicy } from '../../../server/domain/outbound.ts';
import { selfSignedCertificate } from '../../../server/features/connector/certificate.ts';
import {
  type AzureDirectorySettings,
  HttpDirectoryError,
  readAzureUsers,
  readRestUsers,
  testRestDirectory,
} from '../../../server/features/directory/httpDirectories.ts';
import { isSyncing, startSync, syncEnded } from '../../../server/features/directory/sync.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { closedPort } from '../../support/slapd.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { createTestContext, TEST_OUTBOUND_ALLOW, type TestContext } from '../helpers.ts';

/**
 * The directories read over HTTP, against small local servers: a REST directory's list-active-users URL with
 * each authentication, and Azure AD through a Microsoft Graph of our own (token endpoint, users pages); and
 * the outbound guard in front of them (OUTBOUND_ALLOW: loopback here, nothing in its own API context).
 */

/** The tests' OUTBOUND_ALLOW: the directories listen on loopback. */
const outbound = outboundPolicy(TEST_OUTBOUND_ALLOW);

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

async function serve(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => handler(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (response: ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

const person = (n: number) => ({
  username: `rest${n}`,
  email: `rest${n}@example.test`,
  displayName: `Rest ${n}`,
  phone: `+1555${n}`,
});

describe('a REST directory', () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** A directory answering two pages of users to a caller with the right header. */
  const restServer = async (authorized: (request: IncomingMessage) => boolean) => {
    const server = await serve((request, response) => {
      if (!authorized(request)) return json(response, 401, { error: 'no' });
      if (request.url === '/users')
        return json(response, 200, { users: [person(1), person(2)], next: '/users?page=2' });
      if (request.url === '/users?page=2')
        return json(response, 200, { users: [person(3), { email: 'no-name@x' }] });
      return json(response, 404, {});
    });
    servers.push(server);
    return server.url;
  };

  it.each([
    ['no authentication', { type: 'NONE' } as const, () => true],
    [
      'basic authentication',
      { type: 'BASIC', username: 'svc', password: 'pw' } as const,
      (request: IncomingMessage) =>
        request.headers.authorization === `Basic ${Buffer.from('svc:pw').toString('base64')}`,
    ],
    [
      'a bearer token',
      { type: 'BEARER', token: 't0k' } as const,
      (request: IncomingMessage) => request.headers.authorization === 'Bearer t0k',
    ],
    [
      'an API key header',
      { type: 'API_KEY', header: 'X-Api-Key', value: 'k3y' } as const,
      (request: IncomingMessage) => request.headers['x-api-key'] === 'k3y',
    ],
  ])(
    'is read page by page with %s, skipping entries without a username',
    async (_, authentication, check) => {
      const url = await restServer(check);
      const read: number[] = [];
      const entries = await readRestUsers(
        { listUsersUrl: `${url}/users`, authentication },
        { outbound },
        (count) => read.push(count),
      );
      expect(entries.map((entry) => entry.username)).toEqual(['rest1', 'rest2', 'rest3']);
      expect(entries[0]).toEqual({
        dn: 'rest1',
        username: 'rest1',
        email: 'rest1@example.test',
        displayName: 'Rest 1',
        mobilePhone: '+15551',
      });
      expect(read).toEqual([2, 3]);
    },
  );

  it.each([
    ['refused credentials', async () => `${await restServer(() => false)}/users`, 'credentials'],
    [
      'a server error',
      async () => {
        const server = await serve((_, response) => json(response, 500, {}));
        servers.push(server);
        return `${server.url}/users`;
      },
      'status',
    ],
    [
      'an answer that is not JSON',
      async () => {
        const server = await serve((_, response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html>login</html>');
        });
        servers.push(server);
        return `${server.url}/users`;
      },
      'format',
    ],
    ['a closed port', async () => `http://127.0.0.1:${await closedPort()}/users`, 'refused'],
    [
      'a next page on another server',
      async () => {
        const server = await serve((_, response) =>
          json(response, 200, { users: [person(1)], next: 'http://evil.example/users' }),
        );
        servers.push(server);
        return `${server.url}/users`;
      },
      'format',
    ],
  ])('fails with a reason for %s', async (_, urlOf, reason) => {
    const listUsersUrl = await urlOf();
    const failure = await readRestUsers(
      { listUsersUrl, authentication: { type: 'NONE' } },
      { outbound },
    ).catch((error) => error);
    expect(failure).toBeInstanceOf(HttpDirectoryError);
    expect(failure.reason).toBe(reason);
  });

  it('gives up on a server that never answers', async () => {
    const server = await serve(() => undefined);
    servers.push(server);
    const failure = await testRestDirectory(
      { listUsersUrl: `${server.url}/users`, authentication: { type: 'NONE' } },
      { outbound, timeoutMs: 300 },
    ).catch((error) => error);
    expect(failure).toMatchObject({ reason: 'timeout' });
  });
});

describe('an Azure AD directory through Microsoft Graph', () => {
  let graph: { url: string; close: () => Promise<void> };
  const asked: string[] = [];
  const settings = (): AzureDirectorySettings => ({
    tenantId: 'contoso.onmicrosoft.com',
    applicationId: 'app-1',
    secret: 'shh',
    graphUrl: graph.url,
    authorityUrl: graph.url,
  });

  beforeAll(async () => {
    graph = await serve((request, response, body) => {
      asked.push(`${request.method} ${request.url}`);
      if (request.url === '/contoso.onmicrosoft.com/oauth2/v2.0/token') {
        const form = new URLSearchParams(body);
        const good =
          form.get('client_id') === 'app-1' &&
          form.get('client_secret') === 'shh' &&
          form.get('grant_type') === 'client_credentials' &&
          form.get('scope') === `${graph.url}/.default`;
        return good ? json(response, 200, { access_token: 'graph-token' }) : json(response, 401, {});
      }
      if (request.headers.authorization !== 'Bearer graph-token') return json(response, 401, {});
      const user = (n: number, enabled = true) => ({
        id: `id-${n}`,
        userPrincipalName: `user${n}@contoso.onmicrosoft.com`,
        mail: `user${n}@contoso.com`,
        displayName: `User ${n}`,
        mobilePhone: null,
        accountEnabled: enabled,
        // Synchronised from an on-premises Active Directory (user 1) or made in the cloud (the others).
        onPremisesImmutableId: n === 1 ? '4AQlP4lP0xGaDAMF6CwzAQ==' : null,
      });
      if (request.url?.startsWith('/v1.0/users?$select=')) {
        return json(response, 200, {
          value: [user(1), user(2, false)],
          '@odata.nextLink': `${graph.url}/v1.0/users?page=2`,
        });
      }
      if (request.url === '/v1.0/users?page=2') {
        return json(response, 200, { value: [user(3)], '@odata.nextLink': `${graph.url}/v1.0/users?page=3` });
      }
      if (request.url === '/v1.0/users?page=3') return json(response, 200, { value: [user(4)] });
      return json(response, 404, {});
    });
  });
  afterAll(async () => {
    await graph?.close();
  });

  it('reads every page of users with $select and $top, leaving out disabled accounts', async () => {
    const entries = await readAzureUsers(settings(), { outbound });
    expect(entries.map((entry) => entry.username)).toEqual([
      'user1@contoso.onmicrosoft.com',
      'user3@contoso.onmicrosoft.com',
      'user4@contoso.onmicrosoft.com',
    ]);
    expect(entries[0]).toMatchObject({
      dn: 'id-1',
      email: 'user1@contoso.com',
      displayName: 'User 1',
      immutableId: '4AQlP4lP0xGaDAMF6CwzAQ==',
    });
    expect(entries[1]).toMatchObject({ immutableId: null });
    expect(asked).toContain(
      'GET /v1.0/users?$select=id,userPrincipalName,mail,displayName,mobilePhone,accountEnabled,onPremisesImmutableId&$top=999',
    );
  });

  it('says the credentials were refused for a wrong secret', async () => {
    const failure = await readAzureUsers({ ...settings(), secret: 'wrong' }, { outbound }).catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ reason: 'credentials' });
    expect(failure.detail).not.toContain('wrong');
  });
});

describe('synchronising a REST directory through the API', () => {
  let ctx: TestContext;
  let rest: { url: string; close: () => Promise<void> };
  let listed = [person(1), person(2), person(3)];

  beforeAll(async () => {
    rest = await serve((request, response) =>
      request.headers.authorization === 'Bearer t0k' ? json(response, 200, listed) : json(response, 401, {}),
    );
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
    await rest?.close();
  });

  /** A customer's administrator, signed in, and the customer's REST directory of the listed users. */
  const restDirectory = async (companyName: string) => {
    const customer = await ctx.createCustomer({ companyName });
    const { token, account } = await signedIn(ctx, {
      customerId: customer.id,
      roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
    });
    const call = (method: 'GET' | 'POST', url: string, json?: unknown) =>
      ctx.call(method, `/api${url}`, { token, json });
    const created = await call('POST', `/idm-ldap/ldap/${customer.id}`, {
      name: 'HR system',
      type: 'REST',
      restAuthentication: 'BEARER',
      secret: 't0k',
      listUsersUrl: `${rest.url}/active-users`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { customer, account, call, id: created.body.id as string };
  };

  it('adds the listed users, then deactivates those no longer listed', async () => {
    const { customer, call, id } = await restDirectory('Rest Co');
    const test = await call('POST', `/idm-ldap/ldap/${customer.id}/test-connection`, {
      id,
      type: 'REST',
      restAuthentication: 'BEARER',
      listUsersUrl: `${rest.url}/active-users`,
    });
    expect(test.body).toMatchObject({ success: true, entries: 3 });

    await call('POST', `/idm-ldap/ldap/${customer.id}/${id}/sync`);
    await syncEnded(id);
    expect((await call('GET', `/idm-ldap/ldap/${customer.id}/${id}/sync`)).body).toMatchObject({
      status: 'DONE',
      added: 3,
    });

    listed = [person(1), person(3)];
    await call('POST', `/idm-ldap/ldap/${customer.id}/${id}/sync`);
    await syncEnded(id);
    expect((await call('GET', `/idm-ldap/ldap/${customer.id}/${id}/sync`)).body).toMatchObject({
      status: 'DONE',
      deactivated: 1,
    });
    const [gone] = await ctx.db.select().from(users).where(eq(users.username, 'rest2'));
    expect(gone).toMatchObject({ status: 'INACTIVE', source: 'REST' });
  });

  it('takes a new synchronisation while the last one still tidies its users', async () => {
    const { customer, account, call, id } = await restDirectory('Tidy Co');
    const [directory] = await ctx.db.select().from(directories).where(eq(directories.id, id));

    let tidied = () => {};
    const tidying = new Promise<void>((resolve) => {
      tidied = resolve;
    });
    let ended = () => {};
    const written = new Promise<void>((resolve) => {
      ended = resolve;
    });
    startSync({
      inCustomer: (work) => ctx.db.transaction(work),
      directory: directory!,
      outbound,
      by: account,
      onEnd: ended,
      tidy: () => tidying,
    });
    await written;
    expect(isSyncing(id)).toBe(false);
    const again = await call('POST', `/idm-ldap/ldap/${customer.id}/${id}/sync`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await syncEnded(id);
    tidied();
  });
});

describe('the outbound guard', () => {
  it('reaches a name at the address it checked, speaking TLS for the name: a self-signed certificate still fails', async () => {
    const { certificate, privateKey } = selfSignedCertificate({
      commonName: 'localhost',
      organization: 'Outbound test',
      days: 1,
    });
    const names: string[] = [];
    const server = createHttpsServer({
      cert: certificate,
      key: privateKey,
      SNICallback: (name, done) => {
        names.push(name);
        done(null, undefined);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const failure = await testRestDirectory(
        { listUsersUrl: `https://localhost:${port}/users`, authentication: { type: 'NONE' } },
        { outbound },
      ).catch((error) => error);
      expect(failure).toMatchObject({ reason: 'tls' });
      expect(names).toEqual(['localhost']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a redirect as a status without following it', async () => {
    const asked: string[] = [];
    const server = await serve((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    });
    try {
      const failure = await testRestDirectory(
        { listUsersUrl: `${server.url}/users`, authentication: { type: 'NONE' } },
        { outbound },
      ).catch((error) => error);
      expect(failure).toMatchObject({ reason: 'status' });
      expect(failure.detail).toContain('redirect');
      expect(asked).toEqual(['/users']);
    } finally {
      await server.close();
    }
  });
});

describe('the outbound guard through the API, without OUTBOUND_ALLOW', () => {
  let ctx: TestContext;
  let token: string;
  let customerId: string;
  /** A REST directory and Graph on loopback, counting the requests it gets: the guard lets none through. */
  let internal: { url: string; close: () => Promise<void> };
  let requests = 0;
  const call = (method: 'GET' | 'POST', url: string, json?: unknown) =>
    ctx.call(method, `/api${url}`, { token, json });
  const testConnection = (form: Record<string, unknown>) =>
    call('POST', `/idm-ldap/ldap/${customerId}/test-connection`, form);
  const restForm = (listUsersUrl: string) => ({ type: 'REST', restAuthentication: 'NONE', listUsersUrl });

  beforeAll(async () => {
    internal = await serve((_, response) => {
      requests++;
      json(response, 200, { users: [person(1)], access_token: 'internal-token', value: [] });
    });
    ctx = await createTestContext({ config: { outboundAllow: [] } });
    const customer = await ctx.createCustomer({ companyName: 'Guarded Co' });
    customerId = customer.id;
    ({ token } = await signedIn(ctx, {
      customerId,
      roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
    }));
  });
  afterAll(async () => {
    await ctx?.close();
    await internal?.close();
  });

  it("answers Can't connect with notPermitted for a REST directory on loopback, and sends it nothing", async () => {
    const answer = await testConnection(restForm(`${internal.url}/users`));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: false,
      messageKey: 'directory.test.failure',
      message: "Can't connect to the directory!",
      reason: 'notPermitted',
      detail: expect.stringMatching(/^Connections to '127\.0\.0\.1' are not allowed/),
      entries: null,
      passwordWritable: null,
    });
    expect(requests).toBe(0);
  });

  it('answers the same for a closed port as for an open one: no port state', async () => {
    const open = await testConnection(restForm(`${internal.url}/users`));
    const closed = await testConnection(restForm(`http://127.0.0.1:${await closedPort()}/users`));
    expect(closed.body).toEqual(open.body);
    expect(closed.body.reason).toBe('notPermitted');
    expect(requests).toBe(0);
  });

  it('refuses a name that resolves to loopback, and an Azure authority and Graph on loopback', async () => {
    const port = new URL(internal.url).port;
    const named = await testConnection(restForm(`http://localhost:${port}/users`));
    expect(named.body).toMatchObject({ success: false, reason: 'notPermitted' });
    const azure = await testConnection({
      type: 'AZURE',
      tenantId: 'contoso.onmicrosoft.com',
      applicationId: '11111111-2222-3333-4444-555555555555',
      secret: 'client-secret',
      authorityUrl: internal.url,
      graphUrl: internal.url,
    });
    expect(azure.body).toMatchObject({ success: false, reason: 'notPermitted' });
    expect(requests).toBe(0);
  });

  it('fails the synchronisation of a REST directory on loopback, importing nothing', async () => {
    const created = await call('POST', `/idm-ldap/ldap/${customerId}`, {
      name: 'Internal JSON',
      ...restForm(`${internal.url}/users`),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect((await call('POST', `/idm-ldap/ldap/${customerId}/${id}/sync`)).status).toBe(202);
    await syncEnded(id);
    const state = await call('GET', `/idm-ldap/ldap/${customerId}/${id}/sync`);
    expect(state.body).toMatchObject({
      status: 'FAILED',
      added: 0,
      error: { messageKey: 'error.directory.syncFailed', detail: expect.stringContaining('not allowed') },
    });
    expect(await ctx.db.select().from(users).where(eq(users.directoryId, id))).toEqual([]);
    expect(requests).toBe(0);
  });
});
