import { eq } from 'drizzle-orm';
import { OTP_ERRORS, OTP_LOCK } from '../../../contract/otp.ts';
import { otpCodes, userDevices, users } from '../../../server/db/schema.ts';
import {
  addUsers,
  codeCalls,
  errorOf,
  generated,
  storedCodes,
  type Tenant,
  tenant,
} from '../activationCode/fixtures.ts';
import { sharedTestContext } from '../helpers.ts';
import { apiKeyOf, codeOf, newService, otpCalls, storedSeeds, wrongCodeOf } from './fixtures.ts';

/**
 * The gateways' check of a one-time code (POST /api/otp/verify, no token): the service is named by the API
 * key of its HTTPS connector (X-Api-Key). A code of the user's OTP seed for that service ('otp'), or of a
 * V-Key app the user activated in the service's token pack ('app'), is accepted once; five wrong codes in a
 * row lock the user's seeds and devices for 15 minutes (423). An unknown user is answered exactly as a known
 * one: the same answers, the same lock.
 */

const ctx = sharedTestContext();
let calls: ReturnType<typeof otpCalls>;
let acme: Tenant;
let serviceId: string;
let apiKey: string;

beforeAll(async () => {
  calls = otpCalls(ctx);
  acme = await tenant(ctx, 'Acme');
  serviceId = await newService(ctx, acme.id, acme.packId, 'Acme VPN');
  apiKey = await apiKeyOf(ctx, acme.id, serviceId);
});

/** A new user of Acme's pack with an OTP seed for the service. */
async function userWithSeed() {
  const [user] = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
  const answer = await calls.generate(acme.admin, acme.id, acme.packId, serviceId);
  expect(answer.status).toBe(200);
  const seed = (await storedSeeds(ctx, serviceId)).find((row) => row.userId === user!.id)!;
  return { user: user!, seed };
}

/** The user's app activated (with an activation code of Acme's pack): the device's TOTP seed. */
async function activatedApp(userId: string): Promise<string> {
  await generated(ctx, acme);
  const code = (await storedCodes(ctx, acme.packId)).find((row) => row.userId === userId)!;
  const answer = await codeCalls(ctx).activate(code.code);
  expect(answer.status).toBe(200);
  return answer.body.totpSeed;
}

const seedRow = async (id: string) => (await ctx.db.select().from(otpCodes).where(eq(otpCodes.id, id)))[0]!;
const deviceOf = async (userId: string) =>
  (await ctx.db.select().from(userDevices).where(eq(userDevices.userId, userId)))[0]!;
const verify = (username: string, code: string, key: string | undefined = apiKey) =>
  calls.verify(key, { username, code });

describe('a code of the user’s OTP seed', () => {
  it('is accepted once: the same code again is refused, and so is an older one', async () => {
    const { user, seed } = await userWithSeed();
    const code = await codeOf(seed.seedNumber);
    const first = await verify(user.username, code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ valid: true, method: 'otp' });
    const step = Math.floor(Date.now() / 30_000);
    expect((await seedRow(seed.id)).lastUsedStep).toBeGreaterThanOrEqual(step - 1);

    expect((await verify(user.username, code)).body).toEqual({ valid: false });
    expect((await verify(user.username, await codeOf(seed.seedNumber, 30))).body).toEqual({ valid: false });
  });

  it('is accepted from the period before when not used yet (a slow typist or clock)', async () => {
    const { user, seed } = await userWithSeed();
    const answer = await verify(user.username, await codeOf(seed.seedNumber, 30));
    expect(answer.body).toEqual({ valid: true, method: 'otp' });
  });

  it('is accepted once when two checks of it arrive at the same time', async () => {
    const { user, seed } = await userWithSeed();
    const code = await codeOf(seed.seedNumber);
    const answers = await Promise.all([verify(user.username, code), verify(user.username, code)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.body.valid === true)).toHaveLength(1);
  });

  it('is refused through another service (seeds are per service)', async () => {
    const { user, seed } = await userWithSeed();
    const other = await newService(ctx, acme.id, acme.packId, 'Acme Mail');
    const otherKey = await apiKeyOf(ctx, acme.id, other);
    expect((await verify(user.username, await codeOf(seed.seedNumber), otherKey)).body).toEqual({
      valid: false,
    });
    expect((await verify(user.username, await codeOf(seed.seedNumber))).body.valid).toBe(true);
  });

  it('is refused for a user who is no longer active', async () => {
    const { user, seed } = await userWithSeed();
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    expect((await verify(user.username, await codeOf(seed.seedNumber))).body).toEqual({ valid: false });
  });
});

describe('wrong codes', () => {
  it(`lock the seed after ${OTP_LOCK.attempts} in a row: 423 until the lock ends, even with the right code`, async () => {
    const { user, seed } = await userWithSeed();
    const wrong = await wrongCodeOf(seed.seedNumber);
    for (let attempt = 1; attempt <= OTP_LOCK.attempts; attempt++) {
      const answer = await verify(user.username, wrong);
      expect(answer.status, `attempt ${attempt}`).toBe(200);
      expect(answer.body).toEqual({ valid: false });
      expect((await seedRow(seed.id)).failedAttempts).toBe(attempt);
    }
    const row = await seedRow(seed.id);
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(OTP_LOCK.minutes - 1);
    expect(minutes).toBeLessThanOrEqual(OTP_LOCK.minutes);

    const locked = await verify(user.username, await codeOf(seed.seedNumber));
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual(errorOf(OTP_ERRORS.locked));
    expect((await seedRow(seed.id)).lastUsedStep).toBeNull();

    // Once the lock is over, the right code is accepted and the count starts over.
    await ctx.db
      .update(otpCodes)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.id, seed.id));
    expect((await verify(user.username, await codeOf(seed.seedNumber))).body.valid).toBe(true);
    expect(await seedRow(seed.id)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('are forgotten after a right code', async () => {
    const { user, seed } = await userWithSeed();
    const wrong = await wrongCodeOf(seed.seedNumber);
    for (let attempt = 1; attempt < OTP_LOCK.attempts; attempt++) await verify(user.username, wrong);
    expect((await seedRow(seed.id)).failedAttempts).toBe(OTP_LOCK.attempts - 1);
    expect((await verify(user.username, await codeOf(seed.seedNumber))).body.valid).toBe(true);
    expect((await seedRow(seed.id)).failedAttempts).toBe(0);
    expect((await verify(user.username, wrong)).body).toEqual({ valid: false });
    expect((await seedRow(seed.id)).failedAttempts).toBe(1);
  });

  it('include codes that are not 6 digits', async () => {
    const { user, seed } = await userWithSeed();
    for (const code of ['abcdef', '12345', '1234567']) {
      const answer = await verify(user.username, code);
      expect(answer.status, code).toBe(200);
      expect(answer.body).toEqual({ valid: false });
    }
    expect((await seedRow(seed.id)).failedAttempts).toBe(3);
  });
});

describe('an unknown user, and a user with nothing to check', () => {
  /** The answers to OTP_LOCK.attempts + 1 wrong codes in a row for a username. */
  const answersTo = async (username: string, wrong: string) => {
    const answers: [number, unknown][] = [];
    for (let attempt = 0; attempt <= OTP_LOCK.attempts; attempt++) {
      const answer = await verify(username, wrong);
      answers.push([answer.status, answer.body]);
    }
    return answers;
  };

  it('are answered exactly as a known user: wrong, wrong… then locked (423)', async () => {
    const { user, seed } = await userWithSeed();
    const known = await answersTo(user.username, await wrongCodeOf(seed.seedNumber));
    expect(known.at(-1)).toEqual([423, errorOf(OTP_ERRORS.locked)]);
    expect(await answersTo('nobody-at-acme', '123456')).toEqual(known);
    const [bare] = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
    expect(await answersTo(bare!.username, '123456')).toEqual(known);
  });

  it('count their wrong codes per username, in one service', async () => {
    for (let attempt = 1; attempt < OTP_LOCK.attempts; attempt++) await verify('ghost-one', '123456');
    expect((await verify('ghost-two', '123456')).status).toBe(200);
    expect((await verify('ghost-one', '123456')).status).toBe(200);
    expect((await verify('ghost-one', '123456')).status).toBe(423);
  });
});

describe('a code of the V-Key app the user activated', () => {
  it("is accepted once with method 'app', and the device's sign-in is recorded", async () => {
    const { user } = await userWithSeed();
    const deviceSeed = await activatedApp(user.id);
    const code = await codeOf(deviceSeed);
    const answer = await verify(user.username, code);
    expect(answer.body).toEqual({ valid: true, method: 'app' });
    const device = await deviceOf(user.id);
    expect(device.lastUsedStep).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
    expect(device.lastSignInDate!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await verify(user.username, code)).body).toEqual({ valid: false });
  });

  it('is accepted for a user without an OTP seed for the service', async () => {
    const [user] = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
    const deviceSeed = await activatedApp(user!.id);
    expect((await verify(user!.username, await codeOf(deviceSeed))).body).toEqual({
      valid: true,
      method: 'app',
    });
  });

  it("shares the lock with the user's seed: wrong codes lock both", async () => {
    const { user, seed } = await userWithSeed();
    const deviceSeed = await activatedApp(user.id);
    const wrong = await wrongCodeOf(seed.seedNumber, deviceSeed);
    for (let attempt = 0; attempt < OTP_LOCK.attempts; attempt++) await verify(user.username, wrong);
    expect((await deviceOf(user.id)).failedAttempts).toBe(OTP_LOCK.attempts);
    const answer = await verify(user.username, await codeOf(deviceSeed));
    expect(answer.status).toBe(423);
    expect(answer.body).toEqual(errorOf(OTP_ERRORS.locked));
  });
});

describe('who asks, and about whom', () => {
  it('refuses a missing or unknown API key, and one whose connector serves no service (401)', async () => {
    const { user, seed } = await userWithSeed();
    const code = await codeOf(seed.seedNumber);
    const unattached = await apiKeyOf(ctx, acme.id);
    for (const key of [undefined, '', 'gwk_not-a-key', unattached, apiKey.toUpperCase()]) {
      const answer = await calls.verify(key, { username: user.username, code });
      expect(answer.status, String(key)).toBe(401);
      expect(answer.body).toEqual(errorOf(OTP_ERRORS.apiKey));
    }
    expect(await seedRow(seed.id)).toMatchObject({ lastUsedStep: null, failedAttempts: 0 });
    expect((await verify(user.username, code)).body.valid).toBe(true);
  });

  it("refuses another customer's service key for Acme's users", async () => {
    const { user, seed } = await userWithSeed();
    const globex = await tenant(ctx, `Globex ${Math.random().toString(36).slice(2, 6)}`);
    const theirService = await newService(ctx, globex.id, globex.packId);
    const theirKey = await apiKeyOf(ctx, globex.id, theirService);
    expect((await verify(user.username, await codeOf(seed.seedNumber), theirKey)).body).toEqual({
      valid: false,
    });
  });

  it('answers an unknown username as a wrong code, counting nothing', async () => {
    const { seed } = await userWithSeed();
    const answer = await verify('nobody-here', await codeOf(seed.seedNumber));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: false });
    expect((await seedRow(seed.id)).failedAttempts).toBe(0);
  });

  it('refuses a malformed body (400)', async () => {
    for (const body of [
      {},
      { username: 'a' },
      { username: 'a', code: '123456', extra: 1 },
      { username: '', code: '1' },
    ]) {
      const answer = await calls.verify(apiKey, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});
