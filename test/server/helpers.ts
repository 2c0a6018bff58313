import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import { accountRoles, accounts, customers, rolePermissions, roles } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/domain/passwords.ts';
import { ensureSeed } from '../../server/seed.ts';
import { openTestSchema } from './testDatabase.ts';

export const OPERATOR_EMAIL = 'operator@example.com';
export const OPERATOR_PASSWORD = 'Initial-Gateway-1';
/** An id no record has. */
export const UNKNOWN_ID = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * Every test request comes from the same address: the limits are out of reach unless a test sets
 * its own (test/server/rateLimit.test.ts).
 */
const UNREACHED_LIMIT = { max: 1_000_000, windowSec: 60 };

/**
 * OUTBOUND_ALLOW of the tests: loopback, where the directory tests run slapd and their HTTP directories. A
 * test of the outbound guard itself sets `outboundAllow: []`.
 */
export const TEST_OUTBOUND_ALLOW = ['127.0.0.0/8', '::1/128'];

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), 'portal-tests-data-unused'),
    jwtSecret: JWT_SECRET,
    secretsKey: 'test-secrets-key-that-is-long-enough-0123456789abcdef',
    initialOperatorEmail: OPERATOR_EMAIL,
    initialOperatorPassword: OPERATOR_PASSWORD,
    productName: 'Test Portal',
    tokenTtlSec: 3600,
    sessionMaxSec: 86400,
    distDir: path.join(process.cwd(), 'test', 'server', 'no-dist-here'),
    portalClientId: 'gateway-portal-web',
    seamlessSessionTtlSec: 120,
    rateLimits: {
      signin: UNREACHED_LIMIT,
      public: UNREACHED_LIMIT,
      passwordPerAccount: UNREACHED_LIMIT,
      passwordPerAddress: UNREACHED_LIMIT,
      gatewayPerKey: UNREACHED_LIMIT,
      accountsPerAdmin: UNREACHED_LIMIT,
      signup: UNREACHED_LIMIT,
      webSignInPerUser: UNREACHED_LIMIT,
      webSignInPerAddress: UNREACHED_LIMIT,
    },
    outboundAllow: TEST_OUTBOUND_ALLOW,
    // The tests name hosts of their own (portal.example…); test/server/http/allowedHosts.test.ts checks the list.
    allowedHosts: ['*'],
    ...overrides,
  };
}

/** A fresh, migrated, empty database for one test, and how to get rid of it. */
export function createTestDatabase(): Promise<{ db: Database; close: () => Promise<void> }> {
  return openTestSchema();
}

export interface TestContextOptions {
  config?: Partial<Config>;
  /** Runs before the app is ready: the place to add throwaway routes to this app only. */
  extend?: (app: App, db: Database) => void;
  /**
   * The seeded operator: 'ready' (the default) has already replaced the printed initial password (it keeps
   * OPERATOR_PASSWORD), so that its token may make every call; 'fresh' is as the first start leaves it,
   * still to change the initial password.
   */
  operator?: 'ready' | 'fresh';
  /** The clock of rate limits and sign-in delays, for tests that move time on. */
  now?: () => Date;
  /** The app's logger (see buildApp); silent when left out. */
  logger?: BuildAppOptions['logger'];
  /** The card payment processor (see buildApp); the one the config names when left out. */
  paymentProcessor?: BuildAppOptions['paymentProcessor'];
  /** The outgoing mail (see buildApp); the one the config names when left out (SMTP_URL, or the outbox). */
  mailQueue?: BuildAppOptions['mailQueue'];
}

export interface NewAccount {
  email: string;
  password: string;
  customerId?: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
  forceChangePassword?: boolean;
  firstName?: string;
  lastName?: string;
  isCustomerRoot?: boolean;
  roleIds?: string[];
}

export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers field by field and assert on them.
  body: any;
  headers: Record<string, unknown>;
}

export async function createTestContext(options: TestContextOptions = {}) {
  const { db, close: closeDb } = await createTestDatabase();
  const config = testConfig(options.config);
  const printed: string[] = [];
  let app: App | undefined;
  try {
    await ensureSeed(db, config, (line) => printed.push(line));
    if (options.operator !== 'fresh') {
      await db.update(accounts).set({ forceChangePassword: false }).where(eq(accounts.email, OPERATOR_EMAIL));
    }
    app = buildApp({
      db,
      config,
      now: options.now,
      logger: options.logger,
      paymentProcessor: options.paymentProcessor,
      mailQueue: options.mailQueue,
    });
    options.extend?.(app, db);
    await app.ready();
  } catch (error) {
    await app?.close();
    await closeDb();
    throw error;
  }
  const ready = app;

  /** Calls the API the way a client does and reads the JSON answer (if any). */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    init: {
      token?: string;
      json?: unknown;
      payload?: string;
      headers?: Record<string, string>;
      /** The client's address (inject's default is 127.0.0.1). */
      remoteAddress?: string;
    } = {},
  ): Promise<JsonAnswer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let payload = init.payload;
    if (init.json !== undefined) {
      payload = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await ready.inject({ method, url, headers, payload, remoteAddress: init.remoteAddress });
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return {
      status: response.statusCode,
      body: isJson && response.body ? response.json() : response.body,
      headers: response.headers,
    };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const answer = await call('POST', '/api/auth/signin', { json: { login: email, password } });
    if (answer.status !== 200) {
      throw new Error(`sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body.token as string;
  }

  /** The seeded operator, signed in: its token. */
  const signInOperator = () => signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);

  async function createCustomer(values: { companyName?: string; status?: 'ACTIVE' | 'INACTIVE' } = {}) {
    const [customer] = await db
      .insert(customers)
      .values({
        companyName: values.companyName ?? 'Acme Corp',
        contactEmail: 'contact@acme.example',
        status: values.status ?? 'ACTIVE',
      })
      .returning();
    return customer!;
  }

  async function createRole(values: {
    name: string;
    customerId?: string | null;
    scope?: 'provider' | 'customer';
    permissions: string[];
  }) {
    const [role] = await db
      .insert(roles)
      .values({
        name: values.name,
        displayName: values.name,
        scope: values.scope ?? (values.customerId ? 'customer' : 'provider'),
        customerId: values.customerId ?? null,
      })
      .returning();
    if (values.permissions.length > 0) {
      await db.insert(rolePermissions).values(
        values.permissions.map((key) => {
          const [resource, action] = key.split(':') as [string, string];
          return { roleId: role!.id, resource, action };
        }),
      );
    }
    return role!;
  }

  async function createAccount(values: NewAccount) {
    const [account] = await db
      .insert(accounts)
      .values({
        email: values.email.toLowerCase(),
        passwordHash: await hashPassword(values.password),
        customerId: values.customerId ?? null,
        status: values.status ?? 'ACTIVE',
        forceChangePassword: values.forceChangePassword ?? false,
        firstName: values.firstName ?? 'Ada',
        lastName: values.lastName ?? 'Lovelace',
        isCustomerRoot: values.isCustomerRoot ?? false,
      })
      .returning();
    if (values.roleIds?.length) {
      await db
        .insert(accountRoles)
        .values(values.roleIds.map((roleId) => ({ accountId: account!.id, roleId })));
    }
    return account!;
  }

  async function passwordHashOf(email: string): Promise<string | undefined> {
    const [row] = await db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.email, email));
    return row?.passwordHash;
  }

  async function accountsNamed(emails: string[]) {
    return db.select().from(accounts).where(inArray(accounts.email, emails));
  }

  return {
    app: ready,
    db,
    config,
    /** Lines the seed printed when this database was first started. */
    printed,
    call,
    signIn,
    signInOperator,
    createCustomer,
    createRole,
    createAccount,
    passwordHashOf,
    accountsNamed,
    close: async () => {
      await ready.close();
      await closeDb();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The context a file's tests share: made before them (beforeAll, with options read then) and closed after
 * them (afterAll). Its members are there once the tests run, not while the file is read.
 */
export function sharedTestContext(
  options: TestContextOptions | (() => TestContextOptions) = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

let emailCounter = 0;

/** An address no other test in the same database uses. */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
}
