import { type Static, Type } from 'typebox';
import { closed } from './fields.ts';
import { defineErrors } from './kit.ts';

/**
 * A bulk action's job (contract/kit.ts bulkTemplatesOf, server/kit/bulk.ts): an action over every row a
 * list's filters matched when it started, run by the server in batches while the portal shows how far it
 * got, until it is done, cancelled or failed.
 */

export const BULK_JOB_STATUSES = ['RUNNING', 'DONE', 'CANCELLED', 'FAILED'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** Rows a job reads and changes per transaction. */
export const BULK_BATCH = 1000;

/**
 * How long a running job may go without finishing a batch before it is answered as failed (its server
 * stopped halfway: what its finished batches changed stays changed).
 */
export const BULK_STALE_SECONDS = 120;

/** What starts a bulk action: the list's filters as the list sends them (`id`: the rows picked). */
export const BulkStart = Type.Object({ filter: Type.Record(Type.String(), Type.Unknown()) }, closed);
export type BulkStart = Static<typeof BulkStart>;

export const BulkJob = Type.Object({
  id: Type.String(),
  /** The resource and the action (`users`, `deactivate`). */
  resource: Type.String(),
  action: Type.String(),
  status: Type.Enum(BULK_JOB_STATUSES),
  /** The rows the filters matched when the job started. */
  total: Type.Integer(),
  /** The rows gone through so far. */
  done: Type.Integer(),
  /** The rows the action changed (a row already in the state asked, or that the caller may not change, is not). */
  changed: Type.Integer(),
  startedDate: Type.String(),
  endedDate: Type.Union([Type.String(), Type.Null()]),
});
export type BulkJob = Static<typeof BulkJob>;

export const BULK_ERRORS = defineErrors({
  jobNotFound: {
    key: 'error.bulk.jobNotFound',
    text: 'This bulk action was not found. It may have been started by someone else.',
    status: 404,
  },
});
