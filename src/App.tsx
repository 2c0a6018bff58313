import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Admin, type AuthProvider, CustomRoutes, Resource } from 'react-admin';
import { matchRoutes, Route, type RouteObject, useLocation } from 'react-router-dom';
import { dataProvider } from './dataProviders';
import { i18nProvider } from './i18n';
import { preloadOf } from './kit/preloadable';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { FRAME_PAGES, LAYOUT_PAGES } from './pages/routes';
import account from './resources/account';
import activationCode from './resources/activation-code';
import asset from './resources/asset';
import audit from './resources/audit';
import customer from './resources/customer';
import https from './resources/https';
import ldap from './resources/ldap';
import oidc from './resources/oidc';
import order from './resources/order';
import otp from './resources/otp';
import outbox from './resources/outbox';
import radius from './resources/radius';
import role from './resources/role';
import saml from './resources/saml';
import samlSettings from './resources/saml-settings';
import saml2 from './resources/saml2';
import serviceLaunch from './resources/service-launch';
import serviceTemplate from './resources/service-template';
import subscription from './resources/subscription';
import theme from './resources/theme';
import tokenPack from './resources/token-pack';
import users from './resources/users';
import vosCloudConfig from './resources/vos-cloud-config';
import { themeForPath } from './theme';

/** The resources, by name, in menu order. */
export const RESOURCES = {
  customer,
  'service-template': serviceTemplate,
  account,
  asset,
  role,
  'vos-cloud-config': vosCloudConfig,
  'saml-settings': samlSettings,
  outbox,
  audit,
  ldap,
  'users/keycloak': {},
  users,
  radius,
  saml2,
  saml,
  oidc,
  https,
  connectors: {},
  'service-launch': serviceLaunch,
  'service-instance': {},
  'token-pack-v2': tokenPack,
  'activation-code': activationCode,
  otp,
  'white-list-ips': {},
  theme,
  deny_service_users: {},
  seamless_service_users: {},
  order,
  subscription,
};

export interface AppProps {
  /** The portal's authProvider, shared with the sign-in page. */
  authProvider: AuthProvider;
}

/**
 * The signed-in portal: react-admin with its resources and the pages of the signed-in frame, loaded by
 * src/Portal.tsx for any path that is not public. The sign-in page is the portal's own, at /login, so
 * react-admin draws none: a visit without a session is sent there. Routes are real paths; the theme
 * follows the path (spec 01 §1).
 */
const App = ({ authProvider }: AppProps) => {
  const { pathname } = useLocation();
  return (
    <Admin
      title=""
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={themeForPath(pathname)}
      catchAll={NotFound}
      accessDenied={NotFound}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {Object.entries(RESOURCES).map(([name, resource]) => (
        <Resource key={name} name={name} {...resource} />
      ))}
      <CustomRoutes>
        {LAYOUT_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
      </CustomRoutes>
      <CustomRoutes noLayout>
        {FRAME_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
      </CustomRoutes>
    </Admin>
  );
};

export default App;

interface ResourceScreens {
  list?: unknown;
  create?: unknown;
  edit?: unknown;
  show?: unknown;
  children?: ReactNode;
}

/**
 * Where react-admin draws each screen of a resource (as ra-core's <Resource> routes them), the resource's
 * own routes (its `children`), and the pages: each with the `preload` of its screen as its handle.
 */
const SCREENS: RouteObject[] = [
  ...Object.entries(RESOURCES).flatMap(([name, resource]: [string, ResourceScreens]) => [
    { path: `/${name}/create`, handle: preloadOf(resource.create) },
    { path: `/${name}/:id/show/*`, handle: preloadOf(resource.show) },
    { path: `/${name}/:id/*`, handle: preloadOf(resource.edit) },
    { path: `/${name}/*`, handle: preloadOf(resource.list) },
    ...Children.toArray(resource.children)
      .filter((route): route is ReactElement<{ path: string; element?: ReactElement }> =>
        isValidElement(route),
      )
      .map((route) => ({
        path: `/${name}/${route.props.path}`,
        handle: preloadOf(route.props.element?.type),
      })),
  ]),
  ...[...LAYOUT_PAGES, ...FRAME_PAGES].map((page) => ({ path: page.path, handle: page.preload })),
];

/** Loads the screen drawn at `pathname`, so that the first drawing of the page does not wait for it. */
export const preloadScreen = async (pathname: string): Promise<void> => {
  const matches = matchRoutes(SCREENS, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as (() => Promise<void>) | undefined)?.()));
};
