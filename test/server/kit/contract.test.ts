import { CALL_FAMILIES, RESOURCE_CONTRACTS } from '../../../contract/index.ts';
import { type ResourceContract, routesOf, routesOfFamily } from '../../../contract/kit.ts';
import { BORROWED_ACTIONS, PENDING_ACTIONS, PENDING_RESOURCES } from '../../../contract/pending.ts';
import { RESOURCES } from '../../../src/dataProviders/resources.ts';
import { sharedTestContext } from '../helpers.ts';
import { apiRoutes, type RouteEntry, routeTable, shapeOf } from './routeTable.ts';

/*
 * The contract test: the portal's resource table, the contracts and the server's routes say the same thing.
 * Every call the portal's table makes reaches a registered route with the same method and path shape; every
 * route the contracts ask for is registered from its contract; every registered API route comes from a
 * contract, with a summary. The table's resources and calls still to come are contract/pending.ts's: each
 * leaves it when its issue brings its server side (and its contract).
 */

/** Resources of the portal's table whose server side is still to come (contract/pending.ts). */
const NOT_SERVED_YET: readonly string[] = Object.keys(PENDING_RESOURCES);

/** Calls of served resources that are still to come. */
const CALLS_NOT_SERVED_YET = keysOf(PENDING_ACTIONS);

/** Calls a resource's screens make through another family's call, served already. */
const CALLS_SERVED_AHEAD = keysOf(BORROWED_ACTIONS);

function keysOf(actions: Readonly<Record<string, object>>): string[] {
  return Object.entries(actions).flatMap(([resource, named]) =>
    Object.keys(named).map((name) => `${resource}.${name}`),
  );
}

const table = routeTable();
sharedTestContext({ extend: table.collect });
let routes: RouteEntry[];
let registered: Map<string, RouteEntry>;

beforeAll(async () => {
  routes = apiRoutes(table);
  registered = new Map(routes.map((route) => [shapeOf(route.method, route.url.slice(4)), route]));
});

/** Every call of a table entry, as `name.method` → its shape (the table's entries are contracts or wire words). */
const tableCalls = () =>
  Object.entries(RESOURCES).flatMap(([name, entry]) =>
    routesOf({ name, permission: null, ...entry } as ResourceContract).map((route) => ({
      key: route.key,
      resource: name,
      shape: shapeOf(route.method, route.template),
    })),
  );

describe('the portal, the contracts and the server agree', () => {
  it('has a registered route for every call the portal makes to a served resource', () => {
    const missing = tableCalls()
      .filter((call) => !NOT_SERVED_YET.includes(call.resource) && !CALLS_NOT_SERVED_YET.includes(call.key))
      .filter((call) => !registered.has(call.shape))
      .map((call) => `${call.key}: ${call.shape}`);
    expect(missing).toEqual([]);
  });

  it('lists as still to come only resources and calls the server does not serve', () => {
    const served = tableCalls()
      .filter((call) => NOT_SERVED_YET.includes(call.resource) || CALLS_NOT_SERVED_YET.includes(call.key))
      .filter((call) => !CALLS_SERVED_AHEAD.includes(call.key))
      .filter((call) => registered.has(call.shape))
      .map((call) => `${call.key}: ${call.shape}`);
    // A resource whose calls are served now belongs to a contract: take it off NOT_SERVED_YET.
    expect(served).toEqual([]);
    for (const name of NOT_SERVED_YET) expect(Object.keys(RESOURCES)).toContain(name);
  });

  it('uses the contract itself as the table entry of every contracted resource', () => {
    for (const contract of RESOURCE_CONTRACTS) {
      const entry = (RESOURCES as Record<string, unknown>)[contract.name];
      const { actions: entryActions, ...entryCalls } = entry as ResourceContract;
      const { actions: contractActions, ...contractCalls } = contract;
      expect(entryCalls).toEqual(contractCalls);
      for (const [name, action] of Object.entries(contractActions ?? {})) {
        expect(entryActions?.[name]).toBe(action);
      }
    }
  });

  it('registers every route the contracts ask for, from its contract', () => {
    const asked = [...RESOURCE_CONTRACTS.flatMap(routesOf), ...CALL_FAMILIES.flatMap(routesOfFamily)];
    const problems = asked.flatMap((route) => {
      const found = registered.get(shapeOf(route.method, route.template));
      if (!found) return [`${route.key}: ${route.method} ${route.template} is not registered`];
      if (found.access !== route.info.access) return [`${route.key}: registered with another access rule`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('registers no API route that does not come from a contract, and every route has a summary', () => {
    const strays = routes
      .filter((route) => !route.contractKey || !route.summary)
      .map((route) => `${route.method} ${route.url}`);
    expect(strays).toEqual([]);
  });

  it('has one route per method and path shape', () => {
    expect(registered.size).toBe(routes.length);
  });
});
