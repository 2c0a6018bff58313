import type { FastifyInstance, RouteOptions } from 'fastify';
import type { App } from '../../../server/app.ts';
import type { AccessRule } from '../../../server/auth/guard.ts';
import { isDocsRoute } from '../../../server/http/apiDocs.ts';

/**
 * The routes an app registers, as data: what a generated test (the fuzz test, an access matrix) walks
 * so that a new route is covered without a new line. Collect them while the app is being built:
 *
 *   const table = routeTable();
 *   const ctx = await createTestContext({ extend: table.collect });
 *   for (const route of table.routes()) { … }      // after the app is ready
 *
 * HEAD routes that Fastify adds beside every GET are left out; a route declared with several methods is
 * one entry per method.
 */

/** A route's schemas as declared (JSON Schema objects, as TypeBox makes them). */
export interface RouteSchemas {
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  headers?: JsonSchema;
}

/** The part of JSON Schema the route schemas use (TypeBox emits plain JSON Schema). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface RouteEntry {
  method: string;
  /** The full URL pattern, prefix included: `/api/customer/:id`. */
  url: string;
  /** The names of the path parameters, in order (`:id` → `id`). */
  params: string[];
  schemas: RouteSchemas;
  /** `config.access`: undefined only outside /api (the guard refuses an /api route without one). */
  access: AccessRule | undefined;
  /** The route's scope accepts multipart/form-data bodies (see server/http/multipart.ts). */
  multipart: boolean;
  /** The contract route it serves (`customer.getOne`), when it comes from one. */
  contractKey: string | undefined;
  /** Its one line in the API document. */
  summary: string | undefined;
}

const PARAM = /:([A-Za-z0-9_]+)/g;

const schemaPart = (value: unknown): JsonSchema | undefined =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : undefined;

function entriesOf(instance: FastifyInstance, route: RouteOptions): RouteEntry[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD',
  );
  const schema = route.schema ?? {};
  return methods.map((method) => ({
    method,
    url: route.url,
    params: [...route.url.matchAll(PARAM)].map((match) => match[1]!),
    schemas: {
      body: schemaPart(schema.body),
      querystring: schemaPart(schema.querystring),
      params: schemaPart(schema.params),
      headers: schemaPart(schema.headers),
    },
    access: route.config?.access,
    multipart: instance.hasContentTypeParser('multipart/form-data'),
    contractKey: route.config?.contractKey,
    summary: (schema as { summary?: string }).summary,
  }));
}

export interface RouteTable {
  /** Pass as createTestContext's `extend` (or call on an app before it is ready). */
  collect: (app: App) => void;
  /** The routes seen so far, sorted by URL then method; complete once the app is ready. */
  routes: () => RouteEntry[];
}

export function routeTable(): RouteTable {
  const seen: RouteEntry[] = [];
  return {
    collect: (app) => {
      app.addHook('onRoute', function (this: FastifyInstance, route) {
        seen.push(...entriesOf(this, route as RouteOptions));
      });
    },
    routes: () => [...seen].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)),
  };
}

/** A URL or template as a shape: every parameter (`:id`, `{id}`, `r-{customerId}`) becomes `{}`. */
export const shapeOf = (method: string, path: string): string =>
  `${method} ${path.replace(/:\w+|\{\w+\}/g, '{}')}`;

/** The routes of the API (under /api), its document and UI (/api/docs) aside. */
export const apiRoutes = (table: RouteTable): RouteEntry[] =>
  table
    .routes()
    .filter((route) => (route.url === '/api' || route.url.startsWith('/api/')) && !isDocsRoute(route.url));
