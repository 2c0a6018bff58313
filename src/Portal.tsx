import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { type ReactNode, Suspense, useMemo, useRef, useSyncExternalStore } from 'react';
import {
  AuthContext,
  DataProviderContext,
  I18nContextProvider,
  NotificationContextProvider,
  StoreContextProvider,
} from 'react-admin';
import { matchPath, matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider, loadCatalogue } from './i18n';
import { LoadFailureBoundary } from './layout/LoadFailure';
import { PageLoading } from './layout/PageLoading';
import { PAGE_PATH } from './layout/paths';
import { PublicNotifications } from './layout/public/PublicNotifications';
import { RouterPageNav } from './layout/RouterPageNav';
import { LoginPage, preloadQrCodeLogin } from './pages/login/LoginPage';
import { loginTabOf } from './pages/login/useLoginEntry';
import { PUBLIC_PAGES } from './pages/routes';
import { authProvider, dataProvider } from './publicProviders';
import { isFramePath, isLive, sessionStore } from './session';
import { preloadSignedIn, SignedInApp } from './signedIn';
import { portalStore as store } from './store';
import { themeForPath } from './theme';

/** The public page drawn at `pathname`, if any. */
const publicPageAt = (pathname: string) => matchRoutes(PUBLIC_PAGES, pathname)?.[0]?.route;

/**
 * What the page at `location` needs before it is first drawn: its code, so that a first load shows no
 * loading state (see preloadable), and for a signed-in page the permissions. react-admin checks access
 * before a list asks for its data, and the menu shows nothing until the permissions are known: asked for
 * only once the layout and the list are drawn, they held the list's own call back by a round trip. They are
 * asked for here, alongside the code, and are at hand when the first page checks them.
 */
export const preloadFirstPage = async ({ pathname, search }: { pathname: string; search: string }) => {
  // Every page is first drawn in the browser's language, with the overrides of the moment; the catalogue
  // is asked for alongside the page's code and permissions, not before them.
  const catalogue = loadCatalogue();
  if (matchPath(PAGE_PATH.login, pathname)) {
    if (loginTabOf(new URLSearchParams(search)) === 'qr') await preloadQrCodeLogin();
    await catalogue;
    return;
  }
  const publicPage = publicPageAt(pathname);
  if (publicPage) {
    await Promise.all([catalogue, publicPage.preload?.()]);
    return;
  }
  if (!isLive(sessionStore.get())) {
    // Without a session the visitor is sent to the sign-in page (SignedInOrSignIn): its code is at hand.
    if (!isFramePath(pathname)) {
      await catalogue;
      return;
    }
  } else {
    authProvider.getPermissions?.({}).catch(() => undefined);
  }
  await Promise.all([catalogue, preloadSignedIn(pathname)]);
};

/** Whether the portal holds a session (live or just ended), as React state: it follows a sign-in, a sign-out, another tab. */
const useSessionHeld = () => useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.get()?.token);

/**
 * Any path that is not public: the signed-in portal, or without a session the sign-in page, which brings
 * the visitor back here once signed in. react-admin is not drawn without a session: its own redirection
 * to the sign-in page is a navigation, which the router runs as a transition, while its logout empties the
 * query cache at once; its still-drawn routes then asked again, failed again and navigated again, for ever
 * (a blank page, about 250 navigations a second, until this guard). A session that ends by a sign-out (here
 * or in another tab) is followed here at once, by the session store. One whose token expires while the
 * portal is drawn keeps the page drawn under the sign-in dialog (src/layout/SessionKeeper.tsx), so that
 * nothing typed is lost; one found expired when the portal is opened leads to the sign-in page.
 * Embedded screens get their session from the page that embeds them (src/pages/iframe/embedding.ts).
 */
const SignedInOrSignIn = () => {
  const { pathname, search } = useLocation();
  const held = useSessionHeld();
  const drawn = useRef(false);
  if (!(held && (drawn.current || isLive(sessionStore.get()))) && !isFramePath(pathname)) {
    drawn.current = false;
    return <Navigate to={PAGE_PATH.login} replace state={{ nextPathname: pathname, nextSearch: search }} />;
  }
  drawn.current = true;
  return <SignedInApp authProvider={authProvider} />;
};

/** What the public pages share: the baseline styles and the notifications (the app draws its own). */
const PublicShell = ({ children }: { children: ReactNode }) => (
  <NotificationContextProvider>
    <CssBaseline enableColorScheme />
    {children}
    <PublicNotifications />
  </NotificationContextProvider>
);

/**
 * The portal's first router. The sign-in page and the public pages (documentation, sign-in callbacks) are
 * drawn in a light shell holding only what they use: the theme of the path (docs/requirements/who-uses-it.md), the messages, the
 * authProvider, the store and a dataProvider that loads the data layer on its first call. These are
 * react-admin's own contexts, so the pages use react-admin's hooks as anywhere else; react-admin itself
 * (src/App.tsx) is loaded for any other path, with the same authProvider and messages. Call
 * `preloadFirstPage` before the first drawing.
 */
export const Portal = () => {
  const { pathname } = useLocation();
  const themeOptions = themeForPath(pathname);
  const theme = useMemo(() => createTheme(themeOptions), [themeOptions]);
  const publicPage = (element: ReactNode) => <PublicShell>{element}</PublicShell>;
  return (
    <ThemeProvider theme={theme}>
      <RouterPageNav>
        <StoreContextProvider value={store}>
          {/* Draws the pages again in the language chosen (react-admin's store holds it). */}
          <NotificationContextProvider>
            <I18nContextProvider value={i18nProvider}>
              <AuthContext.Provider value={authProvider}>
                <DataProviderContext.Provider value={dataProvider}>
                  {/* Pages are loaded before they are drawn, and navigations are transitions that keep the
                  current page meanwhile: this fallback only shows if a first drawing has to wait. */}
                  <LoadFailureBoundary resetKey={pathname}>
                    <Suspense fallback={<PageLoading />}>
                      <Routes>
                        <Route
                          path={PAGE_PATH.login}
                          element={publicPage(<LoginPage preloadDestination={preloadSignedIn} />)}
                        />
                        {PUBLIC_PAGES.map((page) => (
                          <Route key={page.path} path={page.path} element={publicPage(page.element)} />
                        ))}
                        {/* Any other path is a page of the signed-in portal; without a session, the sign-in page. */}
                        <Route path="*" element={<SignedInOrSignIn />} />
                      </Routes>
                    </Suspense>
                  </LoadFailureBoundary>
                </DataProviderContext.Provider>
              </AuthContext.Provider>
            </I18nContextProvider>
          </NotificationContextProvider>
        </StoreContextProvider>
      </RouterPageNav>
    </ThemeProvider>
  );
};
