import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../../../server/config.ts';
import { mailMessages } from '../../../server/db/schema.ts';
import { DB_BUCKETS, HTTP_BUCKETS, metricsAccess } from '../../../server/http/metrics.ts';
import { createTestContext, sharedTestContext, type TestContext } from '../helpers.ts';

/**
 * GET /metrics as Prometheus scrapes it (written by prom-client): the text format 0.0.4, series labelled by route pattern (never by raw
 * URL), cumulative histograms, and only for the addresses and the token the configuration allows.
 */

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// prom-client writes NaN as `Nan`: Prometheus reads the special values in any case (Go's ParseFloat).
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|NaN|Nan|\+Inf|-Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/g;

/**
 * The exposition text, line by line: a comment (# HELP / # TYPE), `name{labels} value`, or an empty line
 * (which the format ignores); anything else throws.
 */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith('\n')).toBe(true);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`not a metrics line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const labelText = sample[3] ?? '';
    let consumed = 0;
    for (const match of labelText.matchAll(LABEL)) {
      labels[match[1]!] = match[2]!;
      consumed += match[0].length;
    }
    if (consumed !== labelText.length) throw new Error(`bad labels: ${JSON.stringify(line)}`);
    samples.push({
      name: sample[1]!,
      labels,
      value: Number(sample[4]!.replace('+Inf', 'Infinity').replace('Nan', 'NaN')),
    });
  }
  return { samples, types };
}

const matches = (sample: Sample, name: string, labels: Record<string, string> = {}) =>
  sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((sample) => matches(sample, name, labels))?.value;

const ctx = sharedTestContext();
let token: string;

async function scrape() {
  const answer = await ctx.call('GET', '/metrics');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return { text: answer.body as string, ...parseMetrics(answer.body as string) };
}

beforeAll(async () => {
  token = await ctx.signInOperator();
});

describe('GET /metrics', () => {
  it('is the text format: every line a comment or a sample, each family typed', async () => {
    const { samples, types } = await scrape();
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('db_query_duration_seconds')).toBe('histogram');
    for (const gauge of [
      'mail_queue_length',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'signin_wrong_passwords',
      'signin_waiting_addresses',
      'signin_besieged_logins',
      'process_start_time_seconds',
    ]) {
      expect(types.get(gauge), gauge).toBe('gauge');
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const started = sampleValue(samples, 'process_start_time_seconds')!;
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    expect(started).toBeGreaterThan(Date.now() / 1000 - 24 * 3600);
  });

  it('counts requests by method, route pattern and status, never by raw URL', async () => {
    const id = randomUUID();
    const before = (await scrape()).samples;
    const labels = { method: 'GET', route: '/api/customer/:id', status: '404' };
    const counted = sampleValue(before, 'http_requests_total', labels) ?? 0;
    expect((await ctx.call('GET', `/api/customer/${id}`, { token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/customer/${id}`, { token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/no-such-call/${id}`)).status).toBe(404);

    const { samples, text } = await scrape();
    expect(sampleValue(samples, 'http_requests_total', labels)).toBe(counted + 2);
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/customer/:id',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sampleValue(samples, 'http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // The scrape before this one is counted too, under its own route.
    expect(
      sampleValue(samples, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-call');
  });

  it('writes cumulative histograms whose +Inf bucket is the count', async () => {
    await ctx.call('GET', '/health/live');
    const { samples } = await scrape();
    const families = [
      ['http_request_duration_seconds', HTTP_BUCKETS],
      ['db_query_duration_seconds', DB_BUCKETS],
    ] as const;
    for (const [family, bounds] of families) {
      const counts = samples.filter((sample) => sample.name === `${family}_count`);
      expect(counts.length, family).toBeGreaterThan(0);
      for (const count of counts) {
        const buckets = samples.filter(
          (sample) =>
            sample.name === `${family}_bucket` &&
            Object.entries(count.labels).every(([key, value]) => sample.labels[key] === value),
        );
        expect(buckets.map((bucket) => bucket.labels.le)).toEqual([...bounds.map(String), '+Inf']);
        const values = buckets.map((bucket) => bucket.value);
        for (let i = 1; i < values.length; i += 1) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]!);
        expect(values[values.length - 1]).toBe(count.value);
        const sum = samples.find((sample) => matches(sample, `${family}_sum`, count.labels));
        expect(sum?.value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('times the database queries', async () => {
    const before = sampleValue((await scrape()).samples, 'db_query_duration_seconds_count') ?? 0;
    expect((await ctx.call('GET', `/api/customer/${randomUUID()}`, { token })).status).toBe(404);
    // The scrape counts the mail queue with a query of its own, after the count was written.
    const after = sampleValue((await scrape()).samples, 'db_query_duration_seconds_count') ?? 0;
    expect(after).toBeGreaterThanOrEqual(before + 2);
  });

  it('counts each query once, whatever the client (pool or embedded)', async () => {
    const before = sampleValue((await scrape()).samples, 'db_query_duration_seconds_count')!;
    await ctx.db.execute(sql`select 1`);
    // That query, and the two the scrape made after writing its count (the mail queue, the sign-in counts).
    expect(sampleValue((await scrape()).samples, 'db_query_duration_seconds_count')).toBe(before + 3);
  });

  it('reports the messages waiting to be sent', async () => {
    const before = sampleValue((await scrape()).samples, 'mail_queue_length')!;
    const message = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    await ctx.db.insert(mailMessages).values([
      { ...message, status: 'QUEUED', nextAttemptDate: new Date(Date.now() + 3_600_000) },
      { ...message, status: 'SENT' },
      { ...message, status: 'OUTBOX' },
    ]);
    expect(sampleValue((await scrape()).samples, 'mail_queue_length')).toBe(before + 1);
  });
});

describe('who may read /metrics', () => {
  it('is refused from another address by default, with nothing in the answer', async () => {
    const refused = await ctx.call('GET', '/metrics', { remoteAddress: '203.0.113.9' });
    expect(refused.status).toBe(403);
    expect(refused.body).toBe('Forbidden\n');
    const alsoRefused = await ctx.call('GET', '/metrics', {
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(alsoRefused.status).toBe(403);
    expect((await ctx.call('GET', '/metrics', { remoteAddress: '::1' })).status).toBe(200);
    expect((await ctx.call('GET', '/metrics', { remoteAddress: '::ffff:127.0.0.1' })).status).toBe(200);
  });

  describe('with METRICS_TOKEN and METRICS_ALLOW', () => {
    let guarded: TestContext;
    beforeAll(async () => {
      guarded = await createTestContext({
        config: { metrics: { token: METRICS_TOKEN, allow: ['10.0.0.0/8', '2001:db8::/32'] } },
      });
    });
    afterAll(async () => {
      await guarded?.close();
    });

    const scrapeFrom = (remoteAddress: string, authorization?: string) =>
      guarded.call('GET', '/metrics', { remoteAddress, headers: authorization ? { authorization } : {} });

    it('lets the allowed addresses in without the token', async () => {
      expect((await scrapeFrom('10.1.2.3')).status).toBe(200);
      expect((await scrapeFrom('2001:db8::7')).status).toBe(200);
    });

    it('lets anyone in with the token, and nobody else', async () => {
      expect((await scrapeFrom('203.0.113.9', `Bearer ${METRICS_TOKEN}`)).status).toBe(200);
      const refused = [
        await scrapeFrom('203.0.113.9'),
        await scrapeFrom('203.0.113.9', 'Bearer wrong-token-0123456789abcdef'),
        await scrapeFrom('203.0.113.9', METRICS_TOKEN),
        // Loopback is not allowed once the list is set.
        await scrapeFrom('127.0.0.1'),
      ];
      for (const answer of refused) {
        expect(answer.status).toBe(403);
        expect(answer.body).toBe('Forbidden\n');
      }
    });
  });

  it('needs the token everywhere when only METRICS_TOKEN is set', () => {
    const mayRead = metricsAccess({ token: METRICS_TOKEN });
    const request = (ip: string, authorization?: string) =>
      ({ ip, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;
    expect(mayRead(request('127.0.0.1'))).toBe(false);
    expect(mayRead(request('127.0.0.1', `Bearer ${METRICS_TOKEN}`))).toBe(true);
    expect(mayRead(request('198.51.100.1', `bearer ${METRICS_TOKEN}`))).toBe(true);
    expect(mayRead(request('198.51.100.1', `Bearer ${METRICS_TOKEN}x`))).toBe(false);
  });

  it('reads METRICS_TOKEN and METRICS_ALLOW, and refuses what they cannot be', () => {
    const env = {
      DATA_DIR: '/nonexistent-portal-data',
      JWT_SECRET: 'j'.repeat(40),
      SECRETS_KEY: 's'.repeat(40),
    };
    expect(loadConfig(env).metrics).toBeUndefined();
    expect(
      loadConfig({ ...env, METRICS_TOKEN: METRICS_TOKEN, METRICS_ALLOW: '10.0.0.0/8, ::1' }).metrics,
    ).toEqual({
      token: METRICS_TOKEN,
      allow: ['10.0.0.0/8', '::1'],
    });
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...env, METRICS_ALLOW: 'prometheus.local' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ ...env, METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
  });
});
