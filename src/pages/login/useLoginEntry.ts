import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { type DataProvider, DataProviderContext } from 'react-admin';
import { API_URL } from '../../config';
import { useCurrentPageLocation, usePageLocation, usePageNavigate } from '../../kit/pageNav';
import { isLive, SCOPE, sessionStore } from '../../session';

export const AUTHORIZE_PATH = `${API_URL}/authentication/oauth2/authorize/custom`;

export type LoginTab = 'qr' | 'credentials';

/** The query parameter of the sign-in page that names its open tab: `tab=qr`, or none for Credentials Login. */
export const LOGIN_TAB_PARAM = 'tab';

export const loginTabOf = (params: URLSearchParams): LoginTab =>
  params.get(LOGIN_TAB_PARAM) === 'qr' ? 'qr' : 'credentials';

/**
 * Where a signed-in visitor of /login goes (docs/requirements/portal-states.md): a provider-scope user to the dashboard; in customer
 * scope the customer's ACTIVE users are searched (page 0, page size 1): exactly one result leads to /report,
 * otherwise to /token-pack-v2 (the customer has no users yet); a failure falls back to /report.
 */
export const signedInDestination = async (dataProvider: DataProvider | null): Promise<string> => {
  const session = sessionStore.get();
  if (session?.currentScope !== SCOPE.CUSTOMER || !dataProvider) return '/report';
  try {
    const { data } = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'ACTIVE' },
    });
    return data.length === 1 ? '/report' : '/token-pack-v2';
  } catch {
    return '/report';
  }
};

/** How long one authorize answer serves the sign-in page (the server keeps its state for 10 minutes). */
const AUTHORIZED_FOR_MS = 60_000;
let authorized: { url: Promise<string>; until: number } | null = null;

/**
 * Asks the server's custom OAuth2 authorize endpoint for the portal's own client_id, redirect_uri and state,
 * and answers the /login URL it redirects to. Fetched rather than navigated to, so that a server that is down
 * gives an error on this page instead of a redirect loop. The sign-in page is drawn more than once as it
 * opens (react-admin remounts its login route), so one answer serves them all for a minute: otherwise each
 * would get its own state, and the QR code shown would change under the user. A failure is not kept.
 */
export const fetchAuthorizedLoginUrl = (): Promise<string> => {
  if (authorized && authorized.until > Date.now()) return authorized.url;
  const url = (async () => {
    const response = await fetch(AUTHORIZE_PATH, { headers: { accept: 'text/html' } });
    const target = new URL(response.url, window.location.href);
    if (!response.ok || !target.searchParams.get('client_id'))
      throw new Error('error.oauth2.authorizeFailed');
    return `${target.pathname}${target.search}`;
  })();
  const entry = { url, until: Date.now() + AUTHORIZED_FOR_MS };
  authorized = entry;
  url.catch(() => {
    if (authorized === entry) authorized = null;
  });
  return url;
};

/** Forgets the kept authorize answer (tests start from none). */
export const forgetAuthorizedLoginUrl = () => {
  authorized = null;
};

/** The sign-in URL `url` with the tab that `params` names, if any. */
const withTab = (url: string, params: URLSearchParams): string => {
  const tab = params.get(LOGIN_TAB_PARAM);
  if (!tab) return url;
  const target = new URL(url, window.location.origin);
  target.searchParams.set(LOGIN_TAB_PARAM, tab);
  return `${target.pathname}${target.search}`;
};

export type EntryState = { status: 'checking' } | { status: 'ready' } | { status: 'error'; message: string };

/**
 * What /login does when it opens: leave for the dashboard when signed in, or fetch its client_id. The page
 * it is sent to keeps the open tab. (The dataProvider is read from react-admin's context as it is given:
 * on the public pages it loads the data layer on its first call.)
 */
export const useLoginEntry = (clientId: string | null): { entry: EntryState; retry: () => void } => {
  const dataProvider = useContext(DataProviderContext);
  const navigate = usePageNavigate();
  const location = usePageLocation();
  const [entry, setEntry] = useState<EntryState>({ status: 'checking' });
  const locationState = useRef(location.state);
  const currentLocation = useCurrentPageLocation();

  const enter = useCallback(
    async (stopped: () => boolean) => {
      // The visitor may leave before the answer comes (a click on Sign up or Forgot password?): the address
      // changes at once, while this page stays drawn until the next one is loaded (navigations are
      // transitions). Sending him back to the sign-in page then would undo his click.
      const leftAt = window.location.pathname;
      const cancelled = () => stopped() || window.location.pathname !== leftAt;
      if (isLive(sessionStore.get())) {
        const destination = await signedInDestination(dataProvider);
        if (!cancelled()) navigate(destination, { replace: true });
        return;
      }
      if (clientId) {
        setEntry({ status: 'ready' });
        return;
      }
      try {
        const url = await fetchAuthorizedLoginUrl();
        // The tab as it is when the answer comes: one chosen meanwhile may not be drawn yet.
        const target = withTab(url, new URLSearchParams(currentLocation().search));
        if (!cancelled()) navigate(target, { replace: true, state: locationState.current });
      } catch {
        if (!cancelled()) setEntry({ status: 'error', message: 'error.oauth2.authorizeFailed' });
      }
    },
    [clientId, dataProvider, navigate, currentLocation],
  );

  useEffect(() => {
    let cancelled = false;
    void enter(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [enter]);

  const retry = useCallback(() => {
    setEntry({ status: 'checking' });
    void enter(() => false);
  }, [enter]);
  return { entry, retry };
};
