import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/client.ts';
import {
  accountRoles,
  accounts,
  customers,
  directories,
  roles,
  subscriptions,
  tokenPacks,
} from '../server/db/schema.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { coversUser } from '../server/features/subscription/coverage.ts';
import { CUSTOMER_ADMIN_ROLE } from '../server/seed.ts';
import { percentile, subscription, verdict, withSeededDatabase } from './measure.ts';

const USERS = 100_000;
const ZIPPED = 10_000;
const CALLS = 50;
const PAGE_SIZE = 1_000;
const CHECKS = 50;
const TARGETS = { generateSeconds: 5, listMs: 100, zipSeconds: 20, zipGrowthMb: 150, checkMs: 20 };
const BASE = '/api/idm-config/v2/reactive/activation-code';
const ADMIN = { email: 'bench-customer-admin@example.com', password: 'Bench-Customer-Admin-1' };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A directory of the customer with `count` ACTIVE users, in one statement each. */
async function directoryWithUsers(db: Database, customerId: string, name: string, count: number) {
  const [directory] = await db
    .insert(directories)
    .values({ customerId, name, type: 'LDAP' })
    .returning({ id: directories.id });
  await db.execute(sql`
    insert into users (customer_id, directory_id, source, external_id, username, display_name, email, status)
    select ${customerId}::uuid, ${directory!.id}::uuid, 'LDAP',
      'uid=' || ${name} || n || ',ou=people,dc=bench,dc=example',
      lower(${name}) || '.user' || lpad(n::text, 6, '0'),
      ${name} || ' User ' || n,
      lower(${name}) || n || '@bench.example',
      'ACTIVE'
    from generate_series(1, ${count}) as n`);
  return directory!.id;
}

/** A customer administrator of `customerId` (the built-in role), who signs in without a forced change. */
async function customerAdmin(db: Database, customerId: string) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, CUSTOMER_ADMIN_ROLE), isNull(roles.customerId)));
  if (!role) throw new Error(`no built-in role ${CUSTOMER_ADMIN_ROLE}`);
  const [account] = await db
    .insert(accounts)
    .values({
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      customerId,
      firstName: 'Bench',
      lastName: 'Admin',
      forceChangePassword: false,
    })
    .returning({ id: accounts.id });
  await db.insert(accountRoles).values({ accountId: account!.id, roleId: role.id });
}

/** The peak RSS growth over `before` while `work` runs, sampled every 50 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<[T, number]> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [result, peak - before];
  } finally {
    clearInterval(sampler);
  }
}

const row = (label: string, values: number[], target: number) => {
  const p95 = percentile(values, 95);
  return `| ${label.padEnd(40)} | ${percentile(values, 50).toFixed(1).padStart(6)} ms | ${p95.toFixed(1).padStart(6)} ms | ≤ ${String(target).padStart(3)} ms | ${verdict(p95 <= target)} |`;
};

export async function enrollmentFigures(): Promise<void> {
  const lines: string[] = [];
  await withSeededDatabase('enrollment', async ({ db, config }) => {
    const [customer] = await db
      .insert(customers)
      .values({ companyName: `Bench Enrollment ${Date.now()}`, contactEmail: 'bench@example.com' })
      .returning({ id: customers.id });
    const customerId = customer!.id;
    const large = await directoryWithUsers(db, customerId, 'Large', USERS);
    const small = await directoryWithUsers(db, customerId, 'Small', ZIPPED);
    const [largePack, smallPack] = await db
      .insert(tokenPacks)
      .values([
        {
          customerId,
          name: 'Bench 100,000 users',
          primaryDirectoryId: large,
          subscriptionId: await subscription(db, customerId, USERS),
        },
        {
          customerId,
          name: 'Bench 10,000 users',
          primaryDirectoryId: small,
          subscriptionId: await subscription(db, customerId, ZIPPED),
        },
      ])
      .returning({ id: tokenPacks.id, subscriptionId: tokenPacks.subscriptionId });
    await customerAdmin(db, customerId);
    await db.execute(sql`analyze users`);

    const app = buildApp({ db, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login: ADMIN.email, password: ADMIN.password },
      });
      if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
      const authorization = `Bearer ${signIn.json().token as string}`;
      const generate = async (packId: string, expected: number) => {
        const start = performance.now();
        const answer = await app.inject({
          method: 'PUT',
          url: `${BASE}/generate/${customerId}/${packId}`,
          headers: { authorization },
        });
        const took = performance.now() - start;
        if (answer.statusCode !== 200 || answer.json().generated !== expected) {
          throw new Error(`generate answered ${answer.statusCode}: ${answer.body}`);
        }
        return took;
      };

      // 1. Generate the codes of 100,000 users.
      const generateSeconds = (await generate(largePack!.id, USERS)) / 1000;
      await db.execute(sql`analyze activation_codes`);
      lines.push(
        `generating activation codes for ${USERS.toLocaleString('en')} users: ${generateSeconds.toFixed(1)} s (target ≤ ${TARGETS.generateSeconds} s: ${verdict(generateSeconds <= TARGETS.generateSeconds)})`,
      );

      // 2. The list at 100,000 codes, 1,000 rows a page.
      const pages = USERS / PAGE_SIZE;
      const list = async (page: number) => {
        const start = performance.now();
        const answer = await app.inject({
          method: 'GET',
          url: `${BASE}/${customerId}/search?tokenPackId=${largePack!.id}&page=${page}&pageSize=${PAGE_SIZE}&status=NEW&sort=username&order=ASC`,
          headers: { authorization },
        });
        const took = performance.now() - start;
        const body = answer.json() as { content: unknown[]; totalElements: number };
        if (answer.statusCode !== 200 || body.totalElements !== USERS || body.content.length !== PAGE_SIZE) {
          throw new Error(
            `the codes list answered ${answer.statusCode}: ${body.totalElements} codes, ${body.content?.length} rows`,
          );
        }
        return took;
      };
      for (let i = 0; i < 5; i++) await list(i * 17);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await list((i * 37) % pages));
      lines.push(
        `| ${`codes list, ${USERS.toLocaleString('en')} codes, ${CALLS} calls`.padEnd(40)} | median    | p95       | target   |         |`,
        `| ${'-'.repeat(40)} | --------- | --------- | -------- | ------- |`,
        row(`PGlite: ${PAGE_SIZE.toLocaleString('en')} rows + total, status NEW`, times, TARGETS.listMs),
      );

      // 3. The gateway's check that the plan covers one user (at each sign-in), all 100,000 enrolled: with
      // room for everyone, then with a plan of half of them (each user's place counted).
      const userIds = (
        (await db.execute(sql`select id from users where directory_id = ${large}::uuid`)) as {
          rows: { id: string }[];
        }
      ).rows.map((user) => user.id);
      const pack = { subscriptionId: largePack!.subscriptionId, primaryDirectoryId: large };
      const checks = async () => {
        const times: number[] = [];
        let covered = 0;
        for (let i = 0; i < CHECKS; i++) {
          const start = performance.now();
          if (await coversUser(db, pack, userIds[(i * 7919) % userIds.length]!)) covered++;
          times.push(performance.now() - start);
        }
        return { times, covered };
      };
      const roomy = await checks();
      await db
        .update(subscriptions)
        .set({ numberOfUsers: USERS / 2 })
        .where(eq(subscriptions.id, pack.subscriptionId!));
      const half = await checks();
      if (roomy.covered !== CHECKS || half.covered === 0 || half.covered === CHECKS) {
        throw new Error(`the plan covered ${roomy.covered} then ${half.covered} of ${CHECKS} users`);
      }
      lines.push(
        `| ${`plan covers one user, ${CHECKS} checks`.padEnd(40)} | median    | p95       | target   |         |`,
        `| ${'-'.repeat(40)} | --------- | --------- | -------- | ------- |`,
        row(`plan of ${USERS.toLocaleString('en')} (room for all)`, roomy.times, TARGETS.checkMs),
        row(`plan of ${(USERS / 2).toLocaleString('en')} (places counted)`, half.times, TARGETS.checkMs),
      );

      // 4. The zip of 10,000 QR codes, streamed from a listening server.
      await generate(smallPack!.id, ZIPPED);
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${BASE}/${customerId}/download-token-pack-ac-zip/${smallPack!.id}`;
      const rssBefore = process.memoryUsage().rss;
      const start = performance.now();
      const [zip, growth] = await peakGrowth(async () => {
        const response = await fetch(url, { headers: { authorization } });
        if (!response.ok || !response.body) {
          throw new Error(`the zip answered ${response.status}: ${await response.text()}`);
        }
        let bytes = 0;
        // The end of central directory record (the last 22 bytes, no comment) counts the entries.
        let tail = Buffer.alloc(0);
        const reader = response.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          const chunk = read.value;
          bytes += chunk.length;
          tail =
            chunk.length >= 22
              ? Buffer.from(chunk.subarray(-22))
              : Buffer.concat([tail, chunk]).subarray(-22);
        }
        return { bytes, entries: tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : -1 };
      });
      const zipSeconds = (performance.now() - start) / 1000;
      if (zip.entries !== ZIPPED) {
        throw new Error(`the zip holds ${zip.entries} entries, not ${ZIPPED}`);
      }
      const growthMet = growth <= TARGETS.zipGrowthMb * 1024 * 1024;
      lines.push(
        `zip of ${ZIPPED.toLocaleString('en')} QR codes (${mb(zip.bytes)} streamed): ${zipSeconds.toFixed(1)} s (target ≤ ${TARGETS.zipSeconds} s: ${verdict(zipSeconds <= TARGETS.zipSeconds)}); RSS ${mb(rssBefore)} before, peak growth ${mb(growth)} (target ≤ ${TARGETS.zipGrowthMb} MB: ${verdict(growthMet)})`,
      );
    } finally {
      await app.close();
    }
  });
  for (const line of lines) console.log(line);
}
