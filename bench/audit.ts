import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUDIT_TABLES } from '../contract/audit.ts';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/client.ts';
import { accountRoles, accounts, customers, roles } from '../server/db/schema.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { AUDITOR_ROLE } from '../server/seed.ts';
import { percentile, withSeededDatabase } from './measure.ts';

const OWN = 800_000;
const OTHERS = 200_000;
const DAYS = 60;
const CALLS = 20;
const TARGET_MS = 200;
const AUDITOR = { email: 'bench-auditor@example.com', password: 'Bench-Auditor-1' };

/** `count` entries of `customerId` (null: the provider), one every DAYS/count days back from now. */
async function entries(db: Database, customerId: string | null, count: number) {
  const tables = sql.raw(`array[${AUDIT_TABLES.map((table) => `'${table}'`).join(',')}]`);
  const tableCount = sql.raw(String(AUDIT_TABLES.length));
  const step = sql.raw(String((DAYS * 86_400) / count));
  await db.execute(sql`
    insert into audit_log (customer_id, table_name, action, entity_id, modified_by, modified_date, changes)
    select ${customerId}::uuid, (${tables})[1 + n % ${tableCount}], 'UPDATE', 'record-' || (n % 5000),
      'bench@example.com', now() - (n * ${step}) * interval '1 second',
      jsonb_build_object('name', jsonb_build_object('before', 'old ' || n, 'after', 'new ' || n))
    from generate_series(1, ${sql.raw(String(count))}) as n`);
}

async function auditor(db: Database, customerId: string) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, AUDITOR_ROLE), isNull(roles.customerId)));
  const [account] = await db
    .insert(accounts)
    .values({
      email: AUDITOR.email,
      passwordHash: await hashPassword(AUDITOR.password),
      customerId,
      firstName: 'Bench',
      lastName: 'Auditor',
      forceChangePassword: false,
    })
    .returning({ id: accounts.id });
  await db.insert(accountRoles).values({ accountId: account!.id, roleId: role!.id });
}

export async function auditFigures(): Promise<void> {
  const lines: string[] = [];
  await withSeededDatabase('audit', async ({ db, config }) => {
    const [own, other] = await db
      .insert(customers)
      .values([
        { companyName: `Bench Audit ${Date.now()}`, contactEmail: 'bench@example.com' },
        { companyName: `Bench Audit Other ${Date.now()}`, contactEmail: 'other@example.com' },
      ])
      .returning({ id: customers.id });
    let start = performance.now();
    await entries(db, own!.id, OWN);
    await entries(db, other!.id, OTHERS / 2);
    await entries(db, null, OTHERS / 2);
    await db.execute(sql`vacuum analyze audit_log`);
    const inserted = ((performance.now() - start) / 1000).toFixed(1);
    await auditor(db, own!.id);

    const app = buildApp({ db, config });
    await app.ready();
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login: AUDITOR.email, password: AUDITOR.password },
      });
      if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
      const authorization = `Bearer ${signIn.json().token as string}`;
      lines.push(
        `Audit log: 1,000,000 entries (${OWN.toLocaleString('en')} of the customer over ${DAYS} days), inserted in ${inserted} s; a page of 25 with its total, ${CALLS} calls each`,
        '',
        '| List | total | p50 | p95 | target | |',
        '|---|---:|---:|---:|---:|---|',
      );
      const cases: [string, string][] = [
        ['last week', 'range=1w'],
        ['last month', 'range=1m'],
        ['last month, table Radius', 'range=1m&table=Radius'],
        ['last month, one record', 'range=1m&entityId=record-42'],
        ['last month, page 100', 'range=1m&page=100'],
      ];
      for (const [label, query] of cases) {
        const times: number[] = [];
        let total = 0;
        for (let call = 0; call < CALLS; call += 1) {
          start = performance.now();
          const answer = await app.inject({
            method: 'GET',
            url: `/api/audit/${own!.id}/search?pageSize=25&${query}`,
            headers: { authorization },
          });
          times.push(performance.now() - start);
          if (answer.statusCode !== 200) throw new Error(`${label}: ${answer.statusCode} ${answer.body}`);
          total = answer.json().totalElements as number;
        }
        const p95 = percentile(times, 95);
        lines.push(
          `| ${label} | ${total.toLocaleString('en')} | ${percentile(times, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ≤ ${TARGET_MS} ms | ${p95 <= TARGET_MS ? 'met' : 'NOT MET'} |`,
        );
      }
    } finally {
      await app.close();
    }
  });
  console.log(lines.join('\n'));
}
