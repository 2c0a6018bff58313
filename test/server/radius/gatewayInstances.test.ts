import { eq, sql } from 'drizzle-orm';
import { appMetrics, buildApp, listeningPorts } from '../../../server/app.ts';
import {
  gatewayRequests,
  otpCodes,
  radiusConnectors,
  serviceUsers,
  userDevices,
} from '../../../server/db/schema.ts';
import { newTotpSeed } from '../../../server/domain/enrollment/totp.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../../support/slapd.ts';
import { runAgainst } from '../fixtures/authenticatorCli.ts';
import { sharedTestContext } from '../helpers.ts';
import {
  currentCode,
  heard,
  type RadiusWorld,
  radiusClient,
  radiusWorld,
  syncedUser,
} from './gatewayFixtures.ts';

/**
 * The RADIUS server beside others and among customers: two servers on one database answer the two halves
 * of one challenge; two customers behind one address are told apart by the NAS-Identifier; an address no
 * connector has is not answered; a refusal takes the reject delay whatever its reason; a port in use stops
 * the start with a message that says what to do.
 */

const REJECT_DELAY_MS = 400;
// A push waits long enough for `npm run authenticator` to start and answer it.
const settings = {
  host: '127.0.0.1',
  port: 0,
  pushTimeoutSec: 20,
  rejectDelayMs: REJECT_DELAY_MS,
  maxPending: 64,
};
const ctx = sharedTestContext(() => ({ config: { radius: settings } }));
let slapd: Slapd;
let acme: RadiusWorld;
let second: ReturnType<typeof buildApp>;
let firstPort: number;
let secondPort: number;

beforeAll(async () => {
  slapd = await startSlapd({ users: 10 });
  acme = await radiusWorld(ctx, slapd);
  firstPort = listeningPorts.get(ctx.app)!.radius!;
  // Another server on the same database, as behind a load balancer.
  second = buildApp({ db: ctx.db, config: { ...ctx.config, radius: settings } });
  await second.ready();
  secondPort = listeningPorts.get(second)!.radius!;
  expect(secondPort).not.toBe(firstPort);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await slapd?.stop();
});

let uids = 0;
async function nextUser(into: RadiusWorld) {
  uids += 1;
  const uid = `user${String(uids).padStart(5, '0')}`;
  return { uid, id: await syncedUser(ctx, into, slapd, uid) };
}

describe('the RADIUS server among others', () => {
  it('takes the code on another server than the one that challenged', async () => {
    const { uid, id } = await nextUser(acme);
    const seed = newTotpSeed();
    await ctx.db.insert(otpCodes).values({
      customerId: acme.customerId,
      serviceInstanceId: acme.serviceId,
      userId: id,
      seed: createSealer(ctx.config.secretsKey).seal(seed),
    });
    const challenge = await radiusClient(firstPort, acme.secret).ask(uid, SLAPD_USER_PASSWORD);
    expect(challenge?.code).toBe('Access-Challenge');
    const accepted = await radiusClient(secondPort, acme.secret).ask(uid, await currentCode(seed), [
      ['State', challenge!.attributes.State as Buffer],
    ]);
    expect(accepted?.code).toBe('Access-Accept');
  });

  it('tells two customers behind one address apart by the NAS-Identifier, and drops a packet naming neither', async () => {
    const globex = await radiusWorld(ctx, slapd, { address: '127.0.0.1' });
    try {
      const ann = await nextUser(acme);
      const bob = await nextUser(globex);
      await ctx.db.insert(serviceUsers).values([
        { serviceInstanceId: acme.serviceId, userId: ann.id, list: 'BYPASS' },
        { serviceInstanceId: globex.serviceId, userId: bob.id, list: 'BYPASS' },
      ]);
      const quick = { waitMs: 1000 };
      expect(
        await radiusClient(firstPort, globex.secret).ask(bob.uid, SLAPD_USER_PASSWORD, [], quick),
      ).toBeNull();
      const asGlobex = await radiusClient(firstPort, globex.secret).ask(bob.uid, SLAPD_USER_PASSWORD, [
        ['NAS-Identifier', globex.connectorId],
      ]);
      expect(asGlobex?.code).toBe('Access-Accept');
      const asAcme = await radiusClient(firstPort, acme.secret).ask(ann.uid, SLAPD_USER_PASSWORD, [
        ['NAS-Identifier', acme.connectorId],
      ]);
      expect(asAcme?.code).toBe('Access-Accept');
      // Acme's user name through Globex's connector is Globex's directory's, which does not have it.
      const crossed = await radiusClient(firstPort, globex.secret).ask(ann.uid, SLAPD_USER_PASSWORD, [
        ['NAS-Identifier', globex.connectorId],
      ]);
      expect(crossed?.code).toBe('Access-Reject');
      const metrics = await ctx.call('GET', '/metrics');
      expect(metrics.body).toMatch(/radius_dropped_total\{reason="unknown_nas_identifier"\} 1/);
    } finally {
      await ctx.db.delete(radiusConnectors).where(eq(radiusConnectors.id, globex.connectorId));
      await heard(ctx.app, second);
    }
  });

  it('drops a request past RADIUS_MAX_PENDING unanswered, and decides the next one when there is room', async () => {
    const narrow = buildApp({
      db: ctx.db,
      config: { ...ctx.config, radius: { ...settings, maxPending: 1 } },
    });
    await narrow.ready();
    try {
      const port = listeningPorts.get(narrow)!.radius!;
      const people = [await nextUser(acme), await nextUser(acme), await nextUser(acme)];
      await ctx.db.insert(serviceUsers).values(
        people.map(({ id }) => ({
          serviceInstanceId: acme.serviceId,
          userId: id,
          list: 'BYPASS' as const,
        })),
      );
      const overloaded = async () => {
        const counter = await appMetrics.get(narrow)!.getSingleMetric('radius_dropped_total')?.get();
        return counter?.values.find((value) => value.labels.reason === 'overloaded')?.value ?? 0;
      };
      // The connectors' table locked: the first request waits in its decision, the two after it find no room.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holding = ctx.db.transaction(async (tx) => {
        await tx.execute(sql`lock table radius_connectors in access exclusive mode`);
        locked();
        await released;
      });
      await isLocked;
      const client = radiusClient(port, acme.secret);
      const answers = people.map(({ uid }) =>
        client.ask(uid, SLAPD_USER_PASSWORD, [], { waitMs: 30_000 }).then((answer) => answer?.code ?? null),
      );
      try {
        await expect.poll(overloaded, { timeout: 20_000 }).toBe(2);
      } finally {
        release();
        await holding;
      }
      // The first is answered once the table is free; the dropped ones never are (5 s is plenty to tell).
      const codes = await Promise.all(
        answers.map((answer) =>
          Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 5000, 'none'))]),
        ),
      );
      expect(codes.filter((code) => code === 'Access-Accept')).toHaveLength(1);
      expect(codes.filter((code) => code === 'none')).toHaveLength(2);
      // The clients send the dropped ones again: there is room now.
      const dropped = people.filter((_, index) => codes[index] === 'none');
      for (const { uid } of dropped) {
        expect((await client.ask(uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Accept');
      }
    } finally {
      await narrow.close();
    }
  });

  it('does not answer an address no connector has', async () => {
    const { uid, id } = await nextUser(acme);
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: acme.serviceId, userId: id, list: 'BYPASS' });
    await ctx.db
      .update(radiusConnectors)
      .set({ ipAddress: '127.0.0.9' })
      .where(eq(radiusConnectors.id, acme.connectorId));
    await heard(ctx.app, second);
    try {
      expect(
        await radiusClient(firstPort, acme.secret).ask(uid, SLAPD_USER_PASSWORD, [], { waitMs: 1000 }),
      ).toBeNull();
      const metrics = await ctx.call('GET', '/metrics');
      expect(metrics.body).toMatch(/radius_dropped_total\{reason="unknown_client"\} 1/);
    } finally {
      await ctx.db
        .update(radiusConnectors)
        .set({ ipAddress: '127.0.0.1' })
        .where(eq(radiusConnectors.id, acme.connectorId));
      await heard(ctx.app, second);
    }
    expect((await radiusClient(firstPort, acme.secret).ask(uid, SLAPD_USER_PASSWORD))?.code).toBe(
      'Access-Accept',
    );
  });

  it('answers an unknown user and a wrong password after the same reject delay', async () => {
    const { uid } = await nextUser(acme);
    const timed = async (userName: string, password: string) => {
      const started = performance.now();
      const answer = await radiusClient(firstPort, acme.secret).ask(userName, password);
      return { code: answer?.code, ms: performance.now() - started };
    };
    const wrong = await timed(uid, 'not-the-password');
    const unknown = await timed('nobody-at-all', SLAPD_USER_PASSWORD);
    expect(wrong.code).toBe('Access-Reject');
    expect(unknown.code).toBe('Access-Reject');
    expect(wrong.ms).toBeGreaterThanOrEqual(REJECT_DELAY_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(REJECT_DELAY_MS - 5);
  });

  it('holds a push that `npm run authenticator -- approve-2fa` approves as the app', async () => {
    const { uid, id } = await nextUser(acme);
    const seed = newTotpSeed();
    await ctx.db.insert(userDevices).values({
      customerId: acme.customerId,
      userId: id,
      tokenPackId: acme.packId,
      deviceName: 'Pixel 9',
      totpSeed: createSealer(ctx.config.secretsKey).seal(seed),
    });
    await ctx.db
      .update(radiusConnectors)
      .set({ mode: 'push' })
      .where(eq(radiusConnectors.id, acme.connectorId));
    await heard(ctx.app, second);
    const server = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answer = radiusClient(firstPort, acme.secret).ask(uid, SLAPD_USER_PASSWORD, [], {
        waitMs: 25_000,
      });
      // The script answers what waits when it runs: started once the push is held.
      while (
        (await ctx.db.select().from(gatewayRequests).where(eq(gatewayRequests.userId, id))).length === 0
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const run = await runAgainst(
        server,
        'approve-2fa',
        '--user',
        uid,
        '--token-pack',
        acme.packId,
        '--seed',
        seed,
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain(`approved 1 sign-in held for ${uid}`);
      expect((await answer)?.code).toBe('Access-Accept');
    } finally {
      await ctx.db
        .update(radiusConnectors)
        .set({ mode: 'challenge' })
        .where(eq(radiusConnectors.id, acme.connectorId));
      await heard(ctx.app, second);
    }
  }, 40_000);

  it('stops the start when its port is taken, saying what to do', async () => {
    const third = buildApp({
      db: ctx.db,
      config: { ...ctx.config, radius: { ...settings, port: firstPort } },
    });
    await expect(third.ready()).rejects.toThrow(
      new RegExp(`cannot listen on UDP 127\\.0\\.0\\.1:${firstPort} \\(EADDRINUSE.*RADIUS_PORT=0`),
    );
    await third.close();
  });
});
