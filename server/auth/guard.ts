import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { accountRoles, accounts, customers, rolePermissions, sessions } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { InvalidTokenError, verifyToken } from './tokens.ts';

/**
 * What a route lets in, declared next to the route as `config: { access: ... }`.
 * - `{ public: true }`: anyone, no token needed.
 * - `{}`: any signed-in account.
 * - `scope: 'provider'`: only provider operators (accounts without a customer);
 *   `scope: 'customer'`: only accounts of a customer; `'any'` (the default): both.
 * - `permission: 'resource:action'`: the account's roles must grant it.
 */
export type AccessRule =
  | { public: true }
  | { public?: false; permission?: string; scope?: 'provider' | 'customer' | 'any' };

export interface CallerAccount {
  id: string;
  email: string;
  customerId: string | null;
}

/** The signed-in account behind a request, as loaded from the database for this request. */
export interface Caller {
  account: CallerAccount;
  sessionId: string;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller of a route that is not public; the guard has already refused anyone else. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export async function loadPermissions(db: Database, accountId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ resource: rolePermissions.resource, action: rolePermissions.action })
    .from(rolePermissions)
    .innerJoin(accountRoles, eq(accountRoles.roleId, rolePermissions.roleId))
    .where(eq(accountRoles.accountId, accountId));
  return new Set(rows.map((row) => `${row.resource}:${row.action}`));
}

async function authenticate(db: Database, jwtSecret: string, request: FastifyRequest): Promise<Caller> {
  const match = /^Bearer +([^\s]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized();
  let claims: ReturnType<typeof verifyToken>;
  try {
    claims = verifyToken(match[1]!, jwtSecret);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized();
    throw error;
  }
  if (!UUID.test(claims.jti) || !UUID.test(claims.sub)) throw unauthorized();

  const [row] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      customerId: accounts.customerId,
      status: accounts.status,
      customerStatus: customers.status,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(
      and(
        eq(sessions.id, claims.jti),
        eq(sessions.accountId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  if (row?.status !== 'ACTIVE') throw unauthorized();
  if (row.customerId !== null && row.customerStatus !== 'ACTIVE') throw unauthorized();

  return {
    account: { id: row.id, email: row.email, customerId: row.customerId },
    sessionId: claims.jti,
    permissions: await loadPermissions(db, row.id),
  };
}

/**
 * Enforces every route's declared access in one hook. Routes under /api must declare one:
 * a route without it refuses to register, so nothing is left open by omission.
 */
export function registerGuard(app: FastifyInstance, options: { db: Database; jwtSecret: string }): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`${route.method} ${route.url} declares no access rule (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.public) return;
    const caller = await authenticate(options.db, options.jwtSecret, request);
    const scope = access.scope ?? 'any';
    if (scope === 'provider' && caller.account.customerId !== null) throw forbidden();
    if (scope === 'customer' && caller.account.customerId === null) throw forbidden();
    if (access.permission && !caller.permissions.has(access.permission)) throw forbidden();
    request.caller = caller;
  });
}
