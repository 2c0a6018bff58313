import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../../../server/db/client.ts';
import * as schema from '../../../server/db/schema.ts';
import { type HealthOptions, healthRoutes, shippedMigrations } from '../../../server/http/health.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * GET /health/live and /health/ready, as a load balancer or an orchestrator calls them: at the root, without a
 * token, never rate-limited, never the portal's page, and nothing secret in the answer.
 */

const DATABASE_PASSWORD = 'db-password-Kq73';

let ctx: TestContext;
let distDir: string;

beforeAll(async () => {
  // A built portal, so that its index.html fallback could swallow unknown root paths.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-health-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>%PRODUCT_NAME%</title>');
  ctx = await createTestContext({
    config: {
      distDir,
      rateLimits: {
        signin: { max: 1, windowSec: 60 },
        public: { max: 1, windowSec: 60 },
        passwordPerAccount: { max: 1, windowSec: 60 },
        gatewayPerKey: { max: 1, windowSec: 60 },
        accountsPerAdmin: { max: 1, windowSec: 60 },
        passwordPerAddress: { max: 1, windowSec: 60 },
        signup: { max: 1, windowSec: 60 },
        webSignInPerUser: { max: 1, windowSec: 60 },
        webSignInPerAddress: { max: 1, windowSec: 60 },
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await rm(distDir, { recursive: true, force: true });
});

/** A bare app serving only the health routes, on the given database. */
async function healthApp(db: Database, options: Omit<HealthOptions, 'db'> = {}) {
  const app = Fastify();
  await app.register(healthRoutes, { db, ...options });
  await app.ready();
  return app;
}

describe('GET /health/live', () => {
  it('answers 200 {status: ok} without a token, as JSON, even to a browser', async () => {
    const answer = await ctx.call('GET', '/health/live', { headers: { accept: 'text/html,*/*' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.body).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is not rate-limited', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await ctx.call('GET', '/health/live')).status).toBe(200);
      expect((await ctx.call('GET', '/health/ready')).status).toBe(200);
    }
  });

  it('is not swallowed by the portal, nor is /metrics', async () => {
    const metrics = await ctx.call('GET', '/metrics', { headers: { accept: 'text/html' } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('leaves other root paths to the portal', async () => {
    const page = await ctx.call('GET', '/health/other', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('GET /health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const answer = await ctx.call('GET', '/health/ready', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers 503 when a migration of this build is not applied', async () => {
    const shipped = shippedMigrations();
    expect(shipped.length).toBeGreaterThan(0);
    const last = shipped[shipped.length - 1]!;
    const app = await healthApp(ctx.db, {
      migrations: [...shipped, { folderMillis: last.folderMillis + 1000, hash: 'not-applied' }],
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'pending' },
        pendingMigrations: 1,
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database cannot be reached, without saying where it is', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const pool = new pg.Pool({
      connectionString: `postgres://gateway:${DATABASE_PASSWORD}@127.0.0.1:1/gateway`,
      connectionTimeoutMillis: 1000,
    });
    const app = await healthApp(drizzle({ client: pool, schema }) as unknown as Database);
    try {
      const answer = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unreachable', migrations: 'unknown' },
      });
      expect(answer.body).not.toContain(DATABASE_PASSWORD);
      expect(answer.body).not.toContain('127.0.0.1');
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('answers 503 when the database does not answer within the timeout', async () => {
    // A server that takes the connection and never says anything.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({ connectionString: `postgres://gateway@127.0.0.1:${port}/gateway` });
    const app = await healthApp(drizzle({ client: pool, schema }) as unknown as Database, { timeoutMs: 200 });
    try {
      // The silent server never answers: only the timeout ends the check.
      const answer = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().checks).toEqual({ database: 'timeout', migrations: 'unknown' });
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await pool.end().catch(() => undefined);
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
