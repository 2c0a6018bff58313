import { eq } from 'drizzle-orm';
import type { EffectivePermission } from '../../../contract/account.ts';
import type { WhoCan } from '../../../contract/asset.ts';
import { RESOURCE_CONTRACTS } from '../../../contract/index.ts';
import { type ContractRoute, routesOf } from '../../../contract/kit.ts';
import { allPermissionKeys } from '../../../contract/permissions.ts';
import { accounts, assets } from '../../../server/db/schema.ts';
import {
  AUDITOR_ROLE,
  CUSTOMER_ADMIN_ROLE,
  PROVIDER_ADMIN_ROLE,
  TRANSLATOR_ROLE,
} from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * An account's effective permissions (GET /account/{id}/effective-permissions) against the guard itself:
 * for every account of the test data and every permission of the catalogue that a call requires alone, the
 * screen says allowed exactly when the guard lets the account make that call.
 */

const ctx = sharedTestContext();
const byCatalogue = (a: string, b: string) =>
  allPermissionKeys().indexOf(a as never) - allPermissionKeys().indexOf(b as never);
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** One call per permission that needs that permission and nothing else (no scope, no alternative grants). */
const callFor = new Map<string, ContractRoute>();
for (const route of RESOURCE_CONTRACTS.flatMap(routesOf)) {
  const access = route.info.access;
  if (access.public || !access.permission || access.scope || access.anyOf || access.byParam) continue;
  if (access.providerWhen || route.info.limit) continue;
  if (!callFor.has(access.permission)) callFor.set(access.permission, route);
}

let operator: string;
let reportDesk: { id: string };
const people: { name: string; id: string; token: string; customerId: string | null }[] = [];

beforeAll(async () => {
  operator = await ctx.signInOperator();
  const acme = await ctx.createCustomer({ companyName: 'Acme Permissions' });
  const custom = await ctx.createRole({
    name: 'Token desk',
    customerId: acme.id,
    permissions: ['token-pack:view', 'token-pack:configure', 'user-management:view'],
  });
  reportDesk = await ctx.createRole({
    name: 'Report desk',
    permissions: ['customer:view', 'role:view', 'audit:view'],
  });
  const helpDesk = await ctx.createRole({
    name: 'Help desk',
    customerId: acme.id,
    permissions: ['user-management:view', 'user-management:modify'],
  });
  const chosen: [string, string[], string | null][] = [
    ['customer admin', [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)], acme.id],
    ['two custom roles', [custom.id, helpDesk.id], acme.id],
    ['no role', [], acme.id],
    ['provider admin', [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)], null],
    ['auditor', [await builtInRoleId(ctx, AUDITOR_ROLE)], null],
    ['translator', [await builtInRoleId(ctx, TRANSLATOR_ROLE)], null],
  ];
  for (const [name, roleIds, customerId] of chosen) {
    const made = await signedIn(ctx, { customerId, roleIds });
    people.push({ name, id: made.account.id, token: made.token, customerId });
  }
}, 60_000);

const effectiveOf = async (id: string, token = operator) => {
  const answer = await ctx.call('GET', `/api/account/${id}/effective-permissions`, { token });
  expect(answer.status).toBe(200);
  return answer.body as EffectivePermission[];
};

/** Whether the guard lets the account make the call (anything but 403: the handler may refuse it after). */
async function guardAdmits(route: ContractRoute, token: string, customerId: string | null) {
  const url = route.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'customerId' ? (customerId ?? ANY_ID) : ANY_ID,
  );
  const answer = await ctx.call(route.method, `/api${url}`, {
    token,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }),
  });
  expect(answer.status, `${route.key} answered 401: the token was refused`).not.toBe(401);
  return answer.status !== 403;
}

describe("an account's effective permissions", () => {
  it('lists every permission of the catalogue, with the roles that grant it', async () => {
    const [, twoRoles] = people;
    const listed = await effectiveOf(twoRoles!.id);
    expect(listed.map((entry) => `${entry.resource}:${entry.action}`)).toEqual(allPermissionKeys());
    const of = (key: string) => listed.find((entry) => `${entry.resource}:${entry.action}` === key)!;
    expect(of('user-management:view')).toMatchObject({
      allowed: true,
      roles: [{ name: 'Help desk' }, { name: 'Token desk' }],
    });
    expect(of('token-pack:configure')).toMatchObject({ allowed: true, roles: [{ name: 'Token desk' }] });
    expect(of('token-pack:delete')).toMatchObject({ allowed: false, roles: [] });
  });

  it('agrees with the guard for every account and every permission a call requires', async () => {
    // Enough of the catalogue has a call of its own for the comparison to mean something.
    expect(callFor.size).toBeGreaterThan(allPermissionKeys().length / 2);
    let compared = 0;
    for (const person of people) {
      const listed = await effectiveOf(person.id);
      for (const entry of listed) {
        const route = callFor.get(`${entry.resource}:${entry.action}`);
        if (!route) continue;
        const admitted = await guardAdmits(route, person.token, person.customerId);
        expect(admitted, `${person.name}, ${entry.resource}:${entry.action} (${route.key})`).toBe(
          entry.allowed,
        );
        compared += 1;
      }
    }
    expect(compared).toBe(people.length * callFor.size);
  });

  it("is read only for accounts the caller may see: another customer's account is a 404", async () => {
    const globex = await ctx.createCustomer({ companyName: 'Globex Permissions' });
    const outsider = await signedIn(ctx, {
      customerId: globex.id,
      roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
    });
    const answer = await ctx.call('GET', `/api/account/${people[0]!.id}/effective-permissions`, {
      token: outsider.token,
    });
    expect(answer.status).toBe(404);
    // A customer's administrator reads its own customer's accounts.
    expect((await effectiveOf(people[1]!.id, people[0]!.token)).length).toBe(allPermissionKeys().length);
  });

  it('lists what a role gives: its own permissions allowed, every other one not', async () => {
    const answer = await ctx.call('GET', `/api/account/role/${reportDesk.id}/effective-permissions`, {
      token: operator,
    });
    expect(answer.status).toBe(200);
    const listed = answer.body as EffectivePermission[];
    expect(listed).toHaveLength(allPermissionKeys().length);
    expect(
      listed.filter((entry) => entry.allowed).map((entry) => `${entry.resource}:${entry.action}`),
    ).toEqual(['customer:view', 'role:view', 'audit:view'].sort(byCatalogue));
    expect(listed.find((entry) => entry.allowed)!.roles).toEqual([
      { id: reportDesk.id, name: 'Report desk' },
    ]);
    const unknown = await ctx.call('GET', `/api/account/role/${ANY_ID}/effective-permissions`, {
      token: operator,
    });
    expect(unknown.status).toBe(404);
  });

  it('names on a permission asset who can do each action: the accounts the guard admits, active ones only', async () => {
    const [pack] = await ctx.db.select().from(assets).where(eq(assets.resourceType, 'token-pack'));
    const whoCanOf = async () => {
      const answer = await ctx.call('GET', `/api/account/asset/${pack!.id}/who-can`, { token: operator });
      expect(answer.status).toBe(200);
      return answer.body as WhoCan[];
    };
    const listed = await whoCanOf();
    expect(listed.map((entry) => entry.action)).toEqual(pack!.actions);
    const ours = new Set(people.map((person) => person.id));
    for (const entry of listed) {
      const route = callFor.get(`token-pack:${entry.action}`);
      const named = new Set(entry.accounts.map((one) => one.id));
      expect(entry.total).toBe(entry.accounts.length);
      for (const person of people) {
        const effective = (await effectiveOf(person.id)).find(
          (one) => one.resource === 'token-pack' && one.action === entry.action,
        )!;
        expect(named.has(person.id), `${person.name} can ${entry.action}`).toBe(effective.allowed);
        if (route) expect(await guardAdmits(route, person.token, person.customerId)).toBe(effective.allowed);
      }
      // Anyone else named (the operator…) has the permission too.
      for (const id of [...named].filter((one) => !ours.has(one))) {
        const effective = (await effectiveOf(id)).find(
          (one) => one.resource === 'token-pack' && one.action === entry.action,
        )!;
        expect(effective.allowed).toBe(true);
      }
    }
    // An inactive account can do nothing, and is not named.
    const admin = people[0]!;
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, admin.id));
    const after = await whoCanOf();
    expect(after.every((entry) => entry.accounts.every((one) => one.id !== admin.id))).toBe(true);
    await ctx.db.update(accounts).set({ status: 'ACTIVE' }).where(eq(accounts.id, admin.id));
  });
});
