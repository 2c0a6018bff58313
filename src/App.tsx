import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { dataProvider, httpClient } from './dataProviders';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { LoginPage } from './pages/login/LoginPage';
import { PAGES } from './pages/routes';
import account from './resources/account';
import asset from './resources/asset';
import customer from './resources/customer';
import role from './resources/role';
import samlSettings from './resources/saml-settings';
import serviceTemplate from './resources/service-template';
import vosCloudConfig from './resources/vos-cloud-config';
import { sessionStore } from './session';
import { themeForPath } from './theme';

/** A resource page the user may not see yields no page (spec 01 §2). */
const NoPage = () => null;

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
      accessDenied={NoPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="customer" {...customer} />
      <Resource name="service-template" {...serviceTemplate} />
      <Resource name="account" {...account} />
      <Resource name="asset" {...asset} />
      <Resource name="role" {...role} />
      <Resource name="vos-cloud-config" {...vosCloudConfig} />
      <Resource name="saml-settings" {...samlSettings} />
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
