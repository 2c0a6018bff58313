/**
 * The signed-in session, kept in localStorage so that it survives a reload and is shared by tabs.
 * Spec (01 §3): token with expiry, user, customerId, customerName, current and original scope,
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
  email: string;
  roleIds: string[];
  roles: { id: string; name: string; displayName: string; scope: string }[];
  status: string;
  isCustomerRoot: boolean;
  customerId: string | null;
  customerName: string | null;
}

export interface Session {
  token: string;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
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
}

/** `storage` defaults to the browser's localStorage, looked up when first used. */
export const createSessionStore = (storage?: Storage, key = KEY): SessionStore => {
  const backend = () => storage ?? window.localStorage;
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
    },
  };
};

export const isLive = (session: Session | null, now = Date.now()): session is Session =>
  !!session?.token && session.expiresAt > now;

export const sessionStore = createSessionStore();
