import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthenticateAnswer, SeamlessApi, SeamlessRequest, SeamlessSession } from './seamlessApi';

/** Spec 01 §9: the server status is polled every 2000 ms. */
export const POLL_INTERVAL_MS = 2000;

export type SeamlessState =
  | { status: 'NONE' }
  | { status: 'INITIAL'; session: SeamlessSession }
  | { status: 'TIMEOUT' }
  | { status: 'APPROVE' }
  | { status: 'REJECT' }
  | { status: 'ERROR'; error: unknown };

export interface UseSeamlessLoginOptions {
  api: SeamlessApi;
  request: SeamlessRequest;
  /** Called once the approved session has been verified. */
  onVerified: (answer: AuthenticateAnswer) => void;
  intervalMs?: number;
}

/**
 * The QR sign-in state machine (spec 01 §4 Seamless QR session): NONE → INITIAL on initialising; the
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

  const start = useCallback(async () => {
    const mine = ++generation.current;
    const alive = () => generation.current === mine;
    try {
      const session = await latest.current.api.initSession(latest.current.request);
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
        if (status === 'TIMEOUT' || status === 'REJECT') {
          setState({ status });
          return;
        }
        setState({ status: 'APPROVE' });
        const answer = await latest.current.api.authenticate(session);
        if (alive()) latest.current.onVerified(answer);
      } catch (error) {
        // A failed poll is only logged and retried at the next tick (spec 01 §8); a failed verification ends the attempt.
        if (!stopped) console.warn('seamless status request failed', error);
        if (stopped && alive()) setState({ status: 'ERROR', error });
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return stop;
  }, [session, intervalMs]);

  return { state, refresh: start };
};
