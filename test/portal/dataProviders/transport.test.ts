// @vitest-environment node
import { HttpResponse, http } from 'msw';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProviders';
import { createHttpClient, download, fileNameOf, isPublicCall } from '../../../src/dataProviders/transport';
import { API, server } from '../msw';
import { recordRequests } from './edge';

/** The transport: bearer token, the calls allowed without one, 401, the error shape, downloads. */

const onUnauthenticated = vi.fn();
const signedIn = { getSession: () => ({ token: 'tok' }), onUnauthenticated };
const signedOut = { getSession: () => null, onUnauthenticated };

afterEach(() => onUnauthenticated.mockReset());

describe('the bearer token', () => {
  it('goes with every call of a signed-in session', async () => {
    const seen = recordRequests({ json: { ok: true } });
    const client = createHttpClient(API, signedIn);
    await expect(client('/account/permission?flattern=1')).resolves.toMatchObject({ json: { ok: true } });
    expect(seen[0]).toMatchObject({ path: '/api/account/permission', authorization: 'Bearer tok' });
  });
});

describe('calls allowed without a token (docs/requirements/roles-and-permissions.md)', () => {
  it.each([
    ['POST', '/auth/signin'],
    ['POST', '/auth/token'],
    ['GET', '/billing/payment_plan'],
    ['GET', '/billing/service_feature'],
    ['GET', '/account/email/existed?email=ann%40example.com'],
    ['GET', '/account/email/not-existed?email=ann%40example.com'],
    ['POST', '/customer/signup'],
    ['POST', '/account/forgot-password'],
    ['POST', '/account/reset-password'],
  ])('%s %s is sent without a token', async (method, path) => {
    const seen = recordRequests({ json: {} });
    await createHttpClient(API, signedOut)(path, { method, body: method === 'POST' ? '{}' : undefined });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, authorization: null });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it.each([
    ['GET', '/account/permission'],
    ['POST', '/billing/payment_plan'],
    ['GET', '/billing/payment_plan/higher_plan?tierPlanId=t1'],
    ['GET', '/customer/signup'],
    ['POST', '/account/change-password'],
  ])('%s %s is not sent without a token, and signs the user out', async (method, path) => {
    const seen = recordRequests();
    const error = await createHttpClient(API, signedOut)(path, { method }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'error.auth.unauthorized' });
    expect(seen).toEqual([]);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('matches the table: the tiers list goes without a token, the customer list does not', async () => {
    const seen = recordRequests({ json: [{ id: 't1' }] });
    const dataProvider = createDataProvider({ apiUrl: API, ...signedOut });
    const list = {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' as const },
      filter: {},
    };
    await expect(dataProvider.getList('payment_plan', list)).resolves.toEqual({
      data: [{ id: 't1' }],
      total: 1,
    });
    await expect(dataProvider.getList('customer', list)).rejects.toMatchObject({ status: 401 });
    expect(seen.map(({ method, path, authorization }) => ({ method, path, authorization }))).toEqual([
      { method: 'GET', path: '/api/billing/payment_plan', authorization: null },
    ]);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('isPublicCall ignores the query and checks the method', () => {
    expect(isPublicCall('get', '/account/email/existed?email=a')).toBe(true);
    expect(isPublicCall('GET', '/account/email/existed/x')).toBe(false);
    expect(isPublicCall('DELETE', '/auth/signin')).toBe(false);
  });
});

describe('errors', () => {
  it('a 401 signs the user out and rejects with the messageKey', async () => {
    recordRequests({ status: 401, json: { messageKey: 'error.auth.tokenExpired' } });
    await expect(createHttpClient(API, signedIn)('/account/permission')).rejects.toMatchObject({
      status: 401,
      message: 'error.auth.tokenExpired',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('a 401 of a call made without a token (sign-in) does not sign out again', async () => {
    recordRequests({ status: 401, json: { messageKey: 'error.account.invalidCredential' } });
    await expect(createHttpClient(API, signedOut)('/auth/signin', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
      message: 'error.account.invalidCredential',
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('other failures reject with the messageKey, or the message when preferred, or the default key', async () => {
    const client = createHttpClient(API, signedIn);
    recordRequests({
      status: 400,
      json: { messageKey: 'error.email.existed', message: 'Email already existed' },
    });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      message: 'error.email.existed',
    });
    await expect(client('/customer/create', { method: 'POST', preferMessage: true })).rejects.toMatchObject({
      message: 'Email already existed',
    });
    recordRequests({ status: 500, text: '' });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      message: 'error.default.internal.server.error',
      status: 500,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('a server error names its request id in words the user can quote; a 4xx or an unsafe id does not', async () => {
    const client = createHttpClient(API, signedIn);
    const requestId = '3f2c9a1e-7b4d-4c2a-9f1e-8d7c6b5a4f3e';
    recordRequests({ status: 500, json: { messageKey: 'error.default.internal.server.error', requestId } });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      status: 500,
      message: `The server encountered an internal error and was unable to complete your request. If it happens again, give your administrator this reference: ${requestId}`,
    });
    recordRequests({ status: 503, json: { requestId: 'abc-1' } });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      message: expect.stringMatching(/unable to complete your request\. .* reference: abc-1$/),
    });
    recordRequests({ status: 500, json: { requestId: '<img src=x onerror=alert(1)>' } });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      message: 'error.default.internal.server.error',
    });
    recordRequests({ status: 409, json: { messageKey: 'error.email.existed', requestId } });
    await expect(client('/customer/create', { method: 'POST' })).rejects.toMatchObject({
      message: 'error.email.existed',
    });
  });

  it('an unreachable server rejects with error.network', async () => {
    server.use(http.all(`${API}/*`, () => HttpResponse.error()));
    await expect(createHttpClient(API, signedIn)('/customer/r1')).rejects.toMatchObject({
      message: 'error.network',
    });
  });
});

describe('download', () => {
  it('sends the bearer header and a JSON body, and names the file from Content-Disposition', async () => {
    const seen = recordRequests({
      text: 'zip-bytes',
      headers: { 'Content-Disposition': "attachment; filename*=UTF-8''codes%20tp1.zip" },
    });
    const file = await download(API, signedIn, '/x/zip', {
      method: 'POST',
      body: { ids: ['a'] },
      fileName: 'd.zip',
    });
    expect(seen).toEqual([
      { method: 'POST', path: '/api/x/zip', query: {}, authorization: 'Bearer tok', body: { ids: ['a'] } },
    ]);
    expect(file.fileName).toBe('codes tp1.zip');
    await expect(file.blob.text()).resolves.toBe('zip-bytes');
  });

  it('is not sent without a token, and signs the user out', async () => {
    const seen = recordRequests();
    await expect(download(API, signedOut, '/x/file')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([]);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('a 401 signs the user out; failures reject with the messageKey', async () => {
    recordRequests({ status: 401, json: { messageKey: 'error.auth.tokenExpired' } });
    await expect(download(API, signedIn, '/x/file')).rejects.toMatchObject({
      status: 401,
      message: 'error.auth.tokenExpired',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    recordRequests({ status: 500, text: 'boom' });
    await expect(download(API, signedIn, '/x/file')).rejects.toMatchObject({
      status: 500,
      message: 'error.default.internal.server.error',
    });
  });

  it.each([
    ['attachment; filename="a b.zip"', 'a b.zip'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment; filename="fallback.zip"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.zip', 'résumé.zip'],
    ['inline', undefined],
    [null, undefined],
  ])('reads the file name of %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
