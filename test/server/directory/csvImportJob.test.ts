import { and, count, eq, sql } from 'drizzle-orm';
import { BULK_BATCH, type BulkJob } from '../../../contract/bulk.ts';
import type { CsvImportJob } from '../../../contract/directory.ts';
import { auditLog, bulkJobs, directories, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * A directory's CSV import of more rows than one batch (BULK_BATCH) runs as a job: the upload answers 202
 * with it, the job writes a batch at a time while it tells how far it got, _Stop_ ends it after the batch
 * under way (the rows written stay written), and once it has ended it answers what became of each row it
 * went through. Only the account that started it sees it; one import at a time per directory.
 */

const ctx = sharedTestContext();
let acme: { id: string };
let globex: { id: string };
let admin: string;
let adminId: string;
let colleague: string;
let rival: string;

const newDirectory = async (customerId: string, name: string) => {
  const [made] = await ctx.db
    .insert(directories)
    .values({ customerId, name, type: 'LDAP', hybrid: true })
    .returning();
  return made!.id;
};

beforeAll(async () => {
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  globex = await ctx.createCustomer({ companyName: 'Globex' });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  const signedInAdmin = await signedIn(ctx, { customerId: acme.id, roleIds: [role] });
  admin = signedInAdmin.token;
  adminId = signedInAdmin.account.id;
  colleague = (await signedIn(ctx, { customerId: acme.id, roleIds: [role] })).token;
  rival = (await signedIn(ctx, { customerId: globex.id, roleIds: [role] })).token;
});

const usersPath = (directoryId: string, customerId = acme.id) =>
  `/api/idm-ldap/users/r-${customerId}/users/connectors/${directoryId}`;

const upload = async (directoryId: string, content: string, query = '', token = admin) => {
  const boundary = '----csv-job-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `${usersPath(directoryId)}/upload-csv-file${query}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: answer.statusCode, body: answer.json() };
};

/** A file of `rows` users named `<prefix>-<n>`, with a broken row at line `brokenLine` when given. */
const csv = (prefix: string, rows: number, brokenLine?: number) =>
  [
    'username;email',
    ...Array.from({ length: rows }, (_, index) =>
      index + 2 === brokenLine
        ? `${prefix}-${index};not-an-email`
        : `${prefix}-${index};${prefix}-${index}@acme.example`,
    ),
  ].join('\n');

const jobAt = (directoryId: string, jobId: string, token = admin) =>
  ctx.call('GET', `${usersPath(directoryId)}/upload-csv-file/jobs/${jobId}`, { token });

async function ended(directoryId: string, jobId: string): Promise<CsvImportJob> {
  for (;;) {
    const answer = await jobAt(directoryId, jobId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const read = answer.body as CsvImportJob;
    if (read.job.status !== 'RUNNING') return read;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const importedInto = async (directoryId: string) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.customerId, acme.id), eq(users.directoryId, directoryId)));
  return row!.n;
};

/** The directory's import entries in the audit log, oldest first: their counts. */
const importEntries = async (directoryId: string) => {
  const rows = await ctx.db
    .select({ changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, directoryId), eq(auditLog.action, 'IMPORT')))
    .orderBy(auditLog.modifiedDate);
  return rows.map(({ changes }) =>
    Object.fromEntries(
      Object.entries(changes as Record<string, { after: unknown }>).map(([field, { after }]) => [
        field,
        after,
      ]),
    ),
  );
};

/** Runs `work` with a trigger on the users table (its function's body given), dropped afterwards. */
async function withUsersTrigger(name: string, timing: string, body: string, work: () => Promise<void>) {
  await ctx.db.execute(
    sql.raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return new; end $$`,
    ),
  );
  const deferred = timing === 'constraint' ? 'deferrable initially deferred' : '';
  await ctx.db.execute(
    sql.raw(
      `create ${timing} trigger ${name} after insert on users ${deferred} for each row execute function ${name}()`,
    ),
  );
  try {
    await work();
  } finally {
    await ctx.db.execute(sql.raw(`drop trigger ${name} on users`));
    await ctx.db.execute(sql.raw(`drop function ${name}()`));
  }
}

describe('a CSV import of more than one batch', () => {
  const ROWS = BULK_BATCH * 2 + 500;

  it('runs as a job that tells how far it got, then what became of every row', async () => {
    const directoryId = await newDirectory(acme.id, 'Long import');
    const started = await upload(directoryId, csv('long', ROWS, 1500));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = started.body as BulkJob;
    expect(job).toMatchObject({
      resource: 'users/keycloak',
      action: 'import',
      status: 'RUNNING',
      total: ROWS,
    });

    const { job: last, answer } = await ended(directoryId, job.id);
    expect(last).toMatchObject({ status: 'DONE', total: ROWS, done: ROWS, changed: ROWS - 1 });
    expect(answer).not.toBeNull();
    expect(answer!).toMatchObject({ dryRun: false, added: ROWS - 1, updated: 0, unchanged: 0 });
    expect(answer!.rows).toHaveLength(ROWS);
    expect(answer!.rows[0]).toEqual({ line: 2, username: 'long-0', outcome: 'CREATE' });
    expect(answer!.rows[1498]).toEqual({ line: 1500, username: 'long-1498', outcome: 'REFUSED' });
    expect(answer!.failed).toEqual([{ line: 1500, reason: "'not-an-email' is not an email address." }]);
    expect(await importedInto(directoryId)).toBe(ROWS - 1);
    // Each user written has its audit entry, as in a short import.
    const [entries] = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.customerId, acme.id), eq(auditLog.tableName, 'User'), eq(auditLog.action, 'CREATE')),
      );
    expect(entries!.n).toBeGreaterThanOrEqual(ROWS - 1);
    // And the import its own, with how it ended.
    expect(await importEntries(directoryId)).toEqual([
      {
        status: 'DONE',
        rows: ROWS,
        read: ROWS,
        added: ROWS - 1,
        updated: 0,
        unchanged: 0,
        refused: 1,
      },
    ]);

    // Then the planner's counts are refreshed (VACUUM ANALYZE): the users search keeps its plan.
    await expect
      .poll(async () => {
        const answer = (await ctx.db.execute(
          sql`select reltuples::float8 as tuples from pg_class where relname = 'users'`,
        )) as unknown as { rows: { tuples: number }[] };
        const [row] = answer.rows;
        return Number(row?.tuples);
      })
      .toBeGreaterThanOrEqual(ROWS - 1);

    // The directory's users list searches them, counting up to 1,000 matches.
    const searched = (q: string) =>
      ctx.call('GET', `${usersPath(directoryId)}?q=${q}&pageSize=5`, { token: admin });
    expect((await searched('long-')).body).toMatchObject({ totalElements: 1000, totalCapped: true });
    const fewer = (await searched('long-2')).body;
    expect(fewer.totalElements).toBe(1 + 10 + 100 + 500);
    expect(fewer).not.toHaveProperty('totalCapped');
    expect(fewer.content.map((row: { username: string }) => row.username)).toEqual([
      'long-2',
      'long-20',
      'long-200',
      'long-2000',
      'long-2001',
    ]);

    // The same file again: every row is unchanged now.
    const again = await upload(directoryId, csv('long', ROWS));
    expect(again.status).toBe(202);
    const second = await ended(directoryId, (again.body as BulkJob).id);
    expect(second.job).toMatchObject({ status: 'DONE', changed: 1 });
    expect(second.answer).toMatchObject({ added: 1, unchanged: ROWS - 1 });
  });

  it('stops after the batch under way when asked, keeping the rows written and saying which', async () => {
    const directoryId = await newDirectory(acme.id, 'Stopped import');
    // Five batches: the stop is asked while the first runs.
    const job = (await upload(directoryId, csv('stop', BULK_BATCH * 5))).body as BulkJob;
    const stopping = await ctx.call(
      'POST',
      `${usersPath(directoryId)}/upload-csv-file/jobs/${job.id}/cancel`,
      {
        token: admin,
      },
    );
    expect(stopping.status).toBe(200);
    const { job: last, answer } = await ended(directoryId, job.id);
    expect(last.status).toBe('CANCELLED');
    expect(last.done).toBeLessThan(BULK_BATCH * 5);
    expect(last.done % BULK_BATCH).toBe(0);
    // The answer lists the rows gone through, and the database holds exactly those.
    expect(answer!.rows).toHaveLength(last.done);
    expect(answer!.added).toBe(last.done);
    expect(await importedInto(directoryId)).toBe(last.done);
  });

  it('tells the account that started an import, and it alone, that it runs, with its file', async () => {
    const directoryId = await newDirectory(acme.id, 'Followed import');
    const running = (token = admin) =>
      ctx.call('GET', `${usersPath(directoryId)}/upload-csv-file/jobs/running`, { token });
    expect((await running()).body).toEqual({ job: null, fileName: null });
    const job = (await upload(directoryId, csv('followed', BULK_BATCH * 5))).body as BulkJob;
    const found = await running();
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ job: { id: job.id, status: 'RUNNING' }, fileName: 'users.csv' });
    expect((await running(colleague)).body).toEqual({ job: null, fileName: null });
    await ctx.call('POST', `${usersPath(directoryId)}/upload-csv-file/jobs/${job.id}/cancel`, {
      token: admin,
    });
    await ended(directoryId, job.id);
    expect((await running()).body).toEqual({ job: null, fileName: null });
    // Another customer's administrator, naming Acme's directory: refused.
    expect((await running(rival)).status).toBe(404);
  });

  it('takes one import at a time into a directory', async () => {
    const directoryId = await newDirectory(acme.id, 'Busy import');
    const first = await upload(directoryId, csv('busy', BULK_BATCH * 5));
    expect(first.status).toBe(202);
    const second = await upload(directoryId, csv('other', ROWS));
    expect(second.status).toBe(409);
    expect(second.body.messageKey).toBe('error.csv.importRunning');
    // Another directory of the customer imports meanwhile.
    const elsewhere = await upload(await newDirectory(acme.id, 'Free import'), csv('free', BULK_BATCH + 1));
    expect(elsewhere.status).toBe(202);
    expect((await ended(directoryId, (first.body as BulkJob).id)).job.status).toBe('DONE');
  });

  it('takes one of two imports into a directory started at once', async () => {
    const directoryId = await newDirectory(acme.id, 'Raced import');
    const both = await Promise.all([
      upload(directoryId, csv('race-a', BULK_BATCH * 3)),
      upload(directoryId, csv('race-b', BULK_BATCH * 3)),
    ]);
    expect(both.map(({ status }) => status).sort()).toEqual([202, 409]);
    const started = both.find(({ status }) => status === 202)!;
    expect((await ended(directoryId, (started.body as BulkJob).id)).job.status).toBe('DONE');
    expect(await importedInto(directoryId)).toBe(BULK_BATCH * 3);
  });

  it('stops at the next batch once its directory no longer takes a file, saying which rows were written', async () => {
    const directoryId = await newDirectory(acme.id, 'Switched import');
    // The second batch's last user turns Hybrid off, as an administrator would meanwhile.
    const body = `if new.username = 'switch-${BULK_BATCH * 2 - 1}' then
      update directories set hybrid = false where id = new.directory_id; end if;`;
    await withUsersTrigger('switch_hybrid', '', body, async () => {
      const job = (await upload(directoryId, csv('switch', BULK_BATCH * 4))).body as BulkJob;
      const { job: last, answer } = await ended(directoryId, job.id);
      expect(last).toMatchObject({ status: 'FAILED', done: BULK_BATCH * 2 });
      expect(answer!.rows).toHaveLength(BULK_BATCH * 2);
      expect(answer!.added).toBe(BULK_BATCH * 2);
    });
    expect(await importedInto(directoryId)).toBe(BULK_BATCH * 2);
    expect(await importEntries(directoryId)).toMatchObject([
      { status: 'FAILED', rows: BULK_BATCH * 4, read: BULK_BATCH * 2, added: BULK_BATCH * 2 },
    ]);
  });

  it('never lists the rows of a batch whose transaction failed to commit', async () => {
    const directoryId = await newDirectory(acme.id, 'Unwritten batch');
    // Checked at commit: the second batch's transaction fails once all its rows were taken.
    const body = `if new.username = 'late-${BULK_BATCH + 10}' then
      raise exception 'refused at commit'; end if;`;
    await withUsersTrigger('refuse_late', 'constraint', body, async () => {
      const job = (await upload(directoryId, csv('late', BULK_BATCH * 3))).body as BulkJob;
      const { job: last, answer } = await ended(directoryId, job.id);
      expect(last).toMatchObject({ status: 'FAILED', done: BULK_BATCH });
      expect(answer!.rows).toHaveLength(BULK_BATCH);
      expect(answer!.added).toBe(BULK_BATCH);
    });
    expect(await importedInto(directoryId)).toBe(BULK_BATCH);
  });

  it('shows the job to the account that started it only, under its own directory', async () => {
    const directoryId = await newDirectory(acme.id, 'Private import');
    const job = (await upload(directoryId, csv('own', BULK_BATCH + 1))).body as BulkJob;
    await ended(directoryId, job.id);
    const notFound = { messageKey: 'error.bulk.jobNotFound' };
    expect((await jobAt(directoryId, job.id, colleague)).body).toMatchObject(notFound);
    const otherDirectory = await newDirectory(acme.id, 'Other directory');
    expect((await jobAt(otherDirectory, job.id)).status).toBe(404);
    expect((await jobAt(directoryId, 'not-a-uuid')).status).toBe(404);
    // Another customer's administrator, naming Acme: refused before the job is looked for.
    const foreign = await ctx.call('GET', `${usersPath(directoryId)}/upload-csv-file/jobs/${job.id}`, {
      token: rival,
    });
    expect(foreign.status).toBe(404);
    const cancelled = await ctx.call(
      'POST',
      `${usersPath(directoryId)}/upload-csv-file/jobs/${job.id}/cancel`,
      {
        token: rival,
      },
    );
    expect(cancelled.status).toBe(404);
  });

  it('forgets the jobs ended more than a week ago as another starts', async () => {
    const directoryId = await newDirectory(acme.id, 'Old imports');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ended = (days: number) => ({
      customerId: acme.id,
      accountId: adminId,
      resource: 'users/keycloak',
      action: 'import',
      filter: { directoryId },
      total: 1,
      done: 1,
      status: 'DONE' as const,
      result: null,
      startedDate: daysAgo(days),
      updatedDate: daysAgo(days),
      endedDate: daysAgo(days),
    });
    const [lastMonth, yesterday] = await ctx.db
      .insert(bulkJobs)
      .values([ended(30), ended(1)])
      .returning({ id: bulkJobs.id });
    expect((await jobAt(directoryId, lastMonth!.id)).status).toBe(200);
    const started = await upload(directoryId, csv('purge', BULK_BATCH + 1));
    expect(started.status).toBe(202);
    expect((await jobAt(directoryId, lastMonth!.id)).body).toMatchObject({
      messageKey: 'error.bulk.jobNotFound',
    });
    expect((await jobAt(directoryId, yesterday!.id)).status).toBe(200);
  });

  it('writes one IMPORT entry for an import of one batch too, by its administrator, and none for a check', async () => {
    const directoryId = await newDirectory(acme.id, 'Short import');
    expect((await upload(directoryId, csv('short', 3), '?dryRun=true')).status).toBe(200);
    expect(await importEntries(directoryId)).toEqual([]);
    expect((await upload(directoryId, csv('short', 3, 3))).status).toBe(200);
    expect(await importEntries(directoryId)).toEqual([
      { status: 'DONE', rows: 3, read: 3, added: 2, updated: 0, unchanged: 0, refused: 1 },
    ]);
    const [entry] = await ctx.db
      .select({ by: auditLog.modifiedById, name: auditLog.entityName, table: auditLog.tableName })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, directoryId), eq(auditLog.action, 'IMPORT')));
    expect(entry).toEqual({ by: adminId, name: 'Short import', table: 'Directory' });
  });

  it('still checks a long file at once, writing nothing', async () => {
    const directoryId = await newDirectory(acme.id, 'Checked only');
    const checked = await upload(directoryId, csv('check', ROWS), '?dryRun=true');
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ dryRun: true, added: ROWS });
    expect(await importedInto(directoryId)).toBe(0);
  });
});
