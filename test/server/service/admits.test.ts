import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customers, serviceInstances, tokenPacks } from '../../../server/db/schema.ts';
import { serviceAdmits } from '../../../server/features/service/admits.ts';
import { launched, launchOf, serviceSuite, template, usersOf } from './fixtures.ts';

/**
 * Whether a sign-in through a service may go on (server/domain/services/admits.ts): a stopped service refuses
 * every user, a service disabled in its token pack or of an inactive customer refuses them too, and a
 * service is no way in for another customer's user.
 */

const { world, calls } = serviceSuite();
let serviceId: string;
let userId: string;

beforeAll(async () => {
  serviceId = await launched(world, launchOf(world.acme, (await template(world.ctx, [2])).id, []));
  const [dora] = await usersOf(world.ctx, world.acme.id, ['dora.admitted']);
  userId = dora!.id;
  // Dora is a user of the pack's primary directory, which its 25-user subscription covers.
  await world.ctx.db
    .update(tokenPacks)
    .set({ primaryDirectoryId: dora!.directoryId })
    .where(eq(tokenPacks.id, world.acme.tokenPackId));
});

const admits = () => serviceAdmits(world.ctx.db, serviceId, userId);

it('refuses every sign-in through a stopped service, and lets a started one through', async () => {
  expect(await admits()).toBe('stopped');
  await calls.start(world.acme.id, serviceId);
  expect(await admits()).toBe('ok');
  await calls.stop(world.acme.id, serviceId);
  expect(await admits()).toBe('stopped');
  await calls.start(world.acme.id, serviceId);
});

it('refuses a service disabled in its token pack, or of an inactive customer', async () => {
  await calls.start(world.acme.id, serviceId);
  await world.ctx.db
    .update(serviceInstances)
    .set({ enabled: false })
    .where(eq(serviceInstances.id, serviceId));
  expect(await admits()).toBe('disabled');
  await world.ctx.db
    .update(serviceInstances)
    .set({ enabled: true })
    .where(eq(serviceInstances.id, serviceId));
  expect(await admits()).toBe('ok');
  await world.ctx.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, world.acme.id));
  expect(await admits()).toBe('disabled');
  await world.ctx.db.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.id, world.acme.id));
  expect(await admits()).toBe('ok');
});

it("is no way in for another customer's user, nor through an unknown service", async () => {
  await calls.start(world.acme.id, serviceId);
  const [stranger] = await usersOf(world.ctx, world.globex.id, ['eve.stranger']);
  expect(await serviceAdmits(world.ctx.db, serviceId, stranger!.id)).toBe('disabled');
  expect(await serviceAdmits(world.ctx.db, randomUUID(), userId)).toBe('disabled');
  expect(await serviceAdmits(world.ctx.db, 'not-an-id', userId)).toBe('disabled');
  expect(await admits()).toBe('ok');
});
