import { and, eq } from 'drizzle-orm';
import { gateway as texts } from '../../../contract/gatewayTexts.ts';
import { listeningPorts } from '../../../server/app.ts';
import {
  directories,
  gatewaySignIns,
  otpCodes,
  serviceInstances,
  serviceUsers,
  signInEvents,
  subscriptions,
  tokenPacks,
  userDevices,
  users,
  whiteListIps,
} from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { closedPort, SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../../support/slapd.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';
import {
  withApp as appFor,
  currentCode,
  heard,
  lastLogOf as lastLogIn,
  type RadiusWorld,
  radiusClient,
  radiusWorld,
  withSeed as seedFor,
  setMode,
  syncedUser,
} from './gatewayFixtures.ts';

/**
 * The gateway's RADIUS server (server/features/radius/listener.ts, server/features/gateway/decision.ts),
 * asked with real UDP packets by a RADIUS client made with the `radius` package: every rule a VPN's
 * sign-in meets, and what the user's sign-in log and the dashboard keep of it.
 */

const PUSH_TIMEOUT_SEC = 2;
const ctx = sharedTestContext(() => ({
  config: {
    radius: {
      host: '127.0.0.1',
      port: 0,
      pushTimeoutSec: PUSH_TIMEOUT_SEC,
      rejectDelayMs: 0,
      maxPending: 64,
    },
  },
}));
let slapd: Slapd;
let world: RadiusWorld;
let port: number;

beforeAll(async () => {
  slapd = await startSlapd({ users: 40 });
  world = await radiusWorld(ctx, slapd);
  const answer = await ctx.call('GET', '/health/live');
  expect(answer.status).toBe(200);
  port = listeningPorts.get(ctx.app)?.radius ?? 0;
  expect(port).toBeGreaterThan(0);
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

let uids = 0;
/** The next generated slapd user (user00001…), synchronised into the world's directory. */
async function nextUser(status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE', into: RadiusWorld = world) {
  uids += 1;
  const uid = `user${String(uids).padStart(5, '0')}`;
  const id = await syncedUser(ctx, into, slapd, uid, status);
  return { uid, id };
}

/** An OTP seed of the user for the service of `into` (the world's by default); answers the seed. */
const withSeed = (userId: string, into: RadiusWorld = world) => seedFor(ctx, into, userId);

/** A V-Key app the user activated in the pack of `into`; answers its seed. */
const withApp = (userId: string, into: RadiusWorld = world) => appFor(ctx, into, userId);

const lastLogOf = (userId: string) => lastLogIn(ctx, userId);

const client = () => radiusClient(port, world.secret);

/**
 * The answer to `uid`'s sign-in once the gateway has heard the last change: it keeps what it read until a
 * change is noticed (server/db/changes.ts), and on PostgreSQL the notice arrives a moment after the commit,
 * so the sign-in is asked again, for at most 5 s, until its answer is `expected`.
 */
async function answerAfterChange(uid: string, expected: string): Promise<string | undefined> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const code = (await client().ask(uid, SLAPD_USER_PASSWORD))?.code;
    if (code === expected || Date.now() > deadline) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the RADIUS server', () => {
  it('accepts a user of the bypass list with the directory password alone', async () => {
    const { uid, id } = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    const answer = await client().ask(uid, SLAPD_USER_PASSWORD);
    expect(answer?.code).toBe('Access-Accept');
    expect(answer?.attributes['Reply-Message']).toBe(texts.radius.accepted);
    expect(await lastLogOf(id)).toMatchObject({
      result: 'ACCEPT',
      reason: 'bypass',
      clientAddress: '127.0.0.1',
    });
  });

  it('challenges for the code, then accepts the code of the user OTP secret once', async () => {
    const { uid, id } = await nextUser();
    const seed = await withSeed(id);
    const radius = client();
    const challenge = await radius.ask(uid, SLAPD_USER_PASSWORD);
    expect(challenge?.code).toBe('Access-Challenge');
    expect(challenge?.attributes['Reply-Message']).toBe(texts.radius.challenge);
    const state = challenge!.attributes.State as Buffer;
    expect(state.length).toBeGreaterThan(0);
    const code = await currentCode(seed);
    const accepted = await radius.ask(uid, code, [['State', state]]);
    expect(accepted?.code).toBe('Access-Accept');
    expect(await lastLogOf(id)).toMatchObject({ result: 'ACCEPT', reason: 'secondFactor' });

    // The same code again, after a new challenge: refused (a code works once).
    const again = await radius.ask(uid, SLAPD_USER_PASSWORD);
    expect(again?.code).toBe('Access-Challenge');
    const reused = await radius.ask(uid, code, [['State', again!.attributes.State as Buffer]]);
    expect(reused?.code).toBe('Access-Reject');
    expect(reused?.attributes['Reply-Message']).toBe(texts.radius.refused);
    expect(await lastLogOf(id)).toMatchObject({ result: 'REJECT', reason: 'wrongCode' });

    // A State is used once, right code or not.
    const replayed = await radius.ask(uid, await currentCode(seed), [['State', state]]);
    expect(replayed?.code).toBe('Access-Reject');
    expect(await lastLogOf(id)).toMatchObject({ reason: 'challengeExpired' });

    // The dashboard: two codes checked (one right, one reused), three sign-ins finished, one accepted.
    const events = await ctx.db.select().from(signInEvents).where(eq(signInEvents.userId, id));
    const counted = (kind: string, outcome: string) =>
      events.filter((event) => event.kind === kind && event.outcome === outcome).length;
    expect(counted('approval', 'success')).toBe(1);
    expect(counted('approval', 'failure')).toBe(1);
    expect(counted('sign-in', 'success')).toBe(1);
    expect(counted('sign-in', 'failure')).toBe(2);
  });

  it('accepts the code of the V-Key app activated in the pack', async () => {
    const { uid, id } = await nextUser();
    const seed = await withApp(id);
    const radius = client();
    const challenge = await radius.ask(uid, SLAPD_USER_PASSWORD);
    const accepted = await radius.ask(uid, await currentCode(seed), [
      ['State', challenge!.attributes.State as Buffer],
    ]);
    expect(accepted?.code).toBe('Access-Accept');
    const [device] = await ctx.db.select().from(userDevices).where(eq(userDevices.userId, id));
    expect(device?.lastSignInDate).not.toBeNull();
  });

  it('accepts a code once when several conversations send it at the same moment', async () => {
    const { uid, id } = await nextUser();
    const seed = await withSeed(id);
    const states: Buffer[] = [];
    for (let n = 0; n < 3; n++) {
      const challenge = await client().ask(uid, SLAPD_USER_PASSWORD);
      expect(challenge?.code).toBe('Access-Challenge');
      states.push(challenge!.attributes.State as Buffer);
    }
    const code = await currentCode(seed);
    const answers = await Promise.all(states.map((state) => client().ask(uid, code, [['State', state]])));
    expect(answers.map((answer) => answer?.code).sort()).toEqual([
      'Access-Accept',
      'Access-Reject',
      'Access-Reject',
    ]);
    const logged = await ctx.db.select().from(gatewaySignIns).where(eq(gatewaySignIns.userId, id));
    expect(logged.filter((entry) => entry.reason === 'wrongCode')).toHaveLength(2);
  });

  it('locks the code after five wrong ones in a row, and says so in the log only', async () => {
    const { uid, id } = await nextUser();
    const seed = await withSeed(id);
    const radius = client();
    const right = await currentCode(seed);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let n = 0; n < 5; n++) {
      const challenge = await radius.ask(uid, SLAPD_USER_PASSWORD);
      const refused = await radius.ask(uid, wrong, [['State', challenge!.attributes.State as Buffer]]);
      expect(refused?.code).toBe('Access-Reject');
    }
    const challenge = await radius.ask(uid, SLAPD_USER_PASSWORD);
    const locked = await radius.ask(uid, await currentCode(seed), [
      ['State', challenge!.attributes.State as Buffer],
    ]);
    expect(locked?.code).toBe('Access-Reject');
    expect(locked?.attributes['Reply-Message']).toBe(texts.radius.refused);
    expect(await lastLogOf(id)).toMatchObject({ result: 'REJECT', reason: 'codeLocked' });
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, id));
    expect(row).toMatchObject({ failedAttempts: 5 });
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses an unknown user and a wrong password alike, and logs the reason on the user only', async () => {
    const { uid, id } = await nextUser();
    await withSeed(id);
    const wrong = await client().ask(uid, 'not-the-password');
    const unknown = await client().ask('nobody-here', SLAPD_USER_PASSWORD);
    expect(wrong?.code).toBe('Access-Reject');
    expect(unknown?.code).toBe('Access-Reject');
    const { 'Message-Authenticator': _w, ...wrongSays } = wrong!.attributes;
    const { 'Message-Authenticator': _u, ...unknownSays } = unknown!.attributes;
    expect(wrongSays).toEqual(unknownSays);
    expect(await lastLogOf(id)).toMatchObject({ result: 'REJECT', reason: 'wrongPassword' });
    const [logged] = await ctx.db
      .select()
      .from(gatewaySignIns)
      .where(eq(gatewaySignIns.userName, 'nobody-here'));
    expect(logged).toMatchObject({ userId: null, reason: 'unknownUser' });
  });

  it('refuses an inactive user, a stopped service and an expired subscription', async () => {
    const inactive = await nextUser('INACTIVE');
    expect((await client().ask(inactive.uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Reject');
    expect(await lastLogOf(inactive.id)).toMatchObject({ reason: 'userInactive' });

    const other = await radiusWorld(ctx, slapd, { address: '127.0.0.2' });
    const stopped = await nextUser('ACTIVE', other);
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: other.serviceId, userId: stopped.id, list: 'BYPASS' });
    const otherClient = radiusClient(port, other.secret);
    // 127.0.0.2 is the source only when the socket binds it: this client binds 127.0.0.1, so use the world's.
    await ctx.db
      .update(serviceInstances)
      .set({ status: 'STOPPED' })
      .where(eq(serviceInstances.id, world.serviceId));
    const bypassUser = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: bypassUser.id, list: 'BYPASS' });
    await heard(ctx.app);
    try {
      expect(await answerAfterChange(bypassUser.uid, 'Access-Reject')).toBe('Access-Reject');
      expect(await lastLogOf(bypassUser.id)).toMatchObject({ reason: 'serviceStopped' });
    } finally {
      await ctx.db
        .update(serviceInstances)
        .set({ status: 'STARTED' })
        .where(eq(serviceInstances.id, world.serviceId));
      await heard(ctx.app);
    }
    expect(await answerAfterChange(bypassUser.uid, 'Access-Accept')).toBe('Access-Accept');

    const [pack] = await ctx.db.select().from(tokenPacks).where(eq(tokenPacks.id, world.packId));
    await ctx.db
      .update(subscriptions)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, pack!.subscriptionId!));
    try {
      expect(await answerAfterChange(bypassUser.uid, 'Access-Reject')).toBe('Access-Reject');
      expect(await lastLogOf(bypassUser.id)).toMatchObject({ reason: 'notCovered' });
    } finally {
      await ctx.db
        .update(subscriptions)
        .set({ expireDate: new Date(Date.now() + 365 * 86_400_000) })
        .where(eq(subscriptions.id, pack!.subscriptionId!));
      await heard(ctx.app);
    }
    void otherClient;
  });

  it('sees a change made after a sign-in at the next sign-in, though it keeps what it read', async () => {
    const { uid, id } = await nextUser();
    await withSeed(id);
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    expect(await answerAfterChange(uid, 'Access-Accept')).toBe('Access-Accept');
    expect((await client().ask(uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Accept');

    await ctx.db
      .delete(serviceUsers)
      .where(and(eq(serviceUsers.serviceInstanceId, world.serviceId), eq(serviceUsers.userId, id)));
    expect(await answerAfterChange(uid, 'Access-Challenge')).toBe('Access-Challenge');

    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, id));
    expect(await answerAfterChange(uid, 'Access-Reject')).toBe('Access-Reject');
    expect(await lastLogOf(id)).toMatchObject({ reason: 'userInactive' });

    await ctx.db
      .update(serviceInstances)
      .set({ status: 'STOPPED' })
      .where(eq(serviceInstances.id, world.serviceId));
    await ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, id));
    // A refusal either way (the user inactive as kept, the service stopped as changed): only once both
    // changes are heard is the reason the service's.
    await heard(ctx.app);
    try {
      expect(await answerAfterChange(uid, 'Access-Reject')).toBe('Access-Reject');
      expect(await lastLogOf(id)).toMatchObject({ reason: 'serviceStopped' });
    } finally {
      await ctx.db
        .update(serviceInstances)
        .set({ status: 'STARTED' })
        .where(eq(serviceInstances.id, world.serviceId));
      await heard(ctx.app);
    }
    expect(await answerAfterChange(uid, 'Access-Challenge')).toBe('Access-Challenge');
  });

  it('accepts from a trusted network without the code', async () => {
    const { uid, id } = await nextUser();
    await withSeed(id);
    await ctx.db
      .insert(whiteListIps)
      .values({ customerId: world.customerId, tokenPackId: world.packId, ip: '198.51.100.0/24' });
    await heard(ctx.app);
    const trusted = await client().ask(uid, SLAPD_USER_PASSWORD, [['Calling-Station-Id', '198.51.100.7']]);
    expect(trusted?.code).toBe('Access-Accept');
    expect(await lastLogOf(id)).toMatchObject({ reason: 'trustedNetwork', clientAddress: '198.51.100.7' });
    const outside = await client().ask(uid, SLAPD_USER_PASSWORD, [['Calling-Station-Id', '203.0.113.9']]);
    expect(outside?.code).toBe('Access-Challenge');
  });

  it('takes the code after the password and a comma in append mode', async () => {
    const { uid, id } = await nextUser();
    const seed = await withSeed(id);
    await setMode(ctx, world, 'append');
    try {
      expect((await client().ask(uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Reject');
      expect(await lastLogOf(id)).toMatchObject({ reason: 'wrongCode' });
      const accepted = await client().ask(uid, `${SLAPD_USER_PASSWORD},${await currentCode(seed)}`);
      expect(accepted?.code).toBe('Access-Accept');
    } finally {
      await setMode(ctx, world, 'challenge');
    }
  });

  it('holds a push until the app approves, rejects, or the time runs out', async () => {
    await setMode(ctx, world, 'push');
    try {
      /** The app's answer, sent as soon as the push waits (404 until then). */
      const answerPush = async (uid: string, seed: string, decision: 'APPROVE' | 'REJECT') => {
        for (let attempt = 0; attempt < 80; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const answer = await ctx.call('POST', '/api/v-key-app/gateway/decision', {
            json: { tokenPackId: world.packId, username: uid, decision, code: await currentCode(seed) },
          });
          if (answer.status !== 404) return answer;
        }
        throw new Error('no push was waiting');
      };
      const pushed = async (decision: 'APPROVE' | 'REJECT') => {
        const { uid, id } = await nextUser();
        const seed = await withApp(id);
        const [answer, app] = await Promise.all([
          client().ask(uid, SLAPD_USER_PASSWORD, [], { waitMs: 8000 }),
          answerPush(uid, seed, decision),
        ]);
        expect(app.status).toBe(200);
        expect(app.body).toEqual({ answered: 1 });
        return { answer, id };
      };
      const approved = await pushed('APPROVE');
      expect(approved.answer?.code).toBe('Access-Accept');
      expect(await lastLogOf(approved.id)).toMatchObject({ reason: 'secondFactor' });

      const rejected = await pushed('REJECT');
      expect(rejected.answer?.code).toBe('Access-Reject');
      expect(await lastLogOf(rejected.id)).toMatchObject({ reason: 'pushRejected' });

      const { uid, id } = await nextUser();
      await withApp(id);
      const timedOut = await client().ask(uid, SLAPD_USER_PASSWORD, [], {
        waitMs: (PUSH_TIMEOUT_SEC + 3) * 1000,
      });
      expect(timedOut?.code).toBe('Access-Reject');
      expect(await lastLogOf(id)).toMatchObject({ reason: 'pushTimedOut' });
    } finally {
      await setMode(ctx, world, 'challenge');
    }
  }, 40_000);

  it('drops, unanswered, a packet without a right Message-Authenticator or from an unknown client', async () => {
    const { uid, id } = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    const quick = { waitMs: 700 };
    expect(
      await client().ask(uid, SLAPD_USER_PASSWORD, [], { ...quick, withoutMessageAuthenticator: true }),
    ).toBeNull();
    expect(
      await client().ask(uid, SLAPD_USER_PASSWORD, [], { ...quick, spoilMessageAuthenticator: true }),
    ).toBeNull();
    expect(
      await client().ask(uid, SLAPD_USER_PASSWORD, [], { ...quick, secret: 'not-the-secret' }),
    ).toBeNull();
    expect(await lastLogOf(id)).toBeUndefined();
    const metrics = await ctx.call('GET', '/metrics');
    expect(metrics.body).toMatch(/radius_dropped_total\{reason="message_authenticator"\} 3/);
  });

  it('answers a retransmission with the first answer, deciding once', async () => {
    const { uid, id } = await nextUser();
    await withSeed(id);
    const { answers } = await client().send(
      [
        ['User-Name', uid],
        ['User-Password', SLAPD_USER_PASSWORD],
      ],
      { retransmit: 3, waitMs: 2000 },
    );
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answers.map((answer) => answer.raw.toString('hex'))).size).toBe(1);
    const logged = await ctx.db.select().from(gatewaySignIns).where(eq(gatewaySignIns.userId, id));
    expect(logged).toHaveLength(1);
  });

  it('counts its sign-ins for the dashboard and shows them in the user log and on the connector', async () => {
    const { uid, id } = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    await client().ask(uid, SLAPD_USER_PASSWORD);
    const events = await ctx.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.userId, id), eq(signInEvents.kind, 'sign-in')));
    expect(events).toEqual([expect.objectContaining({ outcome: 'success', customerId: world.customerId })]);
  });
  it('finds the user whatever the case typed, and says when the directory cannot be reached', async () => {
    const { uid, id } = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    expect((await client().ask(uid.toUpperCase(), SLAPD_USER_PASSWORD))?.code).toBe('Access-Accept');

    await ctx.db
      .update(directories)
      .set({ port: await closedPort() })
      .where(eq(directories.id, world.directoryId));
    await heard(ctx.app);
    try {
      expect((await client().ask(uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Reject');
      expect(await lastLogOf(id)).toMatchObject({ reason: 'directoryUnreachable' });
    } finally {
      await ctx.db.update(directories).set({ port: slapd.port }).where(eq(directories.id, world.directoryId));
      await heard(ctx.app);
    }
    expect((await client().ask(uid, SLAPD_USER_PASSWORD))?.code).toBe('Access-Accept');
  });

  it('refuses a user whose password the directory cannot check (an imported CSV user)', async () => {
    const [csvUser] = await ctx.db
      .insert(users)
      .values({
        customerId: world.customerId,
        directoryId: world.directoryId,
        source: 'CSV',
        username: 'imported-only',
        status: 'ACTIVE',
      })
      .returning();
    expect((await client().ask('imported-only', SLAPD_USER_PASSWORD))?.code).toBe('Access-Reject');
    expect(await lastLogOf(csvUser!.id)).toMatchObject({ reason: 'directoryCannotCheck' });
  });

  it('answers the app with 404 while nothing waits, without using its code up, and 401 for a wrong code', async () => {
    const { uid, id } = await nextUser();
    const seed = await withApp(id);
    const decide = (code: string) =>
      ctx.call('POST', '/api/v-key-app/gateway/decision', {
        json: { tokenPackId: world.packId, username: uid, decision: 'APPROVE', code },
      });
    const code = await currentCode(seed);
    const nothing = await decide(code);
    expect(nothing.status).toBe(404);
    expect(nothing.body.messageKey).toBe('error.gateway.nothingWaiting');
    const [device] = await ctx.db.select().from(userDevices).where(eq(userDevices.userId, id));
    expect(device?.lastUsedStep).toBeNull();
    const wrong = await decide(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.messageKey).toBe('error.gateway.wrongCode');
    const stranger = await ctx.call('POST', '/api/v-key-app/gateway/decision', {
      json: { tokenPackId: world.packId, username: 'nobody-at-all', decision: 'APPROVE', code },
    });
    expect(stranger.status).toBe(401);
  });

  it("shows the port in force and the last request on the connector, and the user's log to its customer only", async () => {
    const { uid, id } = await nextUser();
    await ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: world.serviceId, userId: id, list: 'BYPASS' });
    await client().ask(uid, SLAPD_USER_PASSWORD, [['Calling-Station-Id', '192.0.2.44']]);
    const { token } = await signedIn(ctx, {
      customerId: world.customerId,
      roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
    });
    const record = await ctx.call(
      'GET',
      `/api/idm-config/connectors/radius/${world.customerId}/${world.connectorId}`,
      { token },
    );
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      proxyPort: port,
      mode: 'challenge',
      nasIdentifier: world.connectorId,
      lastSignIn: { userName: uid, result: 'ACCEPT', reason: 'bypass', clientAddress: '192.0.2.44' },
    });
    const log = await ctx.call(
      'GET',
      `/api/user-management/users/${world.customerId}/${id}/gateway-sign-ins`,
      {
        token,
      },
    );
    expect(log.status).toBe(200);
    expect(log.body).toEqual([
      expect.objectContaining({
        protocol: 'RADIUS',
        serviceName: expect.any(String),
        userName: uid,
        clientAddress: '192.0.2.44',
        result: 'ACCEPT',
        reason: 'bypass',
      }),
    ]);
    const other = await ctx.createCustomer({ companyName: 'Other Corp' });
    const { token: otherToken } = await signedIn(ctx, {
      customerId: other.id,
      roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
    });
    const foreign = await ctx.call('GET', `/api/user-management/users/${other.id}/${id}/gateway-sign-ins`, {
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    const named = await ctx.call(
      'GET',
      `/api/user-management/users/${world.customerId}/${id}/gateway-sign-ins`,
      {
        token: otherToken,
      },
    );
    expect([403, 404]).toContain(named.status);
  });
});
