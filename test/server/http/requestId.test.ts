import { AppError } from '../../../server/errors.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * Every answer carries its request's id in X-Request-Id (the client's own when it is a safe short token), a
 * server failure shows it in its body, and the log lines of that request carry it: a user's error can be found
 * in the log from what the user saw.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SECRET = 'database-password-Xr81';

const lines: string[] = [];
let ctx: TestContext;

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  ctx = await createTestContext({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    extend: (app) => {
      app.get('/api/test/explode', { config: { access: { public: true } } }, async () => {
        throw new Error(`connection to postgres://gateway:${SECRET}@db failed`);
      });
      app.get('/api/test/unavailable', { config: { access: { public: true } } }, async () => {
        throw new AppError(502, 'error.test.unavailable', 'The other side did not answer.');
      });
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  lines.length = 0;
});

describe('X-Request-Id', () => {
  it('is on a successful answer: a new UUID when the client sent none', async () => {
    const first = await ctx.call('GET', '/health/live');
    const second = await ctx.call('GET', '/health/live');
    expect(first.status).toBe(200);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("echoes the client's id when it is a short plain token", async () => {
    for (const sent of ['abc', 'trace-0123_4567.89', 'x'.repeat(64)]) {
      const answer = await ctx.call('GET', '/health/live', { headers: { 'x-request-id': sent } });
      expect(answer.headers['x-request-id']).toBe(sent);
    }
  });

  it('replaces an unsafe one with a new UUID', async () => {
    for (const sent of ['x'.repeat(65), 'has space', '<script>', 'a"b', 'id;drop', '']) {
      const answer = await ctx.call('GET', '/health/live', { headers: { 'x-request-id': sent } });
      expect(answer.headers['x-request-id'], sent).toMatch(UUID);
    }
  });

  it('is on error answers: a 404 of the API, a 404 outside it, a refused call', async () => {
    const answers = [
      await ctx.call('GET', '/api/no-such-call', { headers: { 'x-request-id': 'not-found-1' } }),
      await ctx.call('GET', '/no-such-page', { headers: { 'x-request-id': 'not-found-2' } }),
      await ctx.call('GET', '/api/customer/search', { headers: { 'x-request-id': 'refused-3' } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 401]);
    expect(answers.map((answer) => answer.headers['x-request-id'])).toEqual([
      'not-found-1',
      'not-found-2',
      'refused-3',
    ]);
  });
});

describe('a server failure', () => {
  it('shows the request id in its body, and nothing of the error', async () => {
    const answer = await ctx.call('GET', '/api/test/explode');
    expect(answer.status).toBe(500);
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(answer.body).toEqual({
      messageKey: 'error.default.internal.server.error',
      message: 'The server encountered an internal error and was unable to complete your request',
      requestId: id,
    });
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
  });

  it('is logged with the same id, as are the other lines of its request, without the secret', async () => {
    const answer = await ctx.call('GET', '/api/test/explode', {
      headers: { 'x-request-id': 'user-report-42' },
    });
    expect(answer.body.requestId).toBe('user-report-42');
    const ofRequest = entries().filter((entry) => entry.reqId === 'user-report-42');
    const failure = ofRequest.find((entry) => entry.level === 50);
    expect(failure).toMatchObject({ msg: 'unexpected error', err: { type: 'Error' } });
    expect(ofRequest.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // Every line about the request carries its id.
    const aboutRequests = entries().filter((entry) => entry.req !== undefined || entry.res !== undefined);
    expect(aboutRequests.length).toBeGreaterThanOrEqual(2);
    for (const entry of aboutRequests) expect(entry.reqId).toBe('user-report-42');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('of another kind (a 5xx AppError) keeps its own message and adds the id', async () => {
    const answer = await ctx.call('GET', '/api/test/unavailable', {
      headers: { 'x-request-id': 'upstream-7' },
    });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      messageKey: 'error.test.unavailable',
      message: 'The other side did not answer.',
      requestId: 'upstream-7',
    });
    const failure = entries().find((entry) => entry.level === 50);
    expect(failure).toMatchObject({ reqId: 'upstream-7', msg: 'request failed' });
  });

  it('a client error keeps its body as it was (the id is in the header)', async () => {
    const answer = await ctx.call('GET', '/api/no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.body.requestId).toBeUndefined();
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});
