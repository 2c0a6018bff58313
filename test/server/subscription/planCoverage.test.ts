import { eq } from 'drizzle-orm';
import { subscriptions, tokenPacks, users } from '../../../server/db/schema.ts';
import { serviceAdmits } from '../../../server/features/service/admits.ts';
import { addUsers, codeCalls, storedCodes, type Tenant, tenant } from '../activationCode/fixtures.ts';
import { sharedTestContext } from '../helpers.ts';
import { apiKeyOf, codeOf, newService, otpCalls, storedSeeds } from '../otp/fixtures.ts';

/**
 * The plan's user count (server/features/subscription/coverage.ts, README "The plan's user count"): a
 * subscription covers its number of users, those already enrolled first, then the oldest; the others are
 * synchronised but not enrolled: generation leaves them out and says how many, the gateway refuses them,
 * the users list marks them and the users list's header and the dashboard say how many users the plan covers.
 */

const ctx = sharedTestContext();
const DAY = 86_400_000;

/** A customer whose pack's plan covers `numberOfUsers`, with `count` users created a day apart, oldest first. */
async function customerWith(name: string, numberOfUsers: number | null, count: number) {
  const owner = await tenant(ctx, name, { numberOfUsers });
  const made = await addUsers(ctx, { customerId: owner.id, directoryId: owner.directoryId }, count, {
    prefix: name.toLowerCase(),
  });
  for (const [index, user] of made.entries()) {
    await ctx.db
      .update(users)
      .set({ createdDate: new Date(Date.now() - (count - index) * DAY) })
      .where(eq(users.id, user.id));
  }
  return { owner, names: made.map((user) => user.username) };
}

const subscriptionOf = async (owner: Tenant) => {
  const [pack] = await ctx.db.select().from(tokenPacks).where(eq(tokenPacks.id, owner.packId));
  return pack!.subscriptionId!;
};

/** What an approved Add users order writes: the subscription's new number of users. */
const setNumberOfUsers = async (owner: Tenant, numberOfUsers: number) =>
  ctx.db
    .update(subscriptions)
    .set({ numberOfUsers })
    .where(eq(subscriptions.id, await subscriptionOf(owner)));

const generate = (owner: Tenant) => codeCalls(ctx).generate(owner.admin, owner.id, owner.packId);
const codedNames = async (owner: Tenant) =>
  (await storedCodes(ctx, owner.packId)).map((code) => code.username);

describe('generating activation codes', () => {
  it("makes codes for the plan's users only, the oldest first, and says how many were left out", async () => {
    const { owner, names } = await customerWith('Oldest', 3, 5);
    const answer = await generate(owner);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      generated: 3,
      leftOut: 2,
      planCovers: 3,
      subscriptionId: await subscriptionOf(owner),
      tierId: expect.any(String),
    });
    expect(await codedNames(owner)).toEqual(names.slice(0, 3));
  });

  it('keeps the users already enrolled ahead of an older one who came back', async () => {
    const { owner, names } = await customerWith('Enrolled', 2, 4);
    // The oldest is inactive when the codes are first generated: the next two get them.
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.username, names[0]!));
    expect((await generate(owner)).body).toMatchObject({ generated: 2, leftOut: 1 });
    expect(await codedNames(owner)).toEqual([names[1], names[2]]);
    await ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.username, names[0]!));
    // Back, and the oldest, but the plan's two places are the enrolled users'.
    expect((await generate(owner)).body).toMatchObject({ generated: 0, leftOut: 2, planCovers: 2 });
    expect(await codedNames(owner)).toEqual([names[1], names[2]]);
  });

  it('covers more once the subscription has more users (Add users)', async () => {
    const { owner, names } = await customerWith('Grows', 2, 5);
    expect((await generate(owner)).body).toMatchObject({ generated: 2, leftOut: 3 });
    await setNumberOfUsers(owner, 4);
    expect((await generate(owner)).body).toMatchObject({ generated: 2, leftOut: 1, planCovers: 4 });
    expect(await codedNames(owner)).toEqual(names.slice(0, 4));
    // Re-generating all says the same.
    const all = await codeCalls(ctx).regenerate(owner.admin, owner.id, owner.packId, { all: true });
    expect(all.body).toMatchObject({ regenerated: 4, leftOut: 1, planCovers: 4 });
  });

  it('makes none for a pack without a subscription in force, and says it leaves everyone out', async () => {
    const { owner } = await customerWith('Unplanned', null, 3);
    expect((await generate(owner)).body).toEqual({
      generated: 0,
      leftOut: 3,
      planCovers: 0,
      subscriptionId: null,
      tierId: null,
    });
    const ended = await customerWith('Ended', 10, 2);
    await ctx.db
      .update(subscriptions)
      .set({ expireDate: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.id, await subscriptionOf(ended.owner)));
    expect((await generate(ended.owner)).body).toMatchObject({ generated: 0, leftOut: 2, planCovers: 0 });
  });
});

describe('OTP seeds and the gateway', () => {
  it("makes seeds for the plan's users only, and refuses a sign-in of a user over the plan", async () => {
    const { owner, names } = await customerWith('Gateway', 3, 4);
    const serviceId = await newService(ctx, owner.id, owner.packId, 'VPN');
    const apiKey = await apiKeyOf(ctx, owner.id, serviceId);
    const calls = otpCalls(ctx);
    const made = await calls.generate(owner.admin, owner.id, owner.packId, serviceId);
    expect(made.body).toMatchObject({ generated: 3, leftOut: 1, planCovers: 3 });
    const seeds = await storedSeeds(ctx, serviceId);
    expect(seeds.map((seed) => seed.username)).toEqual(names.slice(0, 3));

    // The plan shrinks to 2: the newest of the enrolled users is over it, seed or not.
    await setNumberOfUsers(owner, 2);
    const [first, , third] = seeds;
    const verify = async (seed: (typeof seeds)[number]) =>
      (await calls.verify(apiKey, { username: seed.username, code: await codeOf(seed.seedNumber) })).body;
    expect(await verify(third!)).toEqual({ valid: false });
    expect(await verify(first!)).toEqual({ valid: true, method: 'otp' });

    const idOf = async (username: string) =>
      (await ctx.db.select().from(users).where(eq(users.username, username)))[0]!.id;
    expect(await serviceAdmits(ctx.db, serviceId, await idOf(third!.username))).toBe('overPlan');
    expect(await serviceAdmits(ctx.db, serviceId, await idOf(first!.username))).toBe('ok');
  });
});

describe("the gateway's check of one user", () => {
  it('answers for each user what the ranking of the whole plan answers', async () => {
    const { owner, names } = await customerWith('Agrees', 3, 7);
    expect((await generate(owner)).body).toMatchObject({ generated: 3, leftOut: 4 });
    const serviceId = await newService(ctx, owner.id, owner.packId, 'VPN');
    const idOf = async (username: string) =>
      (await ctx.db.select().from(users).where(eq(users.username, username)))[0]!.id;
    // An enrolled user leaves, two newer ones share a creation time, and the plan grows to 4: the two
    // enrolled users left come first, then the oldest not enrolled.
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.username, names[0]!));
    const [fifth] = await ctx.db.select().from(users).where(eq(users.username, names[4]!));
    await ctx.db.update(users).set({ createdDate: fifth!.createdDate }).where(eq(users.username, names[5]!));
    await setNumberOfUsers(owner, 4);

    const list = await ctx.call('GET', `/api/user-management/users/${owner.id}/search?page=0&pageSize=25`, {
      token: owner.admin,
    });
    const ranked = new Map(
      (list.body.content as { username: string; overPlan: boolean }[]).map((user) => [
        user.username,
        user.overPlan ? 'overPlan' : 'ok',
      ]),
    );
    const active = names.slice(1);
    const admitted = await Promise.all(
      active.map(async (name) => serviceAdmits(ctx.db, serviceId, await idOf(name))),
    );
    expect(admitted).toEqual(active.map((name) => ranked.get(name)));
    expect(admitted.filter((answer) => answer === 'ok')).toHaveLength(4);
    expect(admitted.filter((answer) => answer === 'overPlan')).toHaveLength(2);
  });
});

describe('the users list and the dashboard', () => {
  it('marks the users over the plan and says how many users the plan covers', async () => {
    const { owner, names } = await customerWith('Listed', 2, 5);
    const list = await ctx.call('GET', `/api/user-management/users/${owner.id}/search?page=0&pageSize=25`, {
      token: owner.admin,
    });
    expect(list.status).toBe(200);
    const flags = (list.body.content as { username: string; overPlan: boolean }[])
      .sort((a, b) => a.username.localeCompare(b.username))
      .map((user) => [user.username, user.overPlan]);
    expect(flags).toEqual(names.map((name, index) => [name, index >= 2]));

    const coverage = await ctx.call('GET', `/api/user-management/users/${owner.id}/plan-coverage`, {
      token: owner.admin,
    });
    expect(coverage.status).toBe(200);
    expect(coverage.body).toEqual({ users: 5, planCovers: 2, overPlan: 3 });

    const panel = await ctx.call('GET', `/api/grafana/api/datasources/proxy/${owner.id}/users`, {
      token: owner.admin,
    });
    expect(panel.body.counts).toEqual([
      { name: 'total', value: 5 },
      { name: 'active', value: 5 },
      { name: 'activated', value: 0 },
      { name: 'planCovers', value: 2 },
      { name: 'overPlan', value: 3 },
    ]);
  });

  it('counts a user of two packs of one subscription once', async () => {
    const { owner } = await customerWith('Shared', 2, 2);
    // A second pack of the same subscription on the same directory: still 2 users, both covered.
    await ctx.db.insert(tokenPacks).values({
      customerId: owner.id,
      name: 'Second pack',
      primaryDirectoryId: owner.directoryId,
      subscriptionId: await subscriptionOf(owner),
    });
    const coverage = await ctx.call('GET', `/api/user-management/users/${owner.id}/plan-coverage`, {
      token: owner.admin,
    });
    expect(coverage.body).toEqual({ users: 2, planCovers: 2, overPlan: 0 });
  });
});
