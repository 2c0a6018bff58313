import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { BulkJob, BulkJobStatus } from '../../contract/bulk';
import { errorNotification } from './notifyError';

/** The longest wait between two asks while the server fails or cannot be reached. */
const MAX_DELAY_MS = 10_000;

/**
 * What the kit says of a job that ended, by how it ended (its params `action`, `changed`, `total`): a bulk
 * action's notification, or a job whose rows are lost (a CSV import whose server stopped running it).
 */
export const jobEndText = (status: BulkJobStatus): string =>
  status === 'DONE'
    ? 'portal.bulk.done'
    : status === 'CANCELLED'
      ? 'portal.bulk.cancelled'
      : 'portal.bulk.failed';

/**
 * A refusal that asking again does not change (the job is gone or not the caller's, the session ended): a
 * 4xx, but a timeout (408) or too many requests (429), which pass.
 */
const isRefusal = (error: unknown) => {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
};

export interface JobProgressOptions {
  /** How often the job is asked how far it got, in milliseconds. */
  every: number;
  /** When it is first asked (`every` by default; 0 for a job that has nothing to go through). */
  first?: number;
  /** Called once the server refused to say (a 4xx), after one notification of its reason; asking stops. */
  onRefused: (error: unknown) => void;
  /** Asks the server to stop the job (_Stop_). */
  cancel: () => Promise<unknown>;
}

export interface JobProgress {
  /** The job as the server last said it. */
  job: BulkJob;
  /** The rows gone through (never more than the total), and that as a percentage. */
  done: number;
  percent: number;
  /** _Stop_ was asked and the job has not ended yet. */
  stopping: boolean;
  stop: () => Promise<void>;
}

/**
 * Follows a job the server runs (a bulk action, a long CSV import): asks how far it got (`ask`) every
 * `every` ms until it is no longer RUNNING, then hands the last answer to `onEnd`. A 4xx stops the asking
 * (one notification, then `onRefused`); other failures (network, 5xx) are said once and asked again
 * later and later (the wait doubles, up to MAX_DELAY_MS) until an answer comes. Nothing is asked once the
 * component is gone. It follows the job it started with: a component that shows another job is another one
 * (`key` the job's id).
 */
export function useJobProgress<T extends { job: BulkJob }>(
  started: BulkJob,
  ask: () => Promise<T>,
  onEnd: (ended: T) => void,
  { every, first = every, onRefused, cancel }: JobProgressOptions,
): JobProgress {
  const notify = useNotify();
  const [job, setJob] = useState(started);
  const [stopping, setStopping] = useState(false);
  // The latest callbacks, without asking again from the start when they change.
  const latest = useRef({ ask, onEnd, onRefused, cancel });
  latest.current = { ask, onEnd, onRefused, cancel };

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = every;
    let failing = false;
    const next = async () => {
      try {
        const answer = await latest.current.ask();
        if (!live) return;
        if (answer.job.status !== 'RUNNING') {
          live = false;
          latest.current.onEnd(answer);
          return;
        }
        setJob(answer.job);
        delay = every;
        failing = false;
      } catch (error) {
        if (!live) return;
        if (isRefusal(error)) {
          live = false;
          notify(...errorNotification(error));
          latest.current.onRefused(error);
          return;
        }
        // Said once while it lasts, not at every ask.
        if (!failing) notify(...errorNotification(error));
        failing = true;
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      }
      timer = setTimeout(next, delay);
    };
    timer = setTimeout(next, first);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [every, first, notify]);

  const stop = async () => {
    setStopping(true);
    try {
      await latest.current.cancel();
    } catch (error) {
      setStopping(false);
      notify(...errorNotification(error));
    }
  };

  const done = Math.min(job.done, job.total);
  const percent = job.total === 0 ? 100 : Math.round((done / job.total) * 100);
  return { job, done, percent, stopping, stop };
}
