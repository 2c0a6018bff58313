import { Alert, Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  Loading,
  type RouterBlocker,
  RouterProviderContext,
  useAuthProvider,
  useRouterProvider,
  useTranslate,
} from 'react-admin';
import { useBlocker, useNavigate } from 'react-router-dom';
import type { PortalAuthProvider } from '../../authProvider';
import { getProductName } from '../../config';
import { isFramePath, isLive, useSession } from '../../session';
import { isAllowedOrigin, READY_MESSAGE, tokenMessageOf } from './embedding';

/** How long a framed screen waits for its embedding page's token before it says it got none. */
export const FRAME_TOKEN_WAIT_MS = 3000;

/**
 * Where a link of an embedded screen leads instead of a full-portal page: the screens that have an
 * /iframe/ twin stay in the frame; any other page opens in a new tab of the portal.
 */
export const frameTwinOf = (pathname: string): string | undefined => {
  if (pathname === '/account') return '/iframe/account-list';
  if (pathname === '/users') return '/iframe/user-list';
  const ldapEdit = /^\/ldap\/([^/]+)$/.exec(pathname);
  if (ldapEdit && ldapEdit[1] !== 'create') return `/iframe/ldap-edit/${ldapEdit[1]}`;
  return undefined;
};

/** Pages of react-admin's own that end a screen rather than show one: no new tab for them. */
const SIGNED_OUT_PATHS = ['/login', '/authentication-error'];
const DENIED_PATH = '/access-denied';

type Waiting = 'waiting' | 'notEmbedded' | 'refused' | 'opening';

const isFramed = () => window.parent !== window;

/**
 * Takes the embedding page's token (see ./embedding.ts): listens to its parent, asks it for a token while
 * there is no session, and opens the session with the authProvider as a sign-in does.
 */
const useEmbeddedSession = () => {
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const live = isLive(useSession());
  const [waiting, setWaiting] = useState<Waiting>('waiting');

  useEffect(() => {
    if (!authProvider) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || !isAllowedOrigin(event.origin)) return;
      const message = tokenMessageOf(event.data);
      if (!message) return;
      setWaiting('opening');
      authProvider.openEmbeddedSession(message).then(
        () => {
          // What react-admin learnt without a session (access, permissions) is asked again.
          void queryClient.invalidateQueries({ queryKey: ['auth'] });
          setWaiting('waiting');
        },
        () => setWaiting('refused'),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [authProvider, queryClient]);

  useEffect(() => {
    if (live) return;
    if (!isFramed()) {
      setWaiting((current) => (current === 'waiting' ? 'notEmbedded' : current));
      return;
    }
    setWaiting((current) => (current === 'refused' ? current : 'waiting'));
    // No secret in it: every parent may learn that the screen waits for a token.
    window.parent.postMessage(READY_MESSAGE, '*');
    const timer = setTimeout(
      () => setWaiting((current) => (current === 'waiting' ? 'notEmbedded' : current)),
      FRAME_TOKEN_WAIT_MS,
    );
    return () => clearTimeout(timer);
  }, [live]);

  // The screen is drawn once its account and permissions are loaded, not while the session is opening.
  return { live: live && waiting !== 'opening', waiting };
};

/**
 * Keeps an embedded screen in its frame: a link to a screen with an /iframe/ twin goes there, a link to a
 * page of `reloadOn` draws the screen afresh (the form's Cancel), any other page of the portal opens in a new
 * tab (where the portal's own sign-in applies); react-admin's refusal of the screen is said in the frame.
 * The router heeds one blocker only: the screens' forms get none (see useFrameRouter).
 */
const FrameNavigation = ({
  reloadOn,
  reload,
  deny,
}: {
  reloadOn: readonly string[];
  reload: () => void;
  deny: () => void;
}) => {
  const navigate = useNavigate();
  const blocker = useBlocker(({ nextLocation }) => !isFramePath(nextLocation.pathname));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    blocker.reset();
    const twin = frameTwinOf(pathname);
    if (reloadOn.includes(pathname)) reload();
    else if (twin) navigate(twin);
    else if (pathname === DENIED_PATH) deny();
    else if (!SIGNED_OUT_PATHS.includes(pathname)) {
      window.open(new URL(`${pathname}${search}${hash}`, window.location.origin).href, '_blank', 'noopener');
    }
  }, [blocker, navigate, reloadOn, reload, deny]);
  return null;
};

const UNBLOCKED: RouterBlocker = {
  state: 'unblocked',
  reset: undefined,
  proceed: undefined,
  location: undefined,
};

/**
 * react-admin's router for the screen: the same, except that a form's warning about unsaved changes blocks
 * nothing (no navigation leaves the frame, see FrameNavigation, and the router heeds one blocker only).
 */
const useFrameRouter = () => {
  const router = useRouterProvider();
  return useMemo(() => ({ ...router, useBlocker: () => UNBLOCKED }), [router]);
};

const Message = ({ text, severity = 'info' }: { text: string; severity?: 'info' | 'error' }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity={severity}
      action={
        <Button href="/login" target="_blank" rel="noopener" size="small" color="inherit">
          {translate('portal.frame.openPortal')}
        </Button>
      }
    >
      {translate(text)}
    </Alert>
  );
};

export interface FrameScreenProps {
  /** The screen's title, translated: a compact heading, and the document's title. */
  title: string;
  /** Whether the screen shows the title as its heading (the wizard has its own). */
  heading?: boolean;
  /** Paths the screen's own links lead to that mean "start over" (a form's Cancel). */
  reloadOn?: readonly string[];
  children: ReactNode;
}

/**
 * An embeddable screen (docs/requirements/portal-routes-and-menus.md /iframe/…): no menu, no app bar, a compact title, and the session its
 * embedding page passed. Without one, a short message (never the sign-in page inside someone else's page).
 */
const NO_PATHS: readonly string[] = [];

export const FrameScreen = ({ title, heading = true, reloadOn = NO_PATHS, children }: FrameScreenProps) => {
  const translate = useTranslate();
  const { live, waiting } = useEmbeddedSession();
  const [generation, setGeneration] = useState(0);
  const [denied, setDenied] = useState(false);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const deny = useCallback(() => setDenied(true), []);
  const frameRouter = useFrameRouter();

  useEffect(() => {
    document.title = translate('portal.pageTitle', { title, productName: getProductName() });
  }, [title, translate]);

  const body = () => {
    if (denied) return <Message text="portal.frame.denied" severity="error" />;
    if (live)
      return (
        <Box key={generation}>
          <RouterProviderContext.Provider value={frameRouter}>{children}</RouterProviderContext.Provider>
          <FrameNavigation reloadOn={reloadOn} reload={reload} deny={deny} />
        </Box>
      );
    if (waiting === 'refused') return <Message text="portal.frame.refused" severity="error" />;
    if (waiting === 'notEmbedded') return <Message text="portal.frame.notEmbedded" />;
    return <Loading loadingPrimary="portal.frame.waiting" loadingSecondary="" />;
  };

  return (
    <Box component="main" sx={{ p: { xs: 1, sm: 2 } }}>
      {heading && (
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
      )}
      {body()}
    </Box>
  );
};
