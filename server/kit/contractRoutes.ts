import type { FastifySchema } from 'fastify';
import {
  type CallFamily,
  type CallInfo,
  type CallSchema,
  type ContractRoute,
  type HttpMethod,
  type ResourceContract,
  routesOf,
  routesOfFamily,
  toRouteUrl,
} from '../../contract/kit.ts';

/**
 * A contract's call as Fastify route options: its method and URL, its access rule (for the guard), its
 * schemas, summary and documented errors (for validation and the OpenAPI document). Spread it into
 * `app.route({ ...optionsOf(contractRoute(contract, 'activate')), handler })` (the kit does): the handler's
 * request is typed from the contract's schemas.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error statuses a route documents beside the common ones (the OpenAPI document reads them). */
    errors?: readonly number[];
    /** The contract route the route serves (`customer.list`…), for the contract and access tests. */
    contractKey?: string;
    /** The call takes a multipart body (the API document says so). */
    multipart?: true;
  }
}

type Schema<C extends CallInfo> = FastifySchema & { summary: string; tags: string[] } & (C extends {
    schema: infer S;
  }
    ? S extends CallSchema
      ? S
      : unknown
    : unknown);

export interface ContractRouteOptions<C extends CallInfo> {
  method: HttpMethod;
  url: string;
  config: {
    access: C['access'];
    errors: readonly number[];
    contractKey: string;
    limit?: CallInfo['limit'];
    multipart?: true;
  };
  schema: Schema<C>;
}

/** The route options of any contract route (for convention calls whose method and path are implied). */
export function optionsOf<C extends CallInfo>(route: ContractRoute & { info: C }): ContractRouteOptions<C> {
  const tag = route.key.split('.')[0]!;
  return {
    method: route.method,
    url: toRouteUrl(route.template),
    config: {
      access: route.info.access,
      errors: route.info.errors ?? [],
      contractKey: route.key,
      ...(route.info.limit ? { limit: route.info.limit } : {}),
      ...(route.info.multipart ? { multipart: true } : {}),
    },
    schema: { summary: route.info.summary, tags: [tag], ...(route.info.schema ?? {}) } as Schema<C>,
  };
}

/** The route of `key` in a resource contract; throws when the contract has no such call. */
export function contractRoute(contract: ResourceContract, key: string): ContractRoute {
  const route = routesOf(contract).find((candidate) => candidate.key === `${contract.name}.${key}`);
  if (!route) throw new Error(`The contract of ${contract.name} has no call ${key}`);
  return route;
}

/** Every route the contracts ask for (the contract test and the API document compare them with the app). */
export const allContractRoutes = (
  resources: readonly ResourceContract[],
  families: readonly CallFamily[],
): ContractRoute[] => [...resources.flatMap(routesOf), ...families.flatMap(routesOfFamily)];
