import type { AuthProvider, UserIdentity } from 'react-admin';
import type { SecondFactorPending } from '../contract/session';
import type { AccessRequest } from './access/canAccess';
import { hasPermissions, type PermissionMode } from './access/hasPermissions';
import type { HttpClient } from './dataProviders/transport';
import { loadOnce } from './kit/loadOnce';
import { isFramePath, isLive, SCOPE, type Session, type SessionStore, type SessionUser } from './session';
import { sessionChannel, sessionGate } from './sessionGate';

/**
 * The access rules (the guard table reads the contracts): they come with the signed-in app's code, not the
 * sign-in page's. Loaded once for every canAccess: a list asks it for each row's buttons.
 */
const accessRules = loadOnce(() => import('./access/canAccess'));

/** docs/requirements/constants-and-limits.md. */
export const AUTH_TIMING = {
  /** A sign-in shows its loading state for about this long. */
  minLoadingMs: 1000,
  /** A returned redirectUrl is followed after this delay... */
  redirectDelayMs: 5,
  /** ...while the login promise stays pending this long. */
  redirectWaitMs: 10_000,
  /** The forced password change opens after this delay. */
  forceChangeDelayMs: 100,
  /** Permissions are cached this long. */
  permissionCacheMs: 180_000,
};

export const CHANGE_PASSWORD_PATH = '/my-account/change-password';
/** Where 'My Account' leads: its first tab, the profile. */
export const MY_ACCOUNT_PATH = '/my-account/profile';

export interface SignInAnswer {
  token: string;
  tokenExpireInSec: number;
  /** Seconds until the session ends whatever is renewed (SESSION_MAX_SEC after the password sign-in). */
  sessionExpireInSec?: number;
  account: { customerId: string | null; forceChangePassword: boolean };
  redirectUrl?: string;
}

/**
 * A sign-in request waiting for the V-Key app (contract/secondFactor.ts): what a correct password answers
 * when the account's second factor is on.
 */
export type SecondFactorRequest = SecondFactorPending['secondFactor'];

/**
 * What `login` resolves with: where to go once the session is opened, or the sign-in request the V-Key app
 * must approve first (no session yet). `redirectTo: false` keeps react-admin's useLogin where it is.
 */
export type LoginOutcome = { redirectTo: string } | { redirectTo: false; secondFactor: SecondFactorRequest };

/** Completes a sign-in request that the V-Key app approved, or with the code the app shows. */
export interface SecondFactorCompletion {
  requestId: string;
  requestSecret: string;
  /** The app's current 6-digit code, typed in instead of approving in the app. */
  code?: string;
  next?: string;
}

export interface LoginParams {
  username: string;
  password: string;
  state?: string;
  /** Where the user was going before being sent to sign in (path and query). */
  next?: string;
}

/** An authorization code from the OAuth2 or QR sign-in flows, exchanged for a session. */
export interface CodeLoginParams {
  code: string;
  clientId: string;
  redirectUri: string;
  next?: string;
}

/** The token an embedding page passes to an embeddable screen (src/pages/iframe), and the customer to enter. */
export interface EmbeddedSessionParams {
  token: string;
  /** For a provider operator's token: the customer whose data the screen shows. */
  customerId?: string;
}

/** When a token expires (its `exp` claim, epoch milliseconds), or undefined when it is not a readable JWT. */
export const tokenExpiry = (token: string): number | undefined => {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};

export interface PortalAuthProvider extends AuthProvider {
  /** Signs in with email and password: opens the session, or answers the V-Key app's sign-in request. */
  login(params: LoginParams): Promise<LoginOutcome>;
  /** Completes the sign-in request of the second factor (POST /auth/2fa/complete): opens the session. */
  completeSecondFactor(params: SecondFactorCompletion): Promise<{ redirectTo: string }>;
  /** Stay signed in: a new token of the same session, without the password (POST /auth/renew). */
  renew(): Promise<void>;
  /**
   * Signs the session's account in again with its password, once its session has ended, keeping where the
   * portal stands (the scope, the customer entered): resolves `signedIn`, or the V-Key app's sign-in request
   * when the account's second factor is on (completeSignInAgain then completes it).
   */
  signInAgain(
    password: string,
  ): Promise<{ signedIn: true } | { signedIn: false; secondFactor: SecondFactorRequest }>;
  /** Completes signInAgain's second factor (POST /auth/2fa/complete), keeping where the portal stands. */
  completeSignInAgain(params: SecondFactorCompletion): Promise<void>;
  /** Completes a sign-in from an authorization code (POST /auth/token). */
  loginWithCode(params: CodeLoginParams): Promise<{ redirectTo: string }>;
  /**
   * Opens the session of an embeddable screen from the token its embedding page passed: the account and its
   * permissions are loaded as a sign-in loads them. Rejects when the token is expired or refused.
   */
  openEmbeddedSession(params: EmbeddedSessionParams): Promise<void>;
  canAccess(params: AccessRequest): Promise<boolean>;
  getIdentity(): Promise<UserIdentity>;
  /** Permission check over several keys, OR (default) or AND. */
  hasPermissions(keys: string | readonly string[], mode?: PermissionMode): Promise<boolean>;
  /** Forgets the cached permissions and loads them again. */
  reloadPermissions(): Promise<string[]>;
  /** An operator enters a customer: the current scope becomes customer. */
  enterCustomer(customer: { id: string; name: string }): Promise<void>;
  /** Leaves the customer: clears customer id and name, scope back to provider. */
  returnToProvider(): Promise<void>;
}

export interface AuthProviderOptions {
  http: HttpClient;
  store: SessionStore;
  timing?: Partial<typeof AUTH_TIMING>;
  now?: () => number;
  /** Full-page navigation, for a redirectUrl outside the portal. */
  assignLocation?: (url: string) => void;
  /**
   * Whether the portal is drawn as an embeddable screen (default: the browser is at an /iframe/ path): its
   * sign-out does not lead to the sign-in page, which has no place in another site's page.
   */
  framed?: () => boolean;
  /** Draws the portal in the language the signed-in account keeps (its `locale`), when it keeps one. */
  applyLocale?: (locale: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Only same-site paths are followed after sign-in: never `//host` or `https://…`. */
export const safeNextPath = (next: string | null | undefined): string | undefined =>
  next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : undefined;

export const createAuthProvider = ({
  http,
  store,
  timing: timingOverrides,
  now = Date.now,
  assignLocation = (url) => window.location.assign(url),
  framed = () => isFramePath(window.location.pathname),
  applyLocale,
}: AuthProviderOptions): PortalAuthProvider => {
  const timing = { ...AUTH_TIMING, ...timingOverrides };
  let cache: { list: string[]; loadedAt: number } | null = null;
  let pending: Promise<string[]> | null = null;

  const fetchPermissions = async (): Promise<string[]> => {
    const { json } = await http<string[]>('/account/permission?flattern=1');
    cache = { list: json, loadedAt: now() };
    return json;
  };

  const permissions = (): Promise<string[]> => {
    const session = store.get();
    if (!session?.token) return Promise.resolve([]);
    // A session that has just ended keeps the page as it was under the sign-in dialog.
    if (cache && (!isLive(session, now()) || now() - cache.loadedAt < timing.permissionCacheMs))
      return Promise.resolve(cache.list);
    if (!isLive(session, now())) return Promise.resolve([]);
    pending ??= fetchPermissions().finally(() => {
      pending = null;
    });
    return pending;
  };

  const forget = () => {
    cache = null;
    pending = null;
    store.clear();
  };

  /**
   * The session opened (docs/requirements/portal-states.md), whichever way the sign-in went (password, second factor, authorization
   * code): the old session is cleared, the token with its expiry, the user and the customer id are stored,
   * the scope is set, the permissions reloaded, then the redirect.
   */
  const openSession = async (
    opened: Pick<Session, 'token' | 'expiresAt' | 'endsAt' | 'lifetimeMs'> & {
      customerId: string | null;
      forceChangePassword: boolean;
    },
    /** The customer scope, when it comes with the account rather than with the sign-in's answer. */
    scopeOf?: (user: SessionUser) => Partial<Session>,
  ): Promise<void> => {
    // The old session is replaced at once, not cleared first: another tab sees one change, a new session.
    cache = null;
    pending = null;
    const scope = opened.customerId ? SCOPE.CUSTOMER : SCOPE.PROVIDER;
    store.set({ ...opened, originalScope: scope, currentScope: scope });
    const { json: user } = await http<SessionUser>('/account/load_account_by_token', { method: 'POST' });
    store.update({ user, customerName: user.customerName, ...scopeOf?.(user) });
    if (user.locale) applyLocale?.(user.locale);
    await fetchPermissions();
    if (!framed()) sessionChannel.post({ type: 'signed-in', accountId: user.id });
  };

  /** A token's times as the session keeps them. */
  const timesOf = (answer: { tokenExpireInSec: number; sessionExpireInSec?: number }) => ({
    expiresAt: now() + answer.tokenExpireInSec * 1000,
    lifetimeMs: answer.tokenExpireInSec * 1000,
    ...(answer.sessionExpireInSec === undefined ? {} : { endsAt: now() + answer.sessionExpireInSec * 1000 }),
  });

  /** The session's account signed in again: its new token, where the portal stands kept; the other tabs told. */
  const signedInAgain = (answer: SignInAnswer, accountId: string) => {
    store.update({
      token: answer.token,
      ...timesOf(answer),
      forceChangePassword: answer.account.forceChangePassword,
    });
    cache = null;
    sessionChannel.post({ type: 'signed-in', accountId });
  };

  const sessionOpened = async (answer: SignInAnswer, next?: string): Promise<{ redirectTo: string }> => {
    const buying = store.get()?.buying;
    await openSession({
      token: answer.token,
      ...timesOf(answer),
      customerId: answer.account.customerId,
      forceChangePassword: answer.account.forceChangePassword,
    });

    if (answer.redirectUrl) {
      const url = answer.redirectUrl;
      setTimeout(() => assignLocation(url), timing.redirectDelayMs);
      await sleep(timing.redirectWaitMs);
      return { redirectTo: '/' };
    }
    const nextPath = safeNextPath(next);
    if (answer.account.forceChangePassword) {
      await sleep(timing.forceChangeDelayMs);
      const query = nextPath ? `?next=${encodeURIComponent(nextPath)}` : '';
      return { redirectTo: `${CHANGE_PASSWORD_PATH}${query}` };
    }
    if (nextPath) return { redirectTo: nextPath };
    if (buying?.isBuying && buying.tierId) {
      return { redirectTo: `/home?tierId=${encodeURIComponent(buying.tierId)}` };
    }
    return { redirectTo: '/' };
  };

  return {
    async login({ username, password, state, next }: LoginParams): Promise<LoginOutcome> {
      const [{ json: answer }] = await Promise.all([
        http<SignInAnswer | SecondFactorPending>('/auth/signin', {
          method: 'POST',
          body: JSON.stringify({ login: username.trim(), password, state }),
        }),
        sleep(timing.minLoadingMs),
      ]);
      // The second factor is on: no session until the V-Key app approves (the page takes it from here).
      if ('secondFactor' in answer) return { redirectTo: false, secondFactor: answer.secondFactor };
      return sessionOpened(answer, next);
    },

    async renew() {
      const { json: answer } = await http<SignInAnswer>('/auth/renew', { method: 'POST' });
      store.update({ token: answer.token, ...timesOf(answer) });
    },

    async signInAgain(password: string) {
      const user = store.get()?.user;
      if (!user) throw new Error('ra.auth.auth_check_error');
      const { json: answer } = await http<SignInAnswer | SecondFactorPending>('/auth/signin', {
        method: 'POST',
        body: JSON.stringify({ login: user.email, password }),
      });
      if ('secondFactor' in answer) return { signedIn: false, secondFactor: answer.secondFactor };
      signedInAgain(answer, user.id);
      return { signedIn: true };
    },

    async completeSignInAgain({ requestId, requestSecret, code }: SecondFactorCompletion) {
      const user = store.get()?.user;
      if (!user) throw new Error('ra.auth.auth_check_error');
      const { json: answer } = await http<SignInAnswer>('/auth/2fa/complete', {
        method: 'POST',
        body: JSON.stringify({ requestId, requestSecret, ...(code ? { code } : {}) }),
      });
      signedInAgain(answer, user.id);
    },

    async completeSecondFactor({ requestId, requestSecret, code, next }: SecondFactorCompletion) {
      const { json: answer } = await http<SignInAnswer>('/auth/2fa/complete', {
        method: 'POST',
        body: JSON.stringify({ requestId, requestSecret, ...(code ? { code } : {}) }),
      });
      return sessionOpened(answer, next);
    },

    async loginWithCode({ code, clientId, redirectUri, next }: CodeLoginParams) {
      const { json: answer } = await http<SignInAnswer>('/auth/token', {
        method: 'POST',
        body: JSON.stringify({ code, client_id: clientId, redirect_uri: redirectUri }),
      });
      return sessionOpened(answer, next);
    },

    async openEmbeddedSession({ token, customerId }: EmbeddedSessionParams) {
      const expiresAt = tokenExpiry(token);
      if (expiresAt === undefined || expiresAt <= now()) throw new Error('portal.frame.refused');
      // The account's own customer comes with the account: the session is opened in the provider scope,
      // then set to the account's customer, or to the customer an operator's embedding page names.
      const scopeOf = (user: SessionUser): Partial<Session> => {
        const own = user.customerId;
        const entered = own ? null : (customerId ?? null);
        return {
          customerId: own ?? entered,
          customerName: own ? user.customerName : null,
          originalScope: own ? SCOPE.CUSTOMER : SCOPE.PROVIDER,
          currentScope: own || entered ? SCOPE.CUSTOMER : SCOPE.PROVIDER,
        };
      };
      await openSession({ token, expiresAt, customerId: null, forceChangePassword: false }, scopeOf).catch(
        (error: unknown) => {
          forget();
          throw error;
        },
      );
    },

    async logout() {
      const session = store.get();
      // Told to the other tabs when this tab ends a session (theirs follow it, and tell nobody).
      const ending = !!session?.token;
      // The embedding page owns the token of an embeddable screen: it is forgotten here, not revoked.
      if (isLive(session, now()) && !framed()) {
        // Revoke the token on the server; the local session ends whatever it answers.
        await http('/auth/signout', { method: 'POST' }).catch(() => undefined);
      }
      forget();
      sessionGate.close(false);
      // An embeddable screen stays where it is and asks its embedding page for a new token.
      if (framed()) return false;
      if (ending) sessionChannel.post({ type: 'signed-out' });
    },

    async checkAuth() {
      if (isLive(store.get(), now())) return;
      const session = store.get();
      // A session that ended while the portal was drawn: the sign-in dialog, and on where the user was going.
      if (session?.token && session.user && !framed() && (await sessionGate.open())) return;
      forget();
      throw new Error('ra.auth.auth_check_error');
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        forget();
        throw error;
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const session = store.get();
      if (!session?.token || !session.user) throw new Error('ra.auth.auth_check_error');
      const { user } = session;
      const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      return { id: user.id, fullName, email: user.email };
    },

    async getPermissions() {
      return permissions();
    },

    async canAccess(params: AccessRequest) {
      const [{ canAccess }, granted] = await Promise.all([accessRules(), permissions()]);
      return canAccess(granted, params, { customerScope: store.get()?.currentScope === SCOPE.CUSTOMER });
    },

    async hasPermissions(keys, mode = 'or') {
      return hasPermissions(await permissions(), keys, mode);
    },

    async reloadPermissions() {
      cache = null;
      return permissions();
    },

    async enterCustomer({ id, name }) {
      const session = store.get();
      if (!session || session.originalScope !== SCOPE.PROVIDER) throw new Error('error.action.notallow');
      store.update({ customerId: id, customerName: name, currentScope: SCOPE.CUSTOMER });
    },

    async returnToProvider() {
      const session = store.get();
      if (!session || session.originalScope !== SCOPE.PROVIDER) throw new Error('error.action.notallow');
      store.update({ customerId: null, customerName: null, currentScope: SCOPE.PROVIDER });
    },
  };
};
