import { Admin, CustomRoutes } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { dataProvider, httpClient } from './dataProviders';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { LoginPage } from './pages/login/LoginPage';
import { PAGES } from './pages/routes';
import { sessionStore } from './session';
import { themeForPath } from './theme';

export const authProvider = createAuthProvider({ http: httpClient, store: sessionStore });

/** The portal. Routes are real paths; the theme follows the path (spec 01 §1). */
export const App = () => {
  const { pathname } = useLocation();
  return (
    <Admin
      title=""
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={Layout}
      theme={themeForPath(pathname)}
      catchAll={NotFound}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {PAGES.filter((page) => !page.layout).map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        {PAGES.filter((page) => page.layout).map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
      </CustomRoutes>
    </Admin>
  );
};
