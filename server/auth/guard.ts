import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { AccessRule, CustomerSource, Grant } from '../../contract/kit.ts';
import { isPermission } from '../../contract/permissions.ts';
import { SESSION_ERRORS } from '../../contract/session.ts';
import { isDocsRoute } from '../apiPaths.ts';
import type { Database } from '../db/client.ts';
import { accountRoles, accounts, customers, rolePermissions, sessions } from '../db/schema.ts';
import { personName } from '../domain/audit.ts';
import { fail, forbidden, unauthorized } from '../errors.ts';
import { customerNotFound, resolveCustomer } from './customer.ts';
import { InvalidTokenError, verifyToken } from './tokens.ts';

export type { AccessRule, CustomerSource } from '../../contract/kit.ts';

/**
 * Who may make a call is declared next to the route, as `config: { access: ... }` (a contract's call carries
 * it): `{ public: true }` for anyone; otherwise a signed-in account, of a `scope` ('provider': operators,
 * 'customer': a customer's accounts, 'any'), whose roles grant `permission`, and the `customer` the call
 * acts in (see CustomerSource). The guard enforces all of it before the handler runs:
 * - no token, a bad, expired or revoked one, an inactive account or customer: 401;
 * - an account that must change its password: 403 on everything but the calls marked
 *   `duringPasswordChange` (change-password, sign-out, the session and permission reads);
 * - the wrong scope or a missing permission: 403;
 * - a customer the caller may not act in (another customer's id, an unknown or malformed one): 404,
 *   before the request is validated, so that nothing is learned about other customers.
 * A route under /api without an access rule, or with a `:customerId` parameter its rule does not declare as
 * its customer, refuses to register.
 */

export interface CallerAccount {
  id: string;
  email: string;
  /** First and last name (null: none given yet); the audit log keeps it with what the account changes. */
  name: string | null;
  customerId: string | null;
}

/** The signed-in account behind a request, as loaded from the database for this request. */
export interface Caller {
  account: CallerAccount;
  sessionId: string;
  /**
   * Every permission the account's roles grant, read when first asked (the guard itself checks the one its
   * route needs in the query that reads the session).
   */
  permissions(): Promise<ReadonlySet<string>>;
  /** The account must change its password before anything else. */
  forceChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /**
     * The customer the call acts in, as the route's rule declares it: a customer id, or null for the
     * provider's own records; undefined on routes that declare none.
     */
    customer: string | null | undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guard's refusal of a call made before the account's required password change (its text is the contract's). */
export const PASSWORD_CHANGE_REQUIRED = SESSION_ERRORS.passwordChangeRequired;

const passwordChangeRequired = () => fail(PASSWORD_CHANGE_REQUIRED);

/** The caller of a route that is not public; the guard has already refused anyone else. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * The customer the guard resolved for a route that declares one: an id, or null for the provider itself.
 * Calling it on a route that declares none is a programming error.
 */
export function customerOf(request: FastifyRequest): string | null {
  if (request.customer === undefined) {
    throw new Error(`${request.method} ${request.routeOptions.url} declares no customer in its access rule`);
  }
  return request.customer;
}

/** customerOf, for routes whose customer is never the provider. */
export function requiredCustomerOf(request: FastifyRequest): string {
  const customer = customerOf(request);
  if (customer === null) throw customerNotFound();
  return customer;
}

/**
 * THE rule of permissions: an account holds `resource:action` when one of its roles grants it (a row of
 * role_permissions for a role of its account_roles). The guard's check of a call (`grants`), the set of an
 * account's permissions (`loadPermissions`) and an account's effective permissions (`grantingRoles`, the
 * portal's screen) are all read from this one condition.
 */
export const grantOf = (
  account: AnyPgColumn | string,
  permission?: { resource: string; action: string },
): SQL | undefined =>
  and(
    eq(accountRoles.roleId, rolePermissions.roleId),
    eq(accountRoles.accountId, account),
    permission ? eq(rolePermissions.resource, permission.resource) : undefined,
    permission ? eq(rolePermissions.action, permission.action) : undefined,
  );

/** Each permission an account's roles grant, with the roles that grant it (by id). */
export async function grantingRoles(
  db: Pick<Database, 'select'>,
  accountId: string,
): Promise<{ resource: string; action: string; roleId: string }[]> {
  return db
    .select({
      resource: rolePermissions.resource,
      action: rolePermissions.action,
      roleId: accountRoles.roleId,
    })
    .from(rolePermissions)
    .innerJoin(accountRoles, grantOf(accountId));
}

export async function loadPermissions(db: Database, accountId: string): Promise<Set<string>> {
  const rows = await grantingRoles(db, accountId);
  return new Set(rows.map((row) => `${row.resource}:${row.action}`));
}

/**
 * Whether the account's roles grant `resource:action`, as a condition of a query of accounts (the session's
 * query here; _Who can_ lists the accounts it holds for).
 */
export const grants = (permission: string) => {
  const [resource = '', action = ''] = permission.split(':');
  return sql<boolean>`exists (select 1 from ${rolePermissions} inner join ${accountRoles}
    on ${grantOf(accounts.id, { resource, action })})`;
};

/**
 * The request's session token: its bearer header, and nothing else (a token in the address would stay in
 * browser histories, proxies' logs and Referer headers).
 */
function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer +([^\s]+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The caller of a token, in one query: the session (not revoked or expired), the account and its customer
 * (both active), and whether the account holds `permission` (when the route needs one).
 */
async function authenticate(
  db: Database,
  jwtSecret: string,
  request: FastifyRequest,
  permission: string | undefined,
): Promise<{ caller: Caller; granted: boolean }> {
  const token = bearerOf(request);
  if (token === undefined) throw unauthorized();
  let claims: ReturnType<typeof verifyToken>;
  try {
    claims = verifyToken(token, jwtSecret);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized();
    throw error;
  }
  if (!UUID.test(claims.jti) || !UUID.test(claims.sub)) throw unauthorized();

  const [row] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      customerId: accounts.customerId,
      status: accounts.status,
      forceChangePassword: accounts.forceChangePassword,
      customerStatus: customers.status,
      granted: permission === undefined ? sql<boolean>`true` : grants(permission),
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

  let all: Promise<Set<string>> | undefined;
  const accountId = row.id;
  return {
    caller: {
      account: {
        id: row.id,
        email: row.email,
        name: personName(row.firstName, row.lastName),
        customerId: row.customerId,
      },
      sessionId: claims.jti,
      permissions: () => {
        all ??= loadPermissions(db, accountId);
        return all;
      },
      forceChangePassword: row.forceChangePassword,
    },
    granted: row.granted === true,
  };
}

const sourceOf = (access: AccessRule): CustomerSource =>
  access.public ? { from: 'none' } : (access.customer ?? { from: 'none' });

/** The request field a source reads (the path parameter, query parameter or body field; `a.b` is nested). */
function fieldOf(
  request: FastifyRequest,
  source: Pick<Extract<CustomerSource, { name?: string }>, 'from' | 'name'>,
): unknown {
  const name = source.name ?? 'customerId';
  let value: unknown =
    source.from === 'path' ? request.params : source.from === 'query' ? request.query : request.body;
  for (const key of name.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Resolves the route's customer for the caller (see CustomerSource), or throws 403/404. */
async function resolveRouteCustomer(
  db: Database,
  caller: Caller,
  source: CustomerSource,
  request: FastifyRequest,
): Promise<string | null | undefined> {
  const own = caller.account.customerId;
  switch (source.from) {
    case 'none':
      return undefined;
    case 'own':
      if (own === null) throw forbidden();
      return own;
    default: {
      const value = fieldOf(request, source);
      if (value === undefined || value === null || value === '') {
        if (source.optional) return own;
        throw customerNotFound();
      }
      if (typeof value !== 'string') throw customerNotFound();
      if (source.provider !== undefined && value === source.provider) {
        if (own !== null) throw customerNotFound();
        return null;
      }
      const customer = await resolveCustomer(db, caller, value);
      if (source.alsoIn !== undefined) {
        const again = fieldOf(request, { from: source.alsoIn, name: source.name });
        if (typeof again === 'string' && again.toLowerCase() !== customer.toLowerCase()) {
          throw customerNotFound();
        }
      }
      return customer;
    }
  }
}

/** The names of a route URL's parameters (`/a/:customerId/b/r-:id` → customerId, id). */
const paramsOf = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** Throws when a route's rule is missing or does not fit its URL. */
function checkRule(method: string, url: string, access: AccessRule | undefined): void {
  const route = `${method} ${url}`;
  if (!access) throw new Error(`${route} declares no access rule (config.access)`);
  if (!access.public && access.permission !== undefined && !isPermission(access.permission)) {
    throw new Error(`${route} needs '${access.permission}', which is not in the permission catalogue`);
  }
  const byParam = !access.public ? access.byParam : undefined;
  for (const grant of [
    ...((!access.public && access.anyOf) || []),
    ...Object.values(byParam?.grants ?? {}).flat(),
  ]) {
    if (!isPermission(grant.permission)) {
      throw new Error(`${route} admits '${grant.permission}', which is not in the permission catalogue`);
    }
  }
  const source = sourceOf(access);
  const params = paramsOf(url);
  if (byParam && !params.includes(byParam.param)) {
    throw new Error(`${route} grants by :${byParam.param}, which its URL lacks`);
  }
  if (!access.public && access.providerWhen && !params.includes(access.providerWhen.param)) {
    throw new Error(
      `${route} is for operators when :${access.providerWhen.param} is set, which its URL lacks`,
    );
  }
  const fromPath = source.from === 'path' ? (source.name ?? 'customerId') : undefined;
  for (const param of params) {
    if (/customerId$/i.test(param) && param !== fromPath) {
      throw new Error(`${route} takes :${param} but does not declare it as its customer (access.customer)`);
    }
  }
  if (fromPath !== undefined && !params.includes(fromPath)) {
    throw new Error(`${route} declares its customer in :${fromPath}, which its URL does not have`);
  }
  if (access.public && (access as { customer?: unknown }).customer !== undefined) {
    throw new Error(`${route} is public and cannot act in a customer`);
  }
}

/** Whether the caller's account is of the scope ('any' when none is given). */
const inScope = (scope: 'provider' | 'customer' | 'any' | undefined, caller: Caller): boolean =>
  scope === 'provider'
    ? caller.account.customerId === null
    : scope === 'customer'
      ? caller.account.customerId !== null
      : true;

/**
 * Enforces every route's declared access. Routes under /api must declare one: a route without it refuses to
 * register, so nothing is left open by omission.
 */
export function registerGuard(app: FastifyInstance, options: { db: Database; jwtSecret: string }): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('customer', undefined);

  const resolve: preValidationHookHandler = async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.public || !request.caller) return;
    request.customer = await resolveRouteCustomer(options.db, request.caller, sourceOf(access), request);
  };

  app.addHook('onRoute', (route) => {
    // The API document and its UI are public (server/http/apiDocs.ts); every call of the API declares its rule.
    if (!route.url.startsWith('/api') || isDocsRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const access = route.config?.access;
    checkRule(methods, route.url, access);
    if (access && sourceOf(access).from !== 'none') {
      const existing = route.preValidation;
      route.preValidation = [resolve, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.public) return;
    const { caller, granted } = await authenticate(options.db, options.jwtSecret, request, access.permission);
    if (caller.forceChangePassword && !access.duringPasswordChange) throw passwordChangeRequired();
    if (!inScope(access.scope, caller)) throw forbidden();
    if (access.providerWhen) {
      const value = (request.params as Record<string, unknown> | undefined)?.[access.providerWhen.param];
      if (value === access.providerWhen.is && !inScope('provider', caller)) throw forbidden();
    }
    if (!granted) throw forbidden();
    const admits = async (grants: readonly Grant[]) => {
      const held = await caller.permissions();
      return grants.some((grant) => inScope(grant.scope, caller) && held.has(grant.permission));
    };
    if (access.anyOf && !(await admits(access.anyOf))) throw forbidden();
    if (access.byParam) {
      const value = (request.params as Record<string, unknown> | undefined)?.[access.byParam.param];
      const grants = typeof value === 'string' ? access.byParam.grants[value] : undefined;
      if (grants && !(await admits(grants))) throw forbidden();
    }
    request.caller = caller;
  });
}
