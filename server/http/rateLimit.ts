import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_ERRORS } from '../../contract/account.ts';
import { OTP_API_KEY_HEADER } from '../../contract/otp.ts';
import { SELF_SERVICE_ERRORS } from '../../contract/selfService.ts';
import { callerOf } from '../auth/guard.ts';
import type { LimitRule, RateLimitSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { windowCounter } from '../db/windowCounter.ts';
import { type AppError, tooManyFor } from '../errors.ts';

/**
 * Rate limits a route declares next to its access rule, as `config: { access: …, limit: 'public' }`.
 * Counting is @fastify/rate-limit's (its `createRateLimit`), over a store kept in the database
 * (`rate_limits`), so that every server on one PostgreSQL counts together.
 *
 * - `'signin'`: POST /auth/signin, per client address (RATE_LIMIT_SIGNIN).
 * - `'public'`: a call open without a token, per client address and per call (RATE_LIMIT_PUBLIC).
 * - `'passwordCheck'`: a call that checks the caller's password, per account and per client address
 *   (RATE_LIMIT_PASSWORD, RATE_LIMIT_PASSWORD_IP); counted once the request is valid.
 * - `'gateway'`: a gateway's code check, per client address and call (RATE_LIMIT_PUBLIC) and per API key
 *   (RATE_LIMIT_GATEWAY_KEY, the key's SHA-256: guessing through many addresses with one key is limited too).
 * - `'accountCreation'`: administrator accounts created, per creating administrator (RATE_LIMIT_ACCOUNTS):
 *   logins are global, so a creation's 409 tells that an email has an account somewhere.
 * - `'signup'`: the public calls that mail, or tell about, an address a visitor types (sign-up, the email
 *   lookups, forgot-password, contact), per client address and call, and per email named (RATE_LIMIT_SIGNUP):
 *   they can serve neither as a directory of addresses nor to flood a mailbox.
 *
 * Address limits are counted when the request arrives, before its body is read: a request the
 * validation refuses counts too. Past the limit the answer is 429 with Retry-After (seconds).
 */
export type RouteLimit = 'signin' | 'public' | 'passwordCheck' | 'gateway' | 'accountCreation' | 'signup';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limit the call counts against (server/http/rateLimit.ts). */
    limit?: RouteLimit;
  }
}

/** One counter: which setting, whom it counts, and whether each call has its own count. */
interface Meter {
  rule: keyof RateLimitSettings;
  by: 'address' | 'account' | 'apiKey' | 'email';
  perCall: boolean;
}

interface LimitSpec {
  /** Address-only limits run first thing; account limits once the guard and validation have run. */
  hook: 'onRequest' | 'preHandler';
  meters: readonly Meter[];
  refuse: (seconds: number) => AppError;
}

const requestsRefused = (seconds: number) =>
  tooManyFor(
    'error.rateLimit.exceeded',
    'Too many requests from your network. Try again in %{smart_count} second.',
    'Too many requests from your network. Try again in %{smart_count} seconds.',
    seconds,
  );

const passwordChecksRefused = (seconds: number) =>
  tooManyFor(
    'error.password.tooManyChecks',
    'Too many attempts to change the password. Try again in %{smart_count} second.',
    'Too many attempts to change the password. Try again in %{smart_count} seconds.',
    seconds,
  );

/** A 429 in the words of a contract's error (its text: one |||| many). */
const refusedAs =
  ({ key, text }: { key: string; text: string }) =>
  (seconds: number) => {
    const [one = text, many = text] = text.split(' |||| ');
    return tooManyFor(key, one, many, seconds);
  };

const accountCreationsRefused = refusedAs(ACCOUNT_ERRORS.tooManyCreated);

const LIMITS: Record<RouteLimit, LimitSpec> = {
  signin: {
    hook: 'onRequest',
    meters: [{ rule: 'signin', by: 'address', perCall: false }],
    refuse: requestsRefused,
  },
  public: {
    hook: 'onRequest',
    meters: [{ rule: 'public', by: 'address', perCall: true }],
    refuse: requestsRefused,
  },
  passwordCheck: {
    hook: 'preHandler',
    meters: [
      { rule: 'passwordPerAccount', by: 'account', perCall: false },
      { rule: 'passwordPerAddress', by: 'address', perCall: false },
    ],
    refuse: passwordChecksRefused,
  },
  gateway: {
    hook: 'onRequest',
    meters: [
      { rule: 'public', by: 'address', perCall: true },
      { rule: 'gatewayPerKey', by: 'apiKey', perCall: true },
    ],
    refuse: requestsRefused,
  },
  accountCreation: {
    hook: 'preHandler',
    meters: [{ rule: 'accountsPerAdmin', by: 'account', perCall: true }],
    refuse: accountCreationsRefused,
  },
  signup: {
    hook: 'preHandler',
    meters: [
      { rule: 'signup', by: 'address', perCall: true },
      { rule: 'signup', by: 'email', perCall: true },
    ],
    refuse: refusedAs(SELF_SERVICE_ERRORS.tooMany),
  },
};

interface StoreResult {
  current: number;
  ttl: number;
}
type StoreCallback = (error: Error | null, result?: StoreResult) => void;

/** The @fastify/rate-limit store over `rate_limits` (windowCounter). */
export function databaseStore(db: Database, now: () => Date) {
  const { hit, peek } = windowCounter(db, now);

  const settle = (work: Promise<StoreResult>, callback: StoreCallback) => {
    work.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return class DatabaseStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      settle(hit(key, timeWindow), callback);
    }

    /** The count without adding to it (`createRateLimit(…)(request, { increment: false })`). */
    read(key: string, callback: StoreCallback): void {
      settle(peek(key), callback);
    }

    /** Keys already name their limit and call: every route shares the one table. */
    child(): DatabaseStore {
      return this;
    }
  };
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function subjectOf(request: FastifyRequest, meter: Meter): string {
  if (meter.by === 'account') return callerOf(request).account.id;
  if (meter.by === 'apiKey') {
    const key = request.headers[OTP_API_KEY_HEADER];
    return `key:${createHash('sha256')
      .update(typeof key === 'string' ? key.trim() : '')
      .digest('hex')}`;
  }
  if (meter.by === 'email') return `email:${emailNamedBy(request)}`;
  return normalizeIP(request.ip);
}

/** The email a call names (its body's or query's `email`), as accounts keep it; '' when none. */
function emailNamedBy(request: FastifyRequest): string {
  const from = (value: unknown) =>
    value && typeof value === 'object' && 'email' in value && typeof value.email === 'string'
      ? value.email
      : '';
  return createHash('sha256')
    .update((from(request.body) || from(request.query)).trim().toLowerCase())
    .digest('hex');
}

export interface RateLimitOptions {
  db: Database;
  settings: RateLimitSettings;
  now: () => Date;
}

/**
 * Registers @fastify/rate-limit with the database store, and gives every route that declares
 * `config.limit` the hook that counts it. Call before the routes are registered.
 */
export function registerRateLimits(app: FastifyInstance, { db, settings, now }: RateLimitOptions): void {
  app.register(fastifyRateLimit, { global: false, store: databaseStore(db, now) });

  const limiters = new Map<string, Limiter>();
  const limiterFor = (request: FastifyRequest, meter: Meter): Limiter => {
    const id = `${meter.rule}:${meter.by}:${meter.perCall}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const rule: LimitRule = settings[meter.rule];
      limiter = request.server.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSec * 1000,
        keyGenerator: (req) => {
          const call = meter.perCall ? `:${req.routeOptions.method} ${req.routeOptions.url}` : '';
          return `${meter.rule}${call}:${subjectOf(req, meter)}`;
        },
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  const spend = async (spec: LimitSpec, request: FastifyRequest, reply: FastifyReply) => {
    let wait = 0;
    for (const meter of spec.meters) {
      const result = await limiterFor(request, meter)(request);
      if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds, 1);
    }
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw spec.refuse(wait);
    }
  };

  app.addHook('onRoute', (route) => {
    const name = route.config?.limit;
    if (name === undefined) return;
    const spec = LIMITS[name];
    if (!spec) throw new Error(`${route.method} ${route.url} declares an unknown limit '${String(name)}'`);
    if (route.config?.access?.public && spec.meters.some((meter) => meter.by === 'account')) {
      throw new Error(`${route.method} ${route.url} is public: it cannot count per account ('${name}')`);
    }
    const hook = async (request: FastifyRequest, reply: FastifyReply) => spend(spec, request, reply);
    if (spec.hook === 'onRequest') {
      route.onRequest = [...[route.onRequest ?? []].flat(), hook];
    } else {
      route.preHandler = [...[route.preHandler ?? []].flat(), hook];
    }
  });
}
