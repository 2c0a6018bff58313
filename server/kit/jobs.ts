import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BULK_ERRORS, BULK_STALE_SECONDS, type BulkJob, type BulkJobStatus } from '../../contract/bulk.ts';
import type { Database } from '../db/client.ts';
import { bulkJobs } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { AuditWriter, CallBase } from './call.ts';

/**
 * A caller's long work, run by the server a batch at a time (a list's bulk action, server/kit/bulk.ts; a
 * directory's CSV import): its row in `bulk_jobs` says how far it got, so that any instance answers it and
 * takes its Cancel; the instance that started it runs it.
 *
 * - Each batch runs in a transaction of its own and adds what it went through and changed to the row; on
 *   the embedded database (one session) other calls go on between two batches.
 * - Cancel stops it after the batch under way (the batches done stay done). Closing the server stops it
 *   after that batch too, as failed; a job whose instance stopped without saying so is answered as failed
 *   once its last batch is BULK_STALE_SECONDS old.
 * - When it ends, its last transaction records how (and the work's audit entry and result, `end`).
 * - Only the account that started it reads it or stops it (the customer's row-level security besides).
 * - An ended job is kept KEEP_ENDED_DAYS, then deleted as another starts.
 */

export type JobRow = typeof bulkJobs.$inferSelect;

/** What a job needs of the call that starts it, reads it or stops it. */
export interface JobCall {
  caller: { account: { id: string } } | null;
  customer?: unknown;
  services: CallBase<never>['services'];
  request: CallBase<never>['request'];
  transaction: CallBase<never>['transaction'];
}

/** What a batch went through and changed, and whether there is more to do. */
export interface JobStep {
  done: number;
  changed: number;
  more: boolean;
  /** Once the batch's transaction has committed (what the work keeps in memory of it moves on then). */
  kept?: () => void;
}

export interface JobWork {
  /** The resource and the action the job does (`users`, `deactivate`), and what it acts on. */
  resource: string;
  action: string;
  filter: Record<string, unknown>;
  /** How many rows it will go through. */
  total: number;
  /**
   * In the transaction that writes the job's row, before it: what makes sure the job may start (a lock on
   * what it acts on, then no other job of it running), so that two calls never start the same work twice.
   */
  claim?: (tx: Database) => Promise<void>;
  /** One batch, in its own transaction. */
  batch: (tx: Database, audit: AuditWriter) => Promise<JobStep>;
  /**
   * Once it has ended, in the transaction that records the end: its audit entry, and the result it keeps
   * for the caller to read (undefined: none).
   */
  end: (
    tx: Database,
    audit: AuditWriter,
    ended: { status: BulkJobStatus; done: number; changed: number },
  ) => Promise<unknown>;
  /** Once its end is recorded, outside any transaction (a VACUUM of the rows it changed). */
  tidy?: (ended: { done: number; changed: number }) => Promise<void>;
}

const staleAfterMs = BULK_STALE_SECONDS * 1000;
/** How long an ended job (and its result) is kept: it is deleted when a job of its reach next starts. */
export const KEEP_ENDED_DAYS = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job as the portal reads it (a running job whose last batch is long past has failed). */
export function toJob(row: JobRow, now: Date): BulkJob {
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

/** The caller's job of that resource (another's, or none: 404 error.bulk.jobNotFound). */
export async function callerJob(
  call: JobCall,
  tx: Database,
  resource: string,
  jobId: string,
): Promise<JobRow> {
  if (!UUID.test(jobId) || !call.caller) throw fail(BULK_ERRORS.jobNotFound);
  const [row] = await tx
    .select()
    .from(bulkJobs)
    .where(
      and(
        eq(bulkJobs.id, jobId.toLowerCase()),
        eq(bulkJobs.accountId, call.caller.account.id),
        eq(bulkJobs.resource, resource),
      ),
    );
  if (!row) throw fail(BULK_ERRORS.jobNotFound);
  return row;
}

/** Asks the caller's running job to stop after its batch under way; answers the job. */
export async function cancelJob(
  call: JobCall,
  tx: Database,
  resource: string,
  jobId: string,
): Promise<BulkJob> {
  const job = await callerJob(call, tx, resource, jobId);
  if (job.status !== 'RUNNING') return toJob(job, call.services.now());
  const [row] = await tx
    .update(bulkJobs)
    .set({ cancelRequested: true })
    .where(eq(bulkJobs.id, job.id))
    .returning();
  return toJob(row!, call.services.now());
}

/** What a running job is asked by: its resource, its action, and what its filter holds. */
export interface JobOf {
  resource: string;
  action: string;
  filter: Record<string, unknown>;
}

/**
 * The newest running job (its last batch not stale) of that resource and action whose filter holds
 * `filter`, in the call's reach; `accountId`: started by that account only.
 */
async function runningJob(call: JobCall, tx: Database, of: JobOf, accountId?: string) {
  const since = new Date(call.services.now().getTime() - staleAfterMs);
  const [row] = await tx
    .select()
    .from(bulkJobs)
    .where(
      and(
        accountId === undefined ? undefined : eq(bulkJobs.accountId, accountId),
        eq(bulkJobs.resource, of.resource),
        eq(bulkJobs.action, of.action),
        eq(bulkJobs.status, 'RUNNING'),
        sql`${bulkJobs.updatedDate} > ${since}`,
        sql`${bulkJobs.filter} @> ${JSON.stringify(of.filter)}::jsonb`,
      ),
    )
    .orderBy(desc(bulkJobs.startedDate))
    .limit(1);
  return row;
}

/** The caller's own running job of that resource and action whose filter holds `filter`, if any. */
export const callerRunningJob = async (
  call: JobCall,
  tx: Database,
  of: JobOf,
): Promise<JobRow | undefined> =>
  call.caller ? runningJob(call, tx, of, call.caller.account.id) : undefined;

/** Whether the caller's customer has a running job of that resource and action whose filter holds `filter`. */
export const hasRunningJob = async (call: JobCall, tx: Database, of: JobOf): Promise<boolean> =>
  (await runningJob(call, tx, of)) !== undefined;

/** Starts and runs the jobs of one server. */
export interface Jobs {
  /**
   * Writes the job's row and starts it; answers the row as started and the promise of its end (which
   * never rejects: a failure ends the job as FAILED).
   */
  start(call: JobCall, work: JobWork): Promise<{ job: JobRow; ended: Promise<void> }>;
}

const jobsOfApp = new WeakMap<FastifyInstance, Jobs>();

/** The jobs of this server: closing it waits for the batch under way of each, then stops them. */
export function jobsOf(app: FastifyInstance): Jobs {
  const known = jobsOfApp.get(app);
  if (known) return known;
  const running = new Set<Promise<void>>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...running]);
  });

  const run = async (call: JobCall, job: JobRow, work: JobWork) => {
    let status: BulkJobStatus = 'DONE';
    let counts = { done: 0, changed: 0 };
    try {
      for (;;) {
        const step = await call.transaction(async (tx, audit) => {
          const did = await work.batch(tx, audit);
          const [now] = await tx
            .update(bulkJobs)
            .set({
              done: sql`${bulkJobs.done} + ${did.done}`,
              changed: sql`${bulkJobs.changed} + ${did.changed}`,
              updatedDate: call.services.now(),
            })
            .where(eq(bulkJobs.id, job.id))
            .returning({ done: bulkJobs.done, changed: bulkJobs.changed, cancel: bulkJobs.cancelRequested });
          return { more: did.more, kept: did.kept, ...now! };
        });
        step.kept?.();
        counts = { done: step.done, changed: step.changed };
        if (!step.more) break;
        if (step.cancel) {
          status = 'CANCELLED';
          break;
        }
        if (closing) {
          status = 'FAILED';
          break;
        }
        // Other calls first (the embedded database answers one transaction at a time).
        await nextTurn();
      }
    } catch (error) {
      call.request.log.error({ err: error, job: job.id }, 'a job failed');
      status = 'FAILED';
    }
    try {
      await call.transaction(async (tx, audit) => {
        const result = await work.end(tx, audit, { status, ...counts });
        const ended = call.services.now();
        await tx
          .update(bulkJobs)
          .set({ status, endedDate: ended, updatedDate: ended, ...(result === undefined ? {} : { result }) })
          .where(eq(bulkJobs.id, job.id));
      });
      await work.tidy?.(counts);
    } catch (error) {
      call.request.log.error({ err: error, job: job.id }, 'a job could not record its end');
    }
  };

  const jobs: Jobs = {
    async start(call, work) {
      const accountId = call.caller?.account.id;
      if (!accountId) throw new Error('A job is started by a signed-in caller');
      const job = await call.transaction(async (tx) => {
        await work.claim?.(tx);
        // The ended jobs of the caller's reach are kept KEEP_ENDED_DAYS, their results with them.
        const kept = new Date(call.services.now().getTime() - KEEP_ENDED_DAYS * 86_400_000);
        await tx.delete(bulkJobs).where(lt(bulkJobs.endedDate, kept));
        const [row] = await tx
          .insert(bulkJobs)
          .values({
            customerId: (call.customer as string | null | undefined) ?? null,
            accountId,
            resource: work.resource,
            action: work.action,
            filter: work.filter,
            total: work.total,
            startedDate: call.services.now(),
            updatedDate: call.services.now(),
          })
          .returning();
        return row!;
      });
      const ended = run(call, job, work);
      running.add(ended);
      void ended.finally(() => running.delete(ended));
      return { job, ended };
    },
  };
  jobsOfApp.set(app, jobs);
  return jobs;
}
