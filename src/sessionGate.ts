/**
 * The gate a signed-in page waits at when its session ends (its token expired, or a call answered 401):
 * the sign-in dialog (src/layout/SessionKeeper.tsx) is open while the gate is, and the calls that were
 * refused wait for it, to be sent again once the user has signed in (or to fail, signed out, when they
 * sign out instead). The page stays drawn under the dialog: a form keeps its values, and its failed save
 * goes through after the sign-in.
 */

type Listener = () => void;

let waiting: { promise: Promise<boolean>; settle: (signedIn: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const sessionGate = {
  /** Whether the dialog is to be shown. */
  isOpen: (): boolean => waiting !== null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Opens the gate (once, however many ask): resolves true once signed in again, false once signed out. */
  open(): Promise<boolean> {
    if (!waiting) {
      let settle!: (signedIn: boolean) => void;
      const promise = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      waiting = { promise, settle };
      notify();
    }
    return waiting.promise;
  },
  /** Closes the gate: `signedIn` sends the waiting calls again, else they fail. */
  close(signedIn: boolean): void {
    const current = waiting;
    if (!current) return;
    waiting = null;
    current.settle(signedIn);
    notify();
  },
};

/**
 * The portal's tabs of one browser tell each other of a sign-in and a sign-out (the session itself is shared
 * through localStorage): a sign-out in one signs out every tab; a sign-in in one closes the others' sign-in
 * dialogs. Undefined where the browser has no BroadcastChannel.
 */
export type SessionMessage = { type: 'signed-out' } | { type: 'signed-in'; accountId: string };

const CHANNEL = 'portal.session';

export const sessionChannel = {
  post(message: SessionMessage): void {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  },
  listen(onMessage: (message: SessionMessage) => void): () => void {
    if (typeof BroadcastChannel === 'undefined') return () => undefined;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => onMessage(event.data);
    return () => channel.close();
  },
};
