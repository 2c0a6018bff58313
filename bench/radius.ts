/**
 * The gateway's RADIUS server under load (issue 30), `npm run bench -- radius`:
 * - a test OpenLDAP with 10,000 users, all synchronised into one LDAP directory of a customer (rows written
 *   as a synchronisation leaves them), a token pack whose plan covers them, a started VPN service whose
 *   RADIUS connector is 127.0.0.1, 5,000 users on its 2FA bypass list and OTP secrets for the other 5,000;
 * - 20 RADIUS clients (a UDP socket each), paced open loop to 200 Access-Requests a second in all for 20 s:
 *   half are bypass users' (password only: Access-Accept), half are challenge conversations (the password:
 *   Access-Challenge; then the code of the user's OTP secret with the State: Access-Accept), each user once;
 * - each request's round trip counted from when it was due, so a server that falls behind is not excused;
 *   no answer within 5 s counts as lost; the server's RSS before and after.
 * The server runs in this process (the app as `npm start` builds it, with its RADIUS listener on a free
 * port), on PGlite in this thread, then on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a
 * server where the bench may create a database. The clients share the process: its RSS is the server's and
 * theirs.
 */
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import radius from 'radius';
import { CONNECTOR_TYPE_IDS } from '../contract/connector.ts';
import { buildApp, listeningPorts } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import {
  customers,
  directories,
  otpCodes,
  radiusConnectors,
  serviceConnectors,
  serviceInstances,
  serviceUsers,
  tokenPacks,
  users,
} from '../server/db/schema.ts';
import { newTotpSeed, totpCode } from '../server/domain/enrollment/totp.ts';
import { createSealer } from '../server/domain/secrets.ts';
import { ensureSeed } from '../server/seed.ts';
import { readerSettings } from '../test/server/fixtures/ldap.ts';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../test/support/slapd.ts';
import { percentile, subscription, verdict } from './measure.ts';

const USERS = 10_000;
const CLIENTS = 20;
const RATE = 200;
const SECONDS = 20;
/** Lower rates, 10 s each, run after the target's to tell what this machine sustains. */
const LOWER_RATES = [100, 50];
const LOST_AFTER_MS = 5000;
const TARGETS = { p99: 50, rssGrowthMiB: 50 };

const mib = (bytes: number) => bytes / 1024 / 1024;

interface World {
  secret: string;
  bypass: string[];
  challenged: { username: string; seed: string }[];
}

/** The customer's world, written as the portal's calls and a synchronisation leave it. */
export async function seedWorld(db: Database, secretsKey: string, slapd: Slapd): Promise<World> {
  const sealer = createSealer(secretsKey);
  const [customer] = await db
    .insert(customers)
    .values({ companyName: 'Bench VPN', contactEmail: 'vpn@bench.test' })
    .returning();
  const customerId = customer!.id;
  const [directory] = await db
    .insert(directories)
    .values({
      customerId,
      name: 'Bench LDAP',
      type: 'LDAP',
      ...readerSettings(slapd),
    })
    .returning();
  const rows = Array.from({ length: USERS }, (_, index) => {
    const username = `user${String(index + 1).padStart(5, '0')}`;
    return {
      customerId,
      directoryId: directory!.id,
      source: 'LDAP' as const,
      username,
      email: `${username}@example.test`,
      externalId: slapd.userDn(username),
    };
  });
  const made: { id: string; username: string }[] = [];
  for (let start = 0; start < rows.length; start += 2000) {
    made.push(
      ...(await db
        .insert(users)
        .values(rows.slice(start, start + 2000))
        .returning({ id: users.id, username: users.username })),
    );
  }
  const subscriptionId = await subscription(db, customerId, USERS);
  const [pack] = await db
    .insert(tokenPacks)
    .values({ customerId, name: 'Bench pack', primaryDirectoryId: directory!.id, subscriptionId })
    .returning();
  const [service] = await db
    .insert(serviceInstances)
    .values({ customerId, tokenPackId: pack!.id, instanceName: 'Bench VPN', status: 'STARTED' })
    .returning();
  const secret = randomBytes(12).toString('hex');
  const [connector] = await db
    .insert(radiusConnectors)
    .values({ customerId, name: 'Bench VPN', ipAddress: '127.0.0.1', sharedSecret: sealer.seal(secret) })
    .returning();
  await db.insert(serviceConnectors).values({
    serviceInstanceId: service!.id,
    customerId,
    typeId: CONNECTOR_TYPE_IDS.radius,
    connectorId: connector!.id,
    kind: 'radius',
  });
  const half = made.length / 2;
  const bypass = made.slice(0, half);
  const challenged = made.slice(half).map((user) => ({ ...user, seed: newTotpSeed() }));
  for (let start = 0; start < bypass.length; start += 2000) {
    await db.insert(serviceUsers).values(
      bypass.slice(start, start + 2000).map((user) => ({
        serviceInstanceId: service!.id,
        userId: user.id,
        list: 'BYPASS' as const,
      })),
    );
  }
  for (let start = 0; start < challenged.length; start += 2000) {
    await db.insert(otpCodes).values(
      challenged.slice(start, start + 2000).map((user) => ({
        customerId,
        serviceInstanceId: service!.id,
        userId: user.id,
        seed: sealer.seal(user.seed),
      })),
    );
  }
  await db.execute(sql`analyze`);
  return {
    secret,
    bypass: bypass.map((user) => user.username),
    challenged: challenged.map(({ username, seed }) => ({ username, seed })),
  };
}

interface Outcome {
  latencies: number[];
  lost: number;
  wrong: number;
  sent: number;
}

/** The paced load (see the module's comment) against the RADIUS server on `port`. */
export async function load(port: number, world: World, seconds = SECONDS, rate = RATE): Promise<Outcome> {
  const sockets: Socket[] = [];
  const waiting = new Map<
    string,
    { due: number; request: Buffer; resolve: (answer: radius.RadiusPacket | null) => void }
  >();
  for (let index = 0; index < CLIENTS; index++) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    socket.on('message', (message) => {
      const key = `${index}:${message[1]}`;
      const pending = waiting.get(key);
      if (!pending) return;
      waiting.delete(key);
      const valid = radius.verify_response({
        request: pending.request,
        response: Buffer.from(message),
        secret: world.secret,
      });
      pending.resolve(valid ? radius.decode({ packet: message, secret: world.secret }) : null);
    });
    sockets.push(socket);
  }
  const identifiers = new Array<number>(CLIENTS).fill(0);
  const outcome: Outcome = { latencies: [], lost: 0, wrong: 0, sent: 0 };
  /** One Access-Request from client `index`, due at `due` (ms): its answer, or null when lost. */
  const ask = (index: number, due: number, attributes: [string, string | Buffer][]) =>
    new Promise<radius.RadiusPacket | null>((resolve) => {
      // An identifier not in use on this socket (256 per socket; far fewer are ever waiting).
      let identifier = identifiers[index]!;
      do identifier = (identifier + 1) % 256;
      while (waiting.has(`${index}:${identifier}`));
      identifiers[index] = identifier;
      const request = radius.encode({
        code: 'Access-Request',
        identifier,
        secret: world.secret,
        attributes,
        add_message_authenticator: true,
      });
      const key = `${index}:${identifier}`;
      const timer = setTimeout(() => {
        waiting.delete(key);
        outcome.lost++;
        resolve(null);
      }, LOST_AFTER_MS);
      waiting.set(key, {
        due,
        request,
        resolve: (answer) => {
          clearTimeout(timer);
          outcome.latencies.push(performance.now() - due);
          resolve(answer);
        },
      });
      outcome.sent++;
      sockets[index]!.send(request, port, '127.0.0.1');
    });

  const start = performance.now();
  const total = rate * seconds;
  const done: Promise<void>[] = [];
  let bypassNext = 0;
  let challengeNext = 0;
  for (let n = 0; n < total; n++) {
    // Two requests of a conversation are one slot of each pair: 100 bypass requests and 50 conversations
    // a second make 200 requests a second.
    const slot = n % 4;
    if (slot === 3) continue; // taken by the code of the conversation started at slot 1
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const index = n % CLIENTS;
    if (slot !== 1) {
      const username = world.bypass[bypassNext++ % world.bypass.length]!;
      done.push(
        ask(index, due, [
          ['User-Name', username],
          ['User-Password', SLAPD_USER_PASSWORD],
        ]).then((answer) => {
          if (answer && answer.code !== 'Access-Accept') outcome.wrong++;
        }),
      );
      continue;
    }
    const user = world.challenged[challengeNext++ % world.challenged.length]!;
    done.push(
      (async () => {
        const challenge = await ask(index, due, [
          ['User-Name', user.username],
          ['User-Password', SLAPD_USER_PASSWORD],
        ]);
        if (!challenge) return;
        if (challenge.code !== 'Access-Challenge') {
          outcome.wrong++;
          return;
        }
        const codeDue = Math.max(performance.now(), start + ((n + 2) * 1000) / rate);
        const wait = codeDue - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const accepted = await ask(index, codeDue, [
          ['User-Name', user.username],
          ['User-Password', await totpCode(user.seed)],
          ['State', challenge.attributes.State as Buffer],
        ]);
        if (accepted && accepted.code !== 'Access-Accept') outcome.wrong++;
      })(),
    );
  }
  await Promise.all(done);
  for (const socket of sockets) socket.close();
  return outcome;
}

async function measure(label: string, db: Database, secretsKey: string, slapd: Slapd, dataDir: string) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SECRETS_KEY: secretsKey,
    INITIAL_OPERATOR_PASSWORD: 'Bench-Gateway-1',
    OUTBOUND_ALLOW: '127.0.0.0/8',
  });
  await ensureSeed(db, config, () => undefined);
  const world = await seedWorld(db, secretsKey, slapd);
  const app = buildApp({
    db,
    config: {
      ...config,
      radius: { host: '127.0.0.1', port: 0, pushTimeoutSec: 25, rejectDelayMs: 0, maxPending: 64 },
    },
  });
  await app.ready();
  try {
    const port = listeningPorts.get(app)!.radius!;
    // A short warm-up (connections to the directory, the database's caches), not counted.
    await load(port, { ...world, challenged: world.challenged.slice(0, 100) }, 2);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const outcome = await load(port, { ...world, challenged: world.challenged.slice(100) });
    const after = process.memoryUsage().rss;
    const p99 = percentile(outcome.latencies, 99);
    const growth = mib(after - before);
    const line = (text: string) => console.log(`radius ${label}: ${text}`);
    line(
      `${outcome.sent} requests in ${SECONDS} s (${RATE}/s from ${CLIENTS} clients): p50 ${percentile(outcome.latencies, 50).toFixed(1)} ms, p95 ${percentile(outcome.latencies, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target ${TARGETS.p99} ms: ${verdict(p99 <= TARGETS.p99)}), slowest ${Math.max(...outcome.latencies).toFixed(0)} ms`,
    );
    line(
      `answered ${outcome.latencies.length}, lost ${outcome.lost} (target 0: ${verdict(outcome.lost === 0)}), wrong answers ${outcome.wrong}`,
    );
    const counters = (await app.inject({ url: '/metrics' })).body
      .split('\n')
      .filter((row) => /^radius_(requests|dropped|retransmissions)_total/.test(row));
    line(`the server counted: ${counters.join(', ') || 'nothing'}`);
    line(
      `RSS ${mib(before).toFixed(0)} → ${mib(after).toFixed(0)} MiB, growth ${growth.toFixed(1)} MiB (target ${TARGETS.rssGrowthMiB}: ${verdict(growth <= TARGETS.rssGrowthMiB)})`,
    );
    // Each conversation's user once: the target's run used at most RATE * SECONDS / 4 of them.
    let next = 100 + (RATE * SECONDS) / 4;
    for (const rate of LOWER_RATES) {
      const users = (rate * 10) / 4;
      const cpu = process.cpuUsage();
      const lower = await load(
        port,
        { ...world, challenged: world.challenged.slice(next, next + users) },
        10,
        rate,
      );
      next += users;
      const used = process.cpuUsage(cpu);
      const cpuPerAnswer = (used.user + used.system) / 1000 / Math.max(1, lower.latencies.length);
      line(
        `at ${rate}/s for 10 s: p50 ${percentile(lower.latencies, 50).toFixed(1)} ms, p99 ${percentile(lower.latencies, 99).toFixed(1)} ms, lost ${lower.lost}, wrong answers ${lower.wrong}; this process's CPU ${cpuPerAnswer.toFixed(1)} ms an answer (server, clients${label === 'PGlite' ? ' and PGlite' : ''})`,
      );
    }
  } finally {
    await app.close();
  }
}

export async function radiusFigures(): Promise<void> {
  const slapd = await startSlapd({ users: USERS });
  const secretsKey = randomBytes(32).toString('base64url');
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-radius-'));
    try {
      const opened = await openDatabase({ dataDir });
      try {
        await measure('PGlite', opened.db, secretsKey, slapd, dataDir);
      } finally {
        await opened.close();
      }
      const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
      if (!url) {
        console.log(
          'radius PostgreSQL: skipped (set BENCH_DATABASE_URL to a server where the bench may create a database)',
        );
        return;
      }
      const name = `bench_radius_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const target = new URL(url);
        target.pathname = `/${name}`;
        const postgres = await openDatabase({ databaseUrl: target.toString() });
        try {
          await measure('PostgreSQL', postgres.db, secretsKey, slapd, dataDir);
        } finally {
          await postgres.close();
        }
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    await slapd.stop();
  }
}
