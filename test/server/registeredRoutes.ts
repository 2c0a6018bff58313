import type { AccessRule } from '../../contract/kit.ts';
import type { App } from '../../server/app.ts';

/** The API routes an app registers, as the generated tests read them (collected through `onRoute`). */

export interface RegisteredRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's URL, with `:params` (`/api/customer/:id`). */
  url: string;
  access: AccessRule;
  /** The contract route it serves (`customer.getOne`), when it comes from one. */
  contractKey?: string;
  summary?: string;
  schema: Record<string, unknown>;
}

/** Collects the /api routes of an app; pass `extend` to createTestContext, read `routes` once it is ready. */
export function routeCollector() {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    extend: (app: App) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (!route.url.startsWith('/api') || !['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue;
          const schema = (route.schema ?? {}) as Record<string, unknown>;
          routes.push({
            method: method as RegisteredRoute['method'],
            url: route.url,
            access: route.config?.access as AccessRule,
            contractKey: route.config?.contractKey,
            summary: typeof schema.summary === 'string' ? schema.summary : undefined,
            schema,
          });
        }
      });
    },
  };
}

/** A URL or template as a shape: every parameter (`:id`, `{id}`, `r-{customerId}`) becomes `{}`. */
export const shapeOf = (method: string, path: string): string =>
  `${method} ${path.replace(/:\w+|\{\w+\}/g, '{}')}`;

/** The names of a route URL's parameters. */
export const paramsOf = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
