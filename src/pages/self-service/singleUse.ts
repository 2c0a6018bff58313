import { useCallback, useEffect, useState } from 'react';

/**
 * The calls of single-use links (a sign-up's activation, a recovery email's verification): each token is
 * sent once per page load, whatever draws the page again (React's StrictMode runs effects twice, a
 * remount, coming back to the page). Every drawing reads the first call's outcome.
 */
const calls = new Map<string, Promise<unknown>>();

export const callOnce = <T>(key: string, call: () => Promise<T>): Promise<T> => {
  let pending = calls.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = call();
    calls.set(key, pending);
  }
  return pending;
};

export type SingleUseState<T> =
  | { status: 'pending' }
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown };

/**
 * The outcome of `call`, made once for `key` (see callOnce). `retry` sends it again: only for a call that did
 * not reach the server, or that the server did not answer.
 */
export const useSingleUseCall = <T>(key: string, call: () => Promise<T>) => {
  const [state, setState] = useState<SingleUseState<T>>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the call; attempt starts it again
  useEffect(() => {
    let current = true;
    setState({ status: 'pending' });
    callOnce(key, call).then(
      (value) => current && setState({ status: 'done', value }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => {
    calls.delete(key);
    setAttempt((count) => count + 1);
  }, [key]);
  return { state, retry };
};
