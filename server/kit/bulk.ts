import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BULK_BATCH, BulkJob, BulkStart } from '../../contract/bulk.ts';
import type { ResourceContract } from '../../contract/kit.ts';
import type { Database } from '../db/client.ts';
import { compileCheck } from '../validation.ts';
import type { AuditWriter, CallBase, WriteScope } from './call.ts';
import { callerJob, cancelJob, jobsOf, toJob } from './jobs.ts';
import type { BulkPerform, BulkSource } from './rows.ts';

/**
 * A list's bulk actions (contract/kit.ts bulkTemplatesOf): an action over every row the list's filters
 * match, whatever their number, run by the server as a job.
 *
 * - Starting one checks the filters as the list checks them (the rows picked in the portal come as the
 *   filter `id`), counts the matching rows and writes the job; it answers 202 with the job at once, or, for
 *   one batch's worth of rows, 200 with the job done.
 * - The job (server/kit/jobs.ts) then goes through the matching rows BULK_BATCH at a time, in id order from
 *   where the last batch ended, each batch in a transaction of its own (the embedded database is one
 *   session: other calls go on between two batches). Only the rows the call may touch are read (its customer, under row-level
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

const JobParams = Type.Object({ jobId: Type.String({ maxLength: 100 }) }, { additionalProperties: true });

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
  const jobs = jobsOf(app);

  const scopeOf = (call: CallBase<never>, tx: Database, audit: AuditWriter): WriteScope => ({
    tx,
    customer: call.customer as string | null | undefined,
    origin: call.origin,
    services: call.services,
    audit,
  });
  const jobIdOf = (call: CallBase<never>) => (call.params as { jobId: string }).jobId;

  for (const [name, perform] of Object.entries(actions)) {
    const action = declared[name]!;
    serve(
      `bulk.${name}`,
      { transaction: false, schema: { body: BulkStart, response: { 200: BulkJob, 202: BulkJob } } },
      async (call) => {
        const filters = checkFilter((call.body as BulkStart).filter) as Record<string, unknown>;
        const total = await call.transaction((tx, audit) => source.count(scopeOf(call, tx, audit), filters));
        let after: string | undefined;
        const { job, ended } = await jobs.start(call, {
          resource: contract.name,
          action: name,
          filter: filters,
          total,
          batch: async (tx, audit) => {
            const scope = scopeOf(call, tx, audit);
            const ids = await source.idsMatching(scope, filters, { after, limit: BULK_BATCH });
            const changed = ids.length > 0 ? await perform(scope, ids, call, filters) : 0;
            after = ids.at(-1);
            return { done: ids.length, changed, more: ids.length === BULK_BATCH };
          },
          end: async (_tx, audit, { status, changed }) => {
            await audit({
              table: source.auditTable,
              action: action.audit,
              entityId: job.id,
              entityName: null,
              changes: {
                bulk: { before: null, after: status },
                filter: { before: null, after: filters },
                matched: { before: null, after: total },
                changed: { before: null, after: changed },
              },
            });
            return undefined;
          },
          tidy: async ({ changed }) => {
            if (changed > 0) await call.vacuum(source.table);
          },
        });
        if (total > BULK_BATCH) {
          call.reply.code(202);
          return toJob(job, call.services.now());
        }
        // One batch: done before the answer, which is the job as it ended.
        await ended;
        return call.transaction(async (tx) =>
          toJob(await callerJob(call, tx, contract.name, job.id), call.services.now()),
        );
      },
    );
  }

  serve(
    'bulkJob',
    { transaction: false, schema: { params: JobParams, response: { 200: BulkJob } } },
    (call) =>
      call.transaction(async (tx) =>
        toJob(await callerJob(call, tx, contract.name, jobIdOf(call)), call.services.now()),
      ),
  );

  serve(
    'bulkCancel',
    { transaction: false, schema: { params: JobParams, response: { 200: BulkJob } } },
    (call) => call.transaction((tx) => cancelJob(call, tx, contract.name, jobIdOf(call))),
  );
}
