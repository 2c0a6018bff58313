import { randomUUID } from 'node:crypto';
import { SERVICE_ERRORS } from '../../../contract/service.ts';
import * as service from './fixtures.ts';

/**
 * A service's 2FA bypass list and seamless login list (GET /user-management/{deny|seamless}_service_users/
 * {customerId}/search?serviceId=…, POST /user-management/users/{customerId}/manage_service_users and
 * manage_seamless_service_users), and the users list's seamlessServiceId filter. Only the customer's users
 * and services: another customer's are 404s, with nothing written.
 */

const { world, calls } = service.serviceSuite();
const { auditOfEntity, launched, launchOf, template, usersOf, writtenFor } = service;
let serviceId: string;
let people: { id: string; username: string }[];

const LISTS = [
  { name: 'deny_service_users', manage: 'manage_service_users', count: 'bypassCount' },
  { name: 'seamless_service_users', manage: 'manage_seamless_service_users', count: 'seamlessCount' },
] as const;

beforeAll(async () => {
  const radius = await template(world.ctx, [2]);
  serviceId = await launched(world, launchOf(world.acme, radius.id, []));
  people = await usersOf(world.ctx, world.acme.id, ['ada.lovelace', 'bob.builder', 'carol.danvers']);
});

const E = SERVICE_ERRORS;

const search = (list: string, query: string, customerId = world.acme.id) =>
  calls.call('GET', `/user-management/${list}/${customerId}/search?${query}`);
const manage = (action: string, body: Record<string, unknown>, customerId = world.acme.id) =>
  calls.call('POST', `/user-management/users/${customerId}/${action}`, {
    serviceId,
    addUserIds: [],
    removeUserIds: [],
    ...body,
  });
const usernames = (answer: { body: { content: { username: string }[] } }) =>
  answer.body.content.map((user) => user.username);

describe.each(LISTS)('the $name list', ({ name, manage: action, count }) => {
  const other = LISTS.find((list) => list.name !== name)!;

  it('adds and removes users, answering the size of the list; adding twice is harmless', async () => {
    const [ada, bob, carol] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const added = await manage(action, { addUserIds: [ada.id, bob.id] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ serviceId, total: 2 });
    const again = await manage(action, { addUserIds: [ada.id, carol.id], removeUserIds: [bob.id] });
    expect(again.body).toEqual({ serviceId, total: 2 });

    const listed = await search(name, `serviceId=${serviceId}&page=0&pageSize=10`);
    expect(listed.status).toBe(200);
    expect(usernames(listed)).toEqual(['ada.lovelace', 'carol.danvers']);
    expect(listed.body).toMatchObject({ totalElements: 2, page: 0, pageSize: 10 });
    expect(listed.body.content[0]).toMatchObject({
      id: ada.id,
      username: 'ada.lovelace',
      email: 'ada.lovelace@example.test',
    });
    expect((await calls.getOne(world.acme.id, serviceId)).body[count]).toBe(2);
    // The other list is another list.
    expect((await search(other.name, `serviceId=${serviceId}`)).body.totalElements).toBe(0);

    // Search, sort and pages.
    expect(usernames(await search(name, `serviceId=${serviceId}&q=CAROL`))).toEqual(['carol.danvers']);
    expect(usernames(await search(name, `serviceId=${serviceId}&sort=username&order=DESC`))).toEqual([
      'carol.danvers',
      'ada.lovelace',
    ]);
    const second = await search(name, `serviceId=${serviceId}&page=1&pageSize=1`);
    expect(usernames(second)).toEqual(['carol.danvers']);
    expect(second.body.totalElements).toBe(2);

    const emptied = await manage(action, { removeUserIds: [ada.id, carol.id] });
    expect(emptied.body).toEqual({ serviceId, total: 0 });
    // One audit entry per call that changed the list, naming the users added and removed.
    const prefix = name === 'deny_service_users' ? 'bypassUsers' : 'seamlessUsers';
    const trail = (await auditOfEntity(world.ctx, serviceId)).filter((entry) =>
      Object.keys(entry.changes as object).some((key) => key.startsWith(prefix)),
    );
    const sorted = (ids: string[]) => [...ids].sort();
    expect(trail.map((entry) => [entry.tableName, entry.action, entry.changes])).toEqual([
      ['Service', 'UPDATE', { [`${prefix}Added`]: { before: null, after: sorted([ada.id, bob.id]) } }],
      [
        'Service',
        'UPDATE',
        {
          [`${prefix}Added`]: { before: null, after: [carol.id] },
          [`${prefix}Removed`]: { before: [bob.id], after: null },
        },
      ],
      ['Service', 'UPDATE', { [`${prefix}Removed`]: { before: sorted([ada.id, carol.id]), after: null } }],
    ]);
  });

  it("refuses another customer's user with 404 and writes nothing, the customer's users included", async () => {
    const [stranger] = await usersOf(world.ctx, world.globex.id, [`stranger.${randomUUID().slice(0, 4)}`]);
    const before = await writtenFor(world.ctx, world.acme.id);
    for (const body of [
      { addUserIds: [people[0]!.id, stranger!.id] },
      { removeUserIds: [stranger!.id] },
      { addUserIds: [randomUUID()] },
    ]) {
      const answer = await manage(action, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ messageKey: E.userNotFound.key, message: E.userNotFound.text });
    }
    expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);
  });

  it("answers 404 for another customer's service, 400 without a service", async () => {
    const theirs = world.globex.approvalServiceId;
    const before = await writtenFor(world.ctx, world.globex.id);
    for (const answer of [
      await search(name, `serviceId=${theirs}`),
      await search(name, `serviceId=${randomUUID()}`),
      await search(name, 'serviceId=not-an-id'),
      await manage(action, { serviceId: theirs, addUserIds: [people[0]!.id] }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe(E.notFound.key);
    }
    expect(await writtenFor(world.ctx, world.globex.id)).toEqual(before);
    const missing = await search(name, 'page=0&pageSize=10');
    expect(missing.status).toBe(400);
    expect(missing.body.params).toEqual({ field: 'serviceId', reason: 'is required' });
  });
});

describe("the users list's seamlessServiceId filter", () => {
  it("answers the users on the service's seamless list, with their number", async () => {
    const [ada, bob, carol] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await manage('manage_seamless_service_users', { addUserIds: [ada.id, carol.id] });
    await manage('manage_service_users', { addUserIds: [bob.id] });
    const answer = await calls.call(
      'GET',
      `/user-management/users/${world.acme.id}/search?page=0&pageSize=10&seamlessServiceId=${serviceId}`,
    );
    expect(answer.status).toBe(200);
    expect(usernames(answer)).toEqual(['ada.lovelace', 'carol.danvers']);
    expect(answer.body.totalElements).toBe(2);
    // Another customer's service, as an unknown one, has nobody on it here.
    const theirs = await calls.call(
      'GET',
      `/user-management/users/${world.acme.id}/search?seamlessServiceId=${world.globex.approvalServiceId}`,
    );
    expect(theirs.body).toMatchObject({ content: [], totalElements: 0 });
    // Without the filter, every user of the customer.
    const everyone = await calls.call(
      'GET',
      `/user-management/users/${world.acme.id}/search?page=0&pageSize=10`,
    );
    expect(everyone.body.totalElements).toBe(3);
  });
});
