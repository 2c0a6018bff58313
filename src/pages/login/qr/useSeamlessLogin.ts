import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthenticateAnswer, SeamlessApi, SeamlessRequest, SeamlessSession } from './seamlessApi';

/** docs/requirements/constants-and-limits.md: the server status is polled every 2000 ms. */
export const POLL_INTERVAL_MS = 2000;

export type SeamlessState =
  | { status: 'NONE' }
  | { status: 'INITIAL'; session: SeamlessSession }
  | { status: 'TIMEOUT' }
  | { status: 'APPROVE' }
  | { status: 'REJECT' }
  | { status: 'ERROR'; error: unknown };

/**
 * Live sessions by request: a sign-in page that is drawn again (react-admin remounts its login route once
 * the auth check settles) keeps showing the same code instead of opening a new session each time.
 */
const liveSessions = new Map<string, { session: Promise<SeamlessSession>; until: number }>();

/** Forgets the live sessions (tests start from none). */
export const forgetSeamlessSessions = () => liveSessions.clear();

const DEFAULT_LIFETIME_SEC = 120;

export interface UseSeamlessLoginOptions {
  api: SeamlessApi;
  request: SeamlessRequest;
  /** Called once the approved session has been verified. */
  onVerified: (answer: AuthenticateAnswer) => void;
  intervalMs?: number;
}

/**
 * The QR sign-in state machine (docs/requirements/portal-states.md Seamless QR session): NONE → INITIAL on initialising; the
 * status is polled while INITIAL; TIMEOUT waits for `refresh` (back to INITIAL with a new session);
 * APPROVE stops polling and verifies the session; REJECT stops polling. Unmounting stops everything.
 */
export const useSeamlessLogin = ({
  api,
  request,
  onVerified,
  intervalMs = POLL_INTERVAL_MS,
}: UseSeamlessLoginOptions) => {
  const [state, setState] = useState<SeamlessState>({ status: 'NONE' });
  const generation = useRef(0);
  const latest = useRef({ api, request, onVerified });
  latest.current = { api, request, onVerified };

  const start = useCallback(async (fresh = false) => {
    const mine = ++generation.current;
    const alive = () => generation.current === mine;
    const key = JSON.stringify(latest.current.request);
    let live = liveSessions.get(key);
    if (fresh || !live || live.until <= Date.now()) {
      // One request serves every mount that asks while it is under way, and afterwards while it lives.
      const session = latest.current.api.initSession(latest.current.request);
      const entry = { session, until: Number.POSITIVE_INFINITY };
      liveSessions.set(key, entry);
      session.then(
        (opened) => {
          entry.until = Date.now() + (opened.expiresInSec ?? DEFAULT_LIFETIME_SEC) * 1000 - 5000;
        },
        () => {
          if (liveSessions.get(key) === entry) liveSessions.delete(key);
        },
      );
      live = entry;
    }
    try {
      const session = await live.session;
      if (alive()) setState({ status: 'INITIAL', session });
    } catch (error) {
      if (alive()) setState({ status: 'ERROR', error });
    }
  }, []);

  useEffect(() => {
    void start();
    return () => {
      generation.current++;
    };
  }, [start]);

  const session = state.status === 'INITIAL' ? state.session : null;
  useEffect(() => {
    if (!session) return;
    const mine = generation.current;
    const alive = () => generation.current === mine;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    const poll = async () => {
      try {
        const status = await latest.current.api.status(session.sessionId);
        if (stopped || !alive()) return;
        if (status === 'INITIAL') return;
        stop();
        liveSessions.delete(JSON.stringify(latest.current.request));
        if (status === 'TIMEOUT' || status === 'REJECT') {
          setState({ status });
          return;
        }
        setState({ status: 'APPROVE' });
        const answer = await latest.current.api.authenticate(session);
        if (alive()) latest.current.onVerified(answer);
      } catch (error) {
        // A failed poll is only logged and retried at the next tick (docs/requirements/error-messages.md); a failed verification ends the attempt.
        if (!stopped) console.warn('seamless status request failed', error);
        if (stopped && alive()) setState({ status: 'ERROR', error });
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return stop;
  }, [session, intervalMs]);

  const refresh = useCallback(() => start(true), [start]);
  return { state, refresh };
};
