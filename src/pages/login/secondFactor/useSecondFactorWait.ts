import { useEffect, useRef, useState } from 'react';
import type { SecondFactorStatus } from '../../../../contract/secondFactor';
import { publicCall } from '../qr/seamlessApi';
import { POLL_INTERVAL_MS } from '../qr/useSeamlessLogin';

/** The calls of the second step of a sign-in (contract/secondFactor.ts), made before the session is open. */
export interface SecondFactorApi {
  status(requestId: string): Promise<SecondFactorStatus>;
}

export const secondFactorApi: SecondFactorApi = {
  status: async (requestId) =>
    (await publicCall<{ status: SecondFactorStatus }>(`/auth/2fa/${encodeURIComponent(requestId)}/status`))
      .status,
};

export interface UseSecondFactorWaitOptions {
  api: SecondFactorApi;
  requestId: string;
  expiresInSec: number;
  /** Every answer other than INITIAL; TIMEOUT also when the countdown reaches zero. */
  onStatus: (status: Exclude<SecondFactorStatus, 'INITIAL'>) => void;
  /** A poll that failed (the next tick polls again). */
  onPollError: (error: unknown) => void;
  /** True while the sign-in is being completed: no poll, no expiry meanwhile. */
  busy: () => boolean;
  intervalMs?: number;
}

/**
 * Waits for the V-Key app to answer a sign-in request: its status is polled every 2000 ms (as the QR
 * sign-in's, docs/requirements/constants-and-limits.md) and its time left counted down, by the clock rather than by ticks (a hidden tab's
 * timers slow down). Unmounting stops both.
 */
export const useSecondFactorWait = ({
  api,
  requestId,
  expiresInSec,
  onStatus,
  onPollError,
  busy,
  intervalMs = POLL_INTERVAL_MS,
}: UseSecondFactorWaitOptions): { remainingSec: number } => {
  const [deadline] = useState(() => Date.now() + expiresInSec * 1000);
  const [remainingSec, setRemainingSec] = useState(Math.max(0, expiresInSec));
  const latest = useRef({ api, onStatus, onPollError, busy });
  latest.current = { api, onStatus, onPollError, busy };

  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    const poll = async () => {
      if (inFlight || latest.current.busy()) return;
      inFlight = true;
      try {
        const status = await latest.current.api.status(requestId);
        if (!stopped && status !== 'INITIAL' && !latest.current.busy()) latest.current.onStatus(status);
      } catch (error) {
        if (!stopped) latest.current.onPollError(error);
      } finally {
        inFlight = false;
      }
    };
    const count = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemainingSec(left);
      if (left === 0 && !latest.current.busy()) latest.current.onStatus('TIMEOUT');
    };
    const poller = setInterval(() => void poll(), intervalMs);
    const clock = setInterval(count, 1000);
    return () => {
      stopped = true;
      clearInterval(poller);
      clearInterval(clock);
    };
  }, [requestId, deadline, intervalMs]);

  return { remainingSec };
};

/** `m:ss`. */
export const formatRemaining = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
