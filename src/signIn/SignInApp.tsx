import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { StrictMode, Suspense } from 'react';
import {
  AuthContext,
  DataProviderContext,
  I18nContextProvider,
  type I18nProvider,
  NotificationContextProvider,
  StoreContextProvider,
} from 'react-admin';
import type { Root } from 'react-dom/client';
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
 * The sign-in page on its own: what the portal draws at /login (src/Portal.tsx), in the same react-admin
 * contexts (messages, store, notifications, authProvider, dataProvider) and the same theme, without the
 * portal's router or react-admin's app. Any other address (a link, the page after a sign-in, the browser's
 * back button) hands the page to the portal, in the same root.
 */
const SignInApp = ({ i18nProvider, leave }: { i18nProvider: I18nProvider; leave: Leave }) => {
  const nav = useHistoryNav(PAGE_PATH.login, leave);
  return (
    <ThemeProvider theme={theme}>
      <PageNavProvider value={nav}>
        <StoreContextProvider value={portalStore}>
          <NotificationContextProvider>
            <I18nContextProvider value={i18nProvider}>
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
            </I18nContextProvider>
          </NotificationContextProvider>
        </StoreContextProvider>
      </PageNavProvider>
    </ThemeProvider>
  );
};

/**
 * Draws the sign-in page in `root` once its catalogue (and for the QR tab its code) is there. Without its
 * catalogue, the portal takes over: it carries the English texts of its first pages.
 */
export const startSignIn = async (root: Root) => {
  const i18nProvider = createPhrasesProvider();
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
      .then((module) => module.startPortal(root))
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
    return;
  }
  root.render(
    <StrictMode>
      <SignInApp i18nProvider={i18nProvider} leave={leave} />
    </StrictMode>,
  );
};
