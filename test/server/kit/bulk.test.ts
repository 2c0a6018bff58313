import { and, count, eq } from 'drizzle-orm';
import { BULK_BATCH, type BulkJob } from '../../../contract/bulk.ts';
import { auditLog, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn, tokenWithRole } from '../fixtures/admin.ts';
import { type Customer, customerWithAdmin } from '../fixtures/billing.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * A list's bulk actions (server/kit/bulk.ts), through the users list: a job over every row the filters
 * match, in batches, with its progress, Cancel and one audit entry, and nothing of another customer.
 */

const ctx = sharedTestContext();
let acme: Customer;
let globex: Customer;
let admin: string;
let otherAdmin: string;
let globexAdmin: string;

/** More than two batches of each status. */
const ROWS = BULK_BATCH * 3 + 210;

beforeAll(async () => {
  await ctx.signInOperator();
  acme = await customerWithAdmin(ctx, 'Acme');
  globex = await customerWithAdmin(ctx, 'Globex');
  admin = acme.admin;
  globexAdmin = globex.admin;
  const customerAdmin = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  otherAdmin = (await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdmin] })).token;
  await ctx.db.insert(users).values(
    Array.from({ length: ROWS }, (_, index) => ({
      customerId: acme.id,
      source: 'LDAP' as const,
      username: `${index % 2 === 0 ? 'even' : 'odd'}${String(index).padStart(5, '0')}`,
      status: 'ACTIVE' as const,
    })),
  );
  await ctx.db.insert(users).values({ customerId: globex.id, source: 'LDAP', username: 'even-globex' });
}, 60_000);

const listPath = (customerId = acme.id) => `/api/user-management/users/${customerId}/search`;

const start = (action: string, filter: Record<string, unknown>, token = admin, customerId = acme.id) =>
  ctx.call('POST', `${listPath(customerId)}/bulk/${action}`, { token, json: { filter } });

const jobAt = (id: string, token = admin, customerId = acme.id) =>
  ctx.call('GET', `${listPath(customerId)}/bulk/jobs/${id}`, { token });

/** Asks how far the job got until it ends. */
async function ended(id: string, token = admin, customerId = acme.id): Promise<BulkJob> {
  for (;;) {
    const answer = await jobAt(id, token, customerId);
    expect(answer.status).toBe(200);
    const job = answer.body as BulkJob;
    if (job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statusCount = async (customerId: string, status: 'ACTIVE' | 'INACTIVE', prefix = '') => {
  const rows = await ctx.db
    .select({ username: users.username, status: users.status })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.status, status)));
  return rows.filter((row) => row.username.startsWith(prefix)).length;
};

describe("a list's bulk action", () => {
  it('deactivates every user the filters match, across batches, and only those; one audit entry', async () => {
    const evens = Math.ceil(ROWS / 2);
    const answer = await start('deactivate', { q: 'even' });
    expect(answer.status).toBe(202);
    const job = answer.body as BulkJob;
    expect(job).toMatchObject({ resource: 'users', action: 'deactivate', total: evens });
    const done = await ended(job.id);
    expect(done).toMatchObject({ status: 'DONE', total: evens, done: evens, changed: evens });
    expect(done.endedDate).not.toBeNull();
    expect(await statusCount(acme.id, 'INACTIVE', 'even')).toBe(evens);
    expect(await statusCount(acme.id, 'INACTIVE', 'odd')).toBe(0);
    // Another customer's user whose name matches is untouched.
    expect(await statusCount(globex.id, 'ACTIVE')).toBe(1);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, job.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tableName: 'User', action: 'DEACTIVATE', customerId: acme.id });
    expect(entries[0]!.changes).toMatchObject({
      bulk: { after: 'DONE' },
      filter: { after: { q: 'even' } },
      matched: { after: evens },
      changed: { after: evens },
    });

    // Again: every row gone through, none changed (already inactive).
    const again = await ended(((await start('deactivate', { q: 'even' })).body as BulkJob).id);
    expect(again).toMatchObject({ status: 'DONE', total: evens, changed: 0 });
  });

  it('acts on the picked rows alone (filter id)', async () => {
    const picked = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, acme.id), eq(users.status, 'INACTIVE')))
      .limit(3);
    const ids = picked.map((row) => row.id);
    // One batch: done when it answers.
    const answer = await start('activate', { id: ids });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'DONE', total: 3, done: 3, changed: 3 });
    const job = await ended((answer.body as BulkJob).id);
    expect(job).toMatchObject({ status: 'DONE', total: 3, changed: 3 });
    const [left] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.customerId, acme.id), eq(users.status, 'INACTIVE')));
    expect(left!.n).toBe(Math.ceil(ROWS / 2) - 3);
  });

  it('stops when cancelled, keeping the batches done', async () => {
    const job = (await start('activate', {})).body as BulkJob;
    const cancelled = await ctx.call('POST', `${listPath()}/bulk/jobs/${job.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    const done = await ended(job.id);
    // Asked as its first batch ran: it stops after the batch under way, short of its four.
    expect(done.status).toBe('CANCELLED');
    expect(done.done).toBeLessThan(done.total);
    expect(done.done % BULK_BATCH).toBe(0);
    expect(await statusCount(acme.id, 'INACTIVE')).toBe(Math.ceil(ROWS / 2) - 3 - done.changed);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, job.id));
    expect(entry!.changes).toMatchObject({ bulk: { after: done.status } });
  });

  it("never touches another customer's rows, and shows a job to the account that started it only", async () => {
    const before = await statusCount(acme.id, 'ACTIVE');
    // Globex's administrator names Acme in the path: refused as a customer it may not act in.
    expect((await start('deactivate', {}, globexAdmin)).status).toBe(404);
    expect(await statusCount(acme.id, 'ACTIVE')).toBe(before);
    // In its own customer, its job reaches its own rows only, and is read under its own customer.
    const own = (await start('deactivate', {}, globexAdmin, globex.id)).body as BulkJob;
    expect((await jobAt(own.id, globexAdmin)).status).toBe(404);
    expect(await ended(own.id, globexAdmin, globex.id)).toMatchObject({
      status: 'DONE',
      total: 1,
      changed: 1,
    });
    expect(await statusCount(acme.id, 'ACTIVE')).toBe(before);
    expect(await statusCount(globex.id, 'INACTIVE')).toBe(1);

    const job = (await start('deactivate', { id: [] })).body as BulkJob;
    expect((await jobAt(job.id, otherAdmin)).status).toBe(404);
    expect((await jobAt(job.id, otherAdmin)).body).toMatchObject({ messageKey: 'error.bulk.jobNotFound' });
    expect(
      (await ctx.call('POST', `${listPath()}/bulk/jobs/${job.id}/cancel`, { token: otherAdmin })).status,
    ).toBe(404);
    expect((await jobAt('not-a-uuid')).status).toBe(404);
  });

  it('refuses a filter the list does not know, and a caller without the permission', async () => {
    const bad = await start('deactivate', { nope: 1 });
    expect(bad.status).toBe(400);
    expect((await start('deactivate', { status: 'SLEEPING' })).status).toBe(400);
    const viewer = await tokenWithRole(ctx, 'user-viewer', ['user-management:view'], acme.id);
    const refused = await start('deactivate', {}, viewer);
    expect(refused.status).toBe(403);
    expect(await statusCount(acme.id, 'ACTIVE', 'odd')).toBe(Math.floor(ROWS / 2));
  });
});
