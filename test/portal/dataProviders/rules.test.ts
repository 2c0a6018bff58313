// @vitest-environment node

import { http } from 'msw';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProviders';
import { API, server } from '../msw';
import { GET, POST, recordRequests } from './edge';

/** The rules every convention follows: totals, answers, errors, customer scope, unsupported calls, files. */

const onUnauthenticated = vi.fn();
const provider = (
  session: { token?: string; customerId?: string | null } | null = { token: 'tok', customerId: 'c1' },
) => createDataProvider({ apiUrl: API, getSession: () => session, onUnauthenticated });

const LIST = {
  pagination: { page: 1, perPage: 10 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
};

afterEach(() => {
  onUnauthenticated.mockReset();
  vi.restoreAllMocks();
});

describe('list totals, by convention', () => {
  it('range: reads the total after the slash of Content-Range', async () => {
    recordRequests({ json: [{ id: 1 }, { id: 2 }], headers: { 'Content-Range': 'vos-cloud-config 0-1/42' } });
    await expect(provider().getList('vos-cloud-config', LIST)).resolves.toEqual({
      data: [{ id: 1 }, { id: 2 }],
      total: 42,
    });
  });

  it('page-minus-one GET search: reads content and totalElements', async () => {
    recordRequests({ json: { content: [{ id: 'tp1' }], totalElements: 42 } });
    await expect(provider().getList('token-pack-v2', LIST)).resolves.toEqual({
      data: [{ id: 'tp1' }],
      total: 42,
    });
  });

  it('page-minus-one GET search: reads contents as well', async () => {
    recordRequests({ json: { contents: [{ id: 'u1' }], totalElements: 7 } });
    await expect(provider().getList('users', LIST)).resolves.toEqual({ data: [{ id: 'u1' }], total: 7 });
  });

  it('POST search: reads contents (or content) and totalElements', async () => {
    recordRequests({ json: { contents: [{ id: 'c1' }], totalElements: 42 } });
    await expect(provider().getList('customer', LIST)).resolves.toEqual({ data: [{ id: 'c1' }], total: 42 });
    recordRequests({ json: { content: [{ id: 's1' }], totalElements: 3 } });
    await expect(provider().getList('subscription', LIST)).resolves.toEqual({
      data: [{ id: 's1' }],
      total: 3,
    });
  });

  it('array list: the total is the length of the array', async () => {
    recordRequests({ json: [{ id: 'card1' }, { id: 'card2' }, { id: 'card3' }] });
    await expect(provider().getList('card', LIST)).resolves.toEqual({
      data: [{ id: 'card1' }, { id: 'card2' }, { id: 'card3' }],
      total: 3,
    });
  });

  it('getManyReference answers like getList', async () => {
    recordRequests({ json: { content: [{ id: 'ac1' }], totalElements: 1 } });
    await expect(
      provider().getManyReference('activation-code', { ...LIST, target: 'tokenPackId', id: 'tp1' }),
    ).resolves.toEqual({ data: [{ id: 'ac1' }], total: 1 });
  });
});

describe('answers', () => {
  it('create answers the data with the id the server gave', async () => {
    recordRequests({ json: { id: 'c9' } });
    await expect(provider().create('customer', { data: { name: 'Acme' } })).resolves.toEqual({
      data: { name: 'Acme', id: 'c9' },
    });
  });

  it("create keeps the answer's own fields, such as a one-time initial password", async () => {
    recordRequests({ json: { id: 'a9', initialPassword: 'Xy7-once' } });
    await expect(provider().create('account', { data: { email: 'ann@example.com' } })).resolves.toEqual({
      data: { email: 'ann@example.com', id: 'a9', initialPassword: 'Xy7-once' },
    });
  });

  it('a multipart create answers the data with the id the server gave', async () => {
    recordRequests({ json: { id: 'st9' } });
    await expect(provider().create('service-template', { data: { templateName: 'VPN' } })).resolves.toEqual({
      data: { templateName: 'VPN', id: 'st9' },
    });
  });

  it('update answers the record the server gave, else the data sent', async () => {
    recordRequests({ json: { id: 'r1', name: 'Changed', version: 2 } });
    await expect(
      provider().update('role', { id: 'r1', data: { name: 'Changed' }, previousData: { id: 'r1' } }),
    ).resolves.toEqual({ data: { id: 'r1', name: 'Changed', version: 2 } });
    recordRequests({ text: '' });
    await expect(
      provider().update('role', { id: 'r1', data: { name: 'Changed' }, previousData: { id: 'r1' } }),
    ).resolves.toEqual({ data: { name: 'Changed', id: 'r1' } });
  });

  it('getOne keeps the asked id when the answer has none (a singleton)', async () => {
    recordRequests({ json: { entityId: 'portal' } });
    await expect(provider().getOne('saml-settings', { id: 'saml' })).resolves.toEqual({
      data: { entityId: 'portal', id: 'saml' },
    });
  });

  it('delete answers the previous record, deleteMany the ids', async () => {
    recordRequests({ text: '' });
    await expect(
      provider().delete('role', { id: 'r1', previousData: { id: 'r1', name: 'Old' } }),
    ).resolves.toEqual({ data: { id: 'r1', name: 'Old' } });
    await expect(provider().deleteMany('token-pack-v2', { ids: ['tp1', 'tp2'] })).resolves.toEqual({
      data: ['tp1', 'tp2'],
    });
  });

  it('actions on each id answer the ids; other actions the server answer', async () => {
    recordRequests({ json: { ok: true } });
    await expect(provider().activate('customer', { ids: ['c1', 'c2'] })).resolves.toEqual({
      data: ['c1', 'c2'],
    });
    await expect(provider().all('role', {})).resolves.toEqual({ data: { ok: true } });
  });
});

describe('errors', () => {
  it("rejects with react-admin's HttpError carrying the server's messageKey", async () => {
    const body = { messageKey: 'error.email.existed', message: 'Email already existed' };
    recordRequests({ status: 400, json: body });
    const error = await provider()
      .create('customer', { data: { email: 'ann@example.com' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'error.email.existed', status: 400, body });
  });

  it('uses the message field for the entries that prefer it', async () => {
    recordRequests({
      status: 400,
      json: { messageKey: 'error.template.upload', message: 'Icon is too large' },
    });
    await expect(
      provider().create('service-template', { data: { templateName: 'VPN' } }),
    ).rejects.toMatchObject({
      message: 'Icon is too large',
      status: 400,
    });
  });

  it('falls back to the default key when the answer has no body', async () => {
    recordRequests({ status: 500, text: '' });
    await expect(provider().getOne('customer', { id: 'c1' })).rejects.toMatchObject({
      message: 'error.default.internal.server.error',
      status: 500,
    });
  });

  it('refuses a range list whose answer has no Content-Range header', async () => {
    recordRequests({ json: [{ id: 1 }] });
    await expect(provider().getList('vos-cloud-config', LIST)).rejects.toThrow(
      'error.fetch.missingContentRange',
    );
  });

  it('refuses a paged list whose answer has no totalElements', async () => {
    recordRequests({ json: { content: [{ id: 'tp1' }] } });
    await expect(provider().getList('token-pack-v2', LIST)).rejects.toThrow('error.fetch.missingTotal');
    recordRequests({ json: { contents: [{ id: 'c1' }] } });
    await expect(provider().getList('customer', LIST)).rejects.toThrow('error.fetch.missingTotal');
  });

  it('logs and swallows the errors of oidc, answering empty', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    recordRequests({ status: 500, json: { messageKey: 'error.oidc.down' } });
    const oidc = provider();
    await expect(oidc.getList('oidc', LIST)).resolves.toEqual({ data: [], total: 0 });
    await expect(oidc.getOne('oidc', { id: 'k1' })).resolves.toEqual({ data: { id: 'k1' } });
    await expect(oidc.getMany('oidc', { ids: ['k1'] })).resolves.toEqual({ data: [] });
    await expect(
      oidc.delete('oidc', { id: 'k1', previousData: { id: 'k1', clientName: 'App' } }),
    ).resolves.toEqual({
      data: { id: 'k1', clientName: 'App' },
    });
    await expect(oidc.getClientSecret('oidc', { id: 'k1' })).resolves.toEqual({ data: null });
    expect(log).toHaveBeenCalledTimes(5);
    expect(log.mock.calls[0][0]).toMatchObject({ message: 'error.oidc.down', status: 500 });
  });

  it('rejects a method an entry does not support, without a request', async () => {
    const seen = recordRequests();
    await expect(provider().delete('customer', { id: 'c1' })).rejects.toThrow(
      'error.fetch.unsupportedAction',
    );
    await expect(provider().publish('customer', { id: 'c1' })).rejects.toThrow(
      'error.fetch.unsupportedAction',
    );
    expect(seen).toEqual([]);
  });

  it('rejects every call of a resource the table does not know', async () => {
    const seen = recordRequests();
    await expect(provider().getList('nope', LIST)).rejects.toThrow('error.fetch.unsupportedAction');
    await expect(provider().publish('nope', { id: 1 })).rejects.toThrow('error.fetch.unsupportedAction');
    expect(seen).toEqual([]);
  });

  it('does not send a call that lacks a value its path needs', async () => {
    const seen = recordRequests();
    await expect(provider().getList('white-list-ips', LIST)).rejects.toThrow('error.fetch.missingParameter');
    expect(seen).toEqual([]);
  });
});

describe('customer scope', () => {
  const noCustomer = () => provider({ token: 'tok', customerId: null });

  it('does not send a customer-scoped call without a customer id', async () => {
    const seen = recordRequests();
    await expect(noCustomer().getList('token-pack-v2', LIST)).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    await expect(noCustomer().getList('soft-token', LIST)).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    await expect(noCustomer().getOne('theme', { id: 't1' })).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    await expect(noCustomer().delete('token-pack-v2', { id: 'tp1' })).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    await expect(noCustomer().permissions('role', { roleIds: ['r1'] })).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    expect(seen).toEqual([]);
  });

  it("sends the customer a call names in its meta (an operator's list of every customer's orders)", async () => {
    const seen = recordRequests({ json: { contents: [], totalElements: 0 } });
    await noCustomer().getList('order', { ...LIST, meta: { customerId: 'all' } });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/billing/order/all/search',
    ]);
  });

  it('signs the user out of a customer-scoped call made with no session at all, and sends nothing', async () => {
    const seen = recordRequests();
    const signedOut = provider(null);
    await expect(signedOut.getList('token-pack-v2', LIST)).rejects.toMatchObject({
      message: 'error.auth.unauthorized',
      status: 401,
    });
    await expect(signedOut.permissions('role', { roleIds: ['r1'] })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthenticated).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([]);
  });

  it('keeps the session of a signed-in user who has no customer', async () => {
    await expect(noCustomer().getList('token-pack-v2', LIST)).rejects.toThrow(
      'error.account.rootCustomerNotFound',
    );
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('sends the calls that need no customer', async () => {
    const seen = recordRequests();
    await noCustomer().getList('customer', LIST);
    await noCustomer().approve('order', { data: { orderId: 'o1' } });
    expect(seen).toEqual([
      POST('/api/customer/search', { page: 0, limit: 10, filters: {}, sort: { field: 'id', order: 'ASC' } }),
      POST('/api/billing/approve_payment', { orderId: 'o1' }),
    ]);
  });

  it("uses the session's customer, not one passed in the params", async () => {
    const seen = recordRequests();
    await provider().countActiveUsers('users', { subscriptionId: 's1', customerId: 'other' });
    expect(seen).toEqual([GET('/api/user-management/users/c1/count-active-users?subscriptionId=s1')]);
  });
});

describe("react-admin's abort signal", () => {
  it('is asked for, and cancels the call of each convention when it is aborted', async () => {
    expect(provider().supportAbortSignal).toBe(true);
    const seen = recordRequests();
    const signal = AbortSignal.abort();
    const calls = [
      provider().getList('customer', { ...LIST, signal }),
      provider().getList('token-pack-v2', { ...LIST, signal }),
      provider().getList('card', { ...LIST, signal }),
      provider().getList('vos-cloud-config', { ...LIST, signal }),
      provider().getOne('customer', { id: 'c1', signal }),
      provider().getMany('customer', { ids: ['c1'], signal }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([]);
  });

  it('drops a call whose query was left, without calling it a network failure', async () => {
    server.use(http.all(`${API}/*`, () => new Promise<never>(() => undefined)));
    const controller = new AbortController();
    const pending = provider().getList('customer', { ...LIST, signal: controller.signal });
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('AbortError');
    expect((failure as Error).message).not.toBe('error.network');
  });
});

describe('downloads', () => {
  it('carry the bearer header and answer the file under its returned name', async () => {
    const seen = recordRequests({
      text: 'PK-zip-bytes',
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': 'attachment; filename="pack-tp1.zip"',
      },
    });
    const { data } = await provider().downloadAll<{ fileName: string; blob: Blob }>('activation-code', {
      tokenPackId: 'tp1',
    });
    expect(seen).toEqual([
      GET('/api/idm-config/v2/reactive/activation-code/c1/download-token-pack-ac-zip/tp1'),
    ]);
    expect(data.fileName).toBe('pack-tp1.zip');
    await expect(data.blob.text()).resolves.toBe('PK-zip-bytes');
  });

  it('use the default name when the answer names none', async () => {
    recordRequests({ text: 'profile=1', headers: { 'Content-Type': 'text/plain' } });
    const { data } = await provider().downloadInstallerProfile<{ fileName: string; blob: Blob }>(
      'service-launch',
      {
        id: 'sl1',
      },
    );
    expect(data.fileName).toBe('installer_profile.txt');
    await expect(data.blob.text()).resolves.toBe('profile=1');
  });

  it("reject with the server's messageKey", async () => {
    recordRequests({ status: 404, json: { messageKey: 'error.tokenPack.notFound' } });
    await expect(
      provider().zip('activation-code', { tokenPackId: 'tp1', data: { ids: [] } }),
    ).rejects.toMatchObject({
      message: 'error.tokenPack.notFound',
      status: 404,
    });
  });
});
