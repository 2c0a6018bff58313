import { Admin, type AuthProvider, CustomRoutes, Resource, type Store } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { dataProvider } from './dataProviders';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { LAYOUT_PAGES } from './pages/routes';
import account from './resources/account';
import asset from './resources/asset';
import customer from './resources/customer';
import role from './resources/role';
import samlSettings from './resources/saml-settings';
import serviceTemplate from './resources/service-template';
import vosCloudConfig from './resources/vos-cloud-config';
import { themeForPath } from './theme';

/** A resource page the user may not see yields no page (spec 01 §2). */
const NoPage = () => null;

export interface AppProps {
  /** The portal's authProvider, shared with the sign-in page. */
  authProvider: AuthProvider;
  /** react-admin's store, shared with the public pages. */
  store: Store;
}

/**
 * The signed-in portal: react-admin with its resources and the pages of the signed-in frame, loaded by
 * src/Portal.tsx for any path that is not public. The sign-in page is the portal's own, at /login, so
 * react-admin draws none: a visit without a session is sent there. Routes are real paths; the theme
 * follows the path (spec 01 §1).
 */
const App = ({ authProvider, store }: AppProps) => {
  const { pathname } = useLocation();
  return (
    <Admin
      title=""
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      theme={themeForPath(pathname)}
      catchAll={NotFound}
      accessDenied={NoPage}
      loginPage={false}
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
      <CustomRoutes>
        {LAYOUT_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
      </CustomRoutes>
    </Admin>
  );
};

export default App;
