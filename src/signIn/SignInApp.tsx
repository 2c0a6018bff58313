import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { type ReactNode, StrictMode, Suspense, useEffect, useState } from 'react';
import {
  AuthContext,
  DataProviderContext,
  I18nContext,
  type I18nProvider,
  NotificationContextProvider,
  StoreContextProvider,
  useNotify,
  useStore,
} from 'react-admin';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { storedLocale } from '../i18n/catalogue';
import { createPhrasesProvider } from '../i18n/phrases';
import { PageNavProvider } from '../kit/pageNav';
import { LoadFailureBoundary } from '../layout/LoadFailure';
import { PAGE_PATH } from '../layout/paths';
import { PublicNotifications } from '../layout/public/PublicNotifications';
import { LoginPage, preloadQrCodeLogin } from '../pages/login/LoginPage';
import { loginTabOf } from '../pages/login/useLoginEntry';
import { authProvider, dataProvider } from '../publicProviders';
import { portalStore } from '../store';
import { themeForPath } from '../theme';
import { type Leave, useHistoryNav, writeHistory } from './historyNav';

/** The rest of the portal: loaded when the page leads elsewhere, or ahead of it while a sign-in is under way. */
const portal = () => import('../startPortal');
type PortalRouter = Awaited<ReturnType<Awaited<ReturnType<typeof portal>>['startPortal']>>;

/** Loads the signed-in portal at `pathname` (the sign-in page's `preloadDestination`). */
const preloadPortalAt = (pathname: string) => portal().then((module) => module.preloadSignedIn(pathname));

const theme = createTheme(themeForPath(PAGE_PATH.login));

/**
 * The page's messages, in the locale its translator has loaded, from the first drawing on (react-admin's
 * I18nContextProvider draws nothing until a locale is stored, which a new visitor has not: the page drawn
 * ahead and its taking over must be the same). A language chosen in the top bar is stored, then loaded,
 * and the page drawn anew in it.
 */
const SignInMessages = ({ value, children }: { value: I18nProvider; children: ReactNode }) => {
  const [locale] = useStore('locale', value.getLocale());
  const notify = useNotify();
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (!locale || locale === value.getLocale()) return;
    Promise.resolve(value.changeLocale(locale))
      .then(() => setDrawn((times) => times + 1))
      .catch(() => notify('ra.notification.i18n_error', { type: 'error' }));
  }, [value, locale, notify]);
  return (
    <I18nContext.Provider value={value} key={drawn}>
      {children}
    </I18nContext.Provider>
  );
};

/**
 * The button pressed on the page drawn ahead before its code took it over, which did nothing then (a tab, the
 * language): src/signIn/firstScript.js notes it until it is asked. Asked as the code takes the page over:
 * React handles the clicks made from then on itself.
 */
const pressedAhead = (): HTMLElement | undefined => {
  const page = window as { portalPressedAhead?: () => Element | null };
  const pressed = page.portalPressedAhead?.();
  delete page.portalPressedAhead;
  return pressed instanceof HTMLElement ? pressed : undefined;
};

/** Presses `pressed` again once the page is taken over (after React's effects: within them it did nothing). */
const usePressAgain = (pressed: HTMLElement | undefined) =>
  useEffect(() => {
    if (!pressed) return undefined;
    const later = setTimeout(() => pressed.isConnected && pressed.click());
    return () => clearTimeout(later);
  }, [pressed]);

/**
 * The sign-in page on its own: what the portal draws at /login (src/Portal.tsx), in the same react-admin
 * contexts (messages, store, notifications, authProvider, dataProvider) and the same theme, without the
 * portal's router or react-admin's app. Any other address (a link, the page after a sign-in, the browser's
 * back button) hands the page to the portal, in the same root.
 */
export const SignInApp = ({
  i18nProvider,
  leave,
  pressed,
}: {
  i18nProvider: I18nProvider;
  leave: Leave;
  /** A button of the page drawn ahead to press again once taken over (pressedAhead). */
  pressed?: HTMLElement;
}) => {
  const nav = useHistoryNav(PAGE_PATH.login, leave);
  usePressAgain(pressed);
  return (
    <ThemeProvider theme={theme}>
      <PageNavProvider value={nav}>
        <StoreContextProvider value={portalStore}>
          <NotificationContextProvider>
            <SignInMessages value={i18nProvider}>
              <AuthContext.Provider value={authProvider}>
                <DataProviderContext.Provider value={dataProvider}>
                  <CssBaseline enableColorScheme />
                  <LoadFailureBoundary resetKey={nav.location.pathname}>
                    <Suspense fallback={null}>
                      <LoginPage preloadDestination={preloadPortalAt} />
                    </Suspense>
                  </LoadFailureBoundary>
                  <PublicNotifications />
                </DataProviderContext.Provider>
              </AuthContext.Provider>
            </SignInMessages>
          </NotificationContextProvider>
        </StoreContextProvider>
      </PageNavProvider>
    </ThemeProvider>
  );
};

/**
 * How login.html's first script found the visitor (src/signIn/firstScript.js), in `<html data-sign-in>`:
 * `ahead`, the page drawn at build time in its root is the one this visitor gets (src/signIn/prerender.tsx);
 * `browser`, it is not (a session, another language, the QR tab, other settings), and stays hidden.
 */
const SIGN_IN_DRAWN = 'signIn';

/**
 * Draws the sign-in page in `container` once its catalogue (and for the QR tab its code) is there: takes over
 * the page drawn ahead where it is this visitor's (hydrates it), else draws it anew; answers the page's root.
 * Without its catalogue, the portal takes over: it carries the English texts of its first pages.
 */
export const startSignIn = async (container: HTMLElement): Promise<Root | undefined> => {
  const i18nProvider = createPhrasesProvider();
  const drawnAhead =
    document.documentElement.dataset[SIGN_IN_DRAWN] === 'ahead' && container.firstElementChild !== null;
  let root: Root | undefined;
  /** A root drawn anew, the page drawn ahead cleared first (once hidden, it must not show again). */
  const newRoot = () => {
    if (root) return root;
    container.replaceChildren();
    delete document.documentElement.dataset[SIGN_IN_DRAWN];
    root = createRoot(container);
    return root;
  };
  // The portal takes over once, however many links are followed while its code loads: it then draws the
  // address the browser is at, and later navigations (a sign-in that ends after a link was followed) go
  // through its router. Code that cannot be loaded (a new version replaced it) is loaded anew with the page.
  let router: PortalRouter | undefined;
  let leaving = false;
  const leave: Leave = (to, options) => {
    if (to !== undefined) {
      if (router) return void router.navigate(to, options);
      writeHistory(to, options);
    }
    if (leaving) return;
    leaving = true;
    portal()
      .then((module) => module.startPortal(newRoot()))
      .then((started) => {
        router = started;
      })
      .catch(() => window.location.reload());
  };
  try {
    await Promise.all([
      i18nProvider.changeLocale(storedLocale()),
      loginTabOf(new URLSearchParams(window.location.search)) === 'qr' ? preloadQrCodeLogin() : undefined,
    ]);
  } catch {
    leave();
    return undefined;
  }
  const page = (pressed?: HTMLElement) => (
    <StrictMode>
      <SignInApp i18nProvider={i18nProvider} leave={leave} pressed={pressed} />
    </StrictMode>
  );
  const pressed = pressedAhead();
  if (!drawnAhead) {
    newRoot().render(page());
    return root;
  }
  // A page drawn ahead whose text differs all the same (a translator changed one of its texts since the
  // build) is drawn anew by React, as it would have been without it: nothing to report. (A text that only an
  // attribute shows, such as a button's name, keeps the build's until it is drawn again: React does not
  // compare attributes as it takes a page over.)
  root = hydrateRoot(container, page(pressed), { onRecoverableError: () => undefined });
  return root;
};
