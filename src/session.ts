import { useMemo, useSyncExternalStore } from 'react';

/**
 * The signed-in session, kept in localStorage so that it survives a reload and is shared by tabs.
 * docs/requirements/portal-entities.md: token with expiry, user, customerId, customerName, current and original scope,
 * tokenPackId and the 'buying service' marker.
 */

export const SCOPE = {
  PROVIDER: 'PROVIDER',
  CUSTOMER: 'CUSTOMER',
  VENDOR: 'VKEY',
  MY_ACC_DASHBOARD: 'MY_ACC_DASHBOARD',
} as const;
export type Scope = (typeof SCOPE)[keyof typeof SCOPE];

export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  mobilePhone?: string;
  email: string;
  roleIds: string[];
  roles: { id: string; name: string; displayName: string; scope: string }[];
  status: string;
  isCustomerRoot: boolean;
  customerId: string | null;
  customerName: string | null;
  /** The language the account keeps (null: the browser's). */
  locale?: string | null;
}

export interface Session {
  token: string;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
  /** How long the token lived when it was given (milliseconds): the notice before it ends comes at its half, at most 2 minutes before. */
  lifetimeMs?: number;
  /** Epoch milliseconds of the session's end whatever is renewed (SESSION_MAX_SEC after the password sign-in). */
  endsAt?: number;
  user?: SessionUser;
  customerId?: string | null;
  customerName?: string | null;
  originalScope?: Scope;
  currentScope?: Scope;
  tokenPackId?: string;
  /** The server asks for a new password before anything else. */
  forceChangePassword?: boolean;
  buying?: { isBuying: boolean; tierId?: string };
}

const KEY = 'portal.session';

export interface SessionStore {
  get(): Session | null;
  set(session: Session): void;
  update(patch: Partial<Session>): Session | null;
  clear(): void;
  /** Calls `listener` after every change, also those made in other tabs; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** `storage` defaults to the browser's localStorage, looked up when first used. */
export const createSessionStore = (storage?: Storage, key = KEY): SessionStore => {
  const backend = () => storage ?? window.localStorage;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get() {
      const raw = backend().getItem(key);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as Session;
      } catch {
        backend().removeItem(key);
        return null;
      }
    },
    set(session) {
      backend().setItem(key, JSON.stringify(session));
      notify();
    },
    update(patch) {
      const current = this.get();
      if (!current) return null;
      const next = { ...current, ...patch };
      this.set(next);
      return next;
    },
    clear() {
      backend().removeItem(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
};

export const isLive = (session: Session | null, now = Date.now()): session is Session =>
  !!session?.token && session.expiresAt > now;

/** The embeddable screens (docs/requirements/portal-routes-and-menus.md /iframe/…): drawn in another site's page, with a session of their own. */
export const isFramePath = (pathname: string): boolean => pathname.startsWith('/iframe/');

/** A Storage kept in memory: it lasts as long as the page. */
export const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
};

/**
 * The frame's sessionStorage, or memory when the browser refuses storage to a frame of another site (third-
 * party storage blocked): the embedding page then passes the token again when the frame reloads.
 */
const frameStorage = (): Storage => {
  try {
    const storage = window.sessionStorage;
    storage.getItem('portal.frameSession');
    return storage;
  } catch {
    return memoryStorage();
  }
};

/**
 * The portal's session. An embeddable screen keeps the session its embedding page passed it in the frame's
 * sessionStorage under a key of its own: it never reads nor replaces the portal's signed-in session.
 */
export const sessionStore =
  typeof window !== 'undefined' && isFramePath(window.location.pathname)
    ? createSessionStore(frameStorage(), 'portal.frameSession')
    : createSessionStore();

/** No session: what a page drawn ahead shows (src/signIn/prerender.tsx), and what taking it over reads. */
const NO_SESSION = () => 'null';

/** The session as React state: components re-render when it changes (sign-in, entering a customer…). */
export const useSession = (store: SessionStore = sessionStore): Session | null => {
  // A page drawn ahead (src/signIn/prerender.tsx), and the browser taking it over, draw no session: the
  // sign-in page is taken over so only without one (src/signIn/firstScript.js).
  const raw = useSyncExternalStore(store.subscribe, () => JSON.stringify(store.get()), NO_SESSION);
  return useMemo(() => JSON.parse(raw) as Session | null, [raw]);
};
