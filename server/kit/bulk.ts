import { setImmediate as nextTurn } from 'node:timers/promises';
import { Type } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BULK_BATCH, BULK_ERRORS, BULK_STALE_SECONDS, BulkJob, BulkStart } from '../../contract/bulk.ts';
import type { BulkActionCall, ResourceContract } from '../../contract/kit.ts';
import type { Database } from '../db/client.ts';
import { bulkJobs } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { compileCheck } from '../validation.ts';
import type { AuditWriter, CallBase, WriteScope } from './call.ts';
import type { BulkPerform, BulkSource } from './rows.ts';

/**
 * A list's bulk actions (contract/kit.ts bulkTemplatesOf): an action over every row the list's filters
 * match, whatever their number, run by the server as a job.
 *
 * - Starting one checks the filters as the list checks them (the rows picked in the portal come as the
 *   filter `id`), counts the matching rows and writes the job; it answers 202 with the job at once, or, for
 *   one batch's worth of rows, 200 with the job done.
 * - The job then goes through the matching rows BULK_BATCH at a time, in id order from where the last batch
 *   ended, each batch in a transaction of its own (the embedded database is one session: other calls go on
 *   between two batches). Only the rows the call may touch are read (its customer, under row-level
 *   security), and the action changes only those it applies to (a user already inactive is left as it is):
 *   `changed` counts them.
 * - Cancel stops it after the batch under way (the batches done stay done); any instance takes it, through
 *   the job's row. A job whose instance stopped halfway is answered as failed (BULK_STALE_SECONDS).
 * - One audit entry per job, once it ends: the resource's table, the action's, the filters, the rows
 *   matched and the rows changed.
 */

/** The serve function of the kit (kit.ts), as bulk routes use it. */
type Serve = (
  name: string,
  options: { transaction?: false; schema: object },
  handler: (call: CallBase<never>) => unknown,
) => void;

type JobRow = typeof bulkJobs.$inferSelect;

const staleAfterMs = BULK_STALE_SECONDS * 1000;

/** A job as the portal reads it (a running job whose last batch is long past has failed). */
function toJob(row: JobRow, now: Date): BulkJob {
  const stale = row.status === 'RUNNING' && now.getTime() - row.updatedDate.getTime() > staleAfterMs;
  return {
    id: row.id,
    resource: row.resource,
    action: row.action,
    status: stale ? 'FAILED' : row.status,
    total: row.total,
    done: row.done,
    changed: row.changed,
    startedDate: row.startedDate.toISOString(),
    endedDate: row.endedDate?.toISOString() ?? null,
  };
}

const JobParams = Type.Object({ jobId: Type.String({ maxLength: 100 }) }, { additionalProperties: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The jobs running in this process, so that closing the server waits for their batch under way. */
interface Running {
  closing: boolean;
  jobs: Set<Promise<void>>;
}
const runningOf = new WeakMap<FastifyInstance, Running>();

function runningIn(app: FastifyInstance): Running {
  let running = runningOf.get(app);
  if (!running) {
    const made: Running = { closing: false, jobs: new Set() };
    running = made;
    runningOf.set(app, made);
    app.addHook('onClose', async () => {
      made.closing = true;
      await Promise.allSettled([...made.jobs]);
    });
  }
  return running;
}

export function serveBulk(
  app: FastifyInstance,
  serve: Serve,
  contract: ResourceContract,
  source: BulkSource,
  actions: Readonly<Record<string, BulkPerform>>,
): void {
  const declared = contract.bulk ?? {};
  for (const name of Object.keys(actions)) {
    if (!declared[name]) throw new Error(`${contract.name}: the contract declares no bulk action ${name}`);
  }
  for (const name of Object.keys(declared)) {
    if (!actions[name]) throw new Error(`${contract.name}: the bulk action ${name} is not served`);
  }
  const checkFilter = compileCheck(source.filterSchema, 'filter');
  const running = runningIn(app);

  const scopeOf = (call: CallBase<never>, tx: Database, audit: AuditWriter): WriteScope => ({
    tx,
    customer: call.customer as string | null | undefined,
    origin: call.origin,
    services: call.services,
    audit,
  });

  /** The job of the call's path, the caller's own (another's, or none: 404). */
  const jobOf = async (
    call: CallBase<never>,
    tx: Database,
    jobId = (call.params as { jobId: string }).jobId,
  ): Promise<JobRow> => {
    const caller = call.caller as unknown as { account: { id: string } };
    if (!UUID.test(jobId)) throw fail(BULK_ERRORS.jobNotFound);
    const [row] = await tx
      .select()
      .from(bulkJobs)
      .where(
        and(
          eq(bulkJobs.id, jobId.toLowerCase()),
          eq(bulkJobs.accountId, caller.account.id),
          eq(bulkJobs.resource, contract.name),
        ),
      );
    if (!row) throw fail(BULK_ERRORS.jobNotFound);
    return row;
  };

  /** Runs a job to its end, batch after batch. */
  const run = async (
    call: CallBase<never>,
    job: JobRow,
    action: BulkActionCall,
    perform: BulkPerform,
    filters: Record<string, unknown>,
  ) => {
    let after: string | undefined;
    let status: JobRow['status'] = 'DONE';
    let counts = { done: 0, changed: 0 };
    try {
      for (;;) {
        const step = await call.transaction(async (tx, audit) => {
          const scope = scopeOf(call, tx, audit);
          const ids = await source.idsMatching(scope, filters, { after, limit: BULK_BATCH });
          const changed = ids.length > 0 ? await perform(scope, ids, call, filters) : 0;
          const [now] = await tx
            .update(bulkJobs)
            .set({
              done: sql`${bulkJobs.done} + ${ids.length}`,
              changed: sql`${bulkJobs.changed} + ${changed}`,
              updatedDate: call.services.now(),
            })
            .where(eq(bulkJobs.id, job.id))
            .returning({ done: bulkJobs.done, changed: bulkJobs.changed, cancel: bulkJobs.cancelRequested });
          return { ids, now: now! };
        });
        counts = step.now;
        if (step.ids.length < BULK_BATCH) break;
        if (step.now.cancel) {
          status = 'CANCELLED';
          break;
        }
        if (running.closing) {
          status = 'FAILED';
          break;
        }
        after = step.ids.at(-1);
        // Other calls first (the embedded database answers one transaction at a time).
        await nextTurn();
      }
    } catch (error) {
      call.request.log.error({ err: error, job: job.id }, 'a bulk action failed');
      status = 'FAILED';
    }
    try {
      await call.transaction(async (tx, audit) => {
        const ended = call.services.now();
        await tx
          .update(bulkJobs)
          .set({ status, endedDate: ended, updatedDate: ended })
          .where(eq(bulkJobs.id, job.id));
        await audit({
          table: source.auditTable,
          action: action.audit,
          entityId: job.id,
          entityName: null,
          changes: {
            bulk: { before: null, after: status },
            filter: { before: null, after: filters },
            matched: { before: null, after: job.total },
            changed: { before: null, after: counts.changed },
          },
        });
      });
      if (counts.changed > 0) await call.vacuum(source.table);
    } catch (error) {
      call.request.log.error({ err: error, job: job.id }, 'a bulk action could not record its end');
    }
  };

  for (const [name, perform] of Object.entries(actions)) {
    const action = declared[name]!;
    serve(
      `bulk.${name}`,
      { transaction: false, schema: { body: BulkStart, response: { 200: BulkJob, 202: BulkJob } } },
      async (call) => {
        const filters = checkFilter((call.body as BulkStart).filter) as Record<string, unknown>;
        const caller = call.caller as unknown as { account: { id: string } };
        const job = await call.transaction(async (tx, audit) => {
          const total = await source.count(scopeOf(call, tx, audit), filters);
          const [row] = await tx
            .insert(bulkJobs)
            .values({
              customerId: (call.customer as string | null | undefined) ?? null,
              accountId: caller.account.id,
              resource: contract.name,
              action: name,
              filter: filters,
              total,
              startedDate: call.services.now(),
              updatedDate: call.services.now(),
            })
            .returning();
          return row!;
        });
        const promise = run(call, job, action, perform, filters);
        running.jobs.add(promise);
        void promise.finally(() => running.jobs.delete(promise));
        if (job.total > BULK_BATCH) {
          call.reply.code(202);
          return toJob(job, call.services.now());
        }
        // One batch: done before the answer, which is the job as it ended.
        await promise;
        return call.transaction(async (tx) => toJob(await jobOf(call, tx, job.id), call.services.now()));
      },
    );
  }

  serve(
    'bulkJob',
    { transaction: false, schema: { params: JobParams, response: { 200: BulkJob } } },
    (call) => call.transaction(async (tx) => toJob(await jobOf(call, tx), call.services.now())),
  );

  serve(
    'bulkCancel',
    { transaction: false, schema: { params: JobParams, response: { 200: BulkJob } } },
    (call) =>
      call.transaction(async (tx) => {
        const job = await jobOf(call, tx);
        if (job.status !== 'RUNNING') return toJob(job, call.services.now());
        const [row] = await tx
          .update(bulkJobs)
          .set({ cancelRequested: true })
          .where(eq(bulkJobs.id, job.id))
          .returning();
        return toJob(row!, call.services.now());
      }),
  );
}
