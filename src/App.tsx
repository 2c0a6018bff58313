import { Children, isValidElement, lazy, type ReactElement, useEffect, useState } from 'react';
import { Admin, type AuthProvider, CustomRoutes } from 'react-admin';
import { matchRoutes, Route, type RouteObject, useLocation } from 'react-router-dom';
import { dataProvider } from './dataProviders';
import { PORTAL_RESOURCES } from './features';
import { i18nProvider } from './i18n';
import { resourceElement } from './kit/FeatureResources';
import { preloadOf } from './kit/preloadable';
import { Layout } from './layout/Layout';
import { MenuItemsContext, resourceMenuItems } from './layout/menu/entries';
import { NotFound } from './layout/NotFound';
import { PortalNotification } from './layout/PlacedNotification';
import { SecondFactorStepContext } from './layout/SessionKeeper';
import { PAGE_MENU_ITEMS } from './pages/menu';
import { FRAME_PAGES, LAYOUT_PAGES } from './pages/routes';
import { createQueryClient, followSession } from './queryClient';
import { portalStore } from './store';
import { themeForPath } from './theme';

/** The menus' entries: the pages' and the features' resources'. */
export const MENU_ITEMS = [...PAGE_MENU_ITEMS, ...resourceMenuItems(PORTAL_RESOURCES)];

export interface AppProps {
  /** The portal's authProvider, shared with the sign-in page. */
  authProvider: AuthProvider;
}

/**
 * The signed-in portal: react-admin with its resources and the pages of the signed-in frame, loaded by
 * src/Portal.tsx for any path that is not public. The sign-in page is the portal's own, at /login, so
 * react-admin draws none: a visit without a session is sent there. Routes are real paths; the theme
 * follows the path (docs/requirements/who-uses-it.md).
 */
/** The sign-in page's second-factor step, for the sign-in dialog of an ended session (loaded when needed). */
const SecondFactorStep = lazy(() =>
  import('./pages/login/secondFactor/SecondFactorStep').then((module) => ({
    default: module.SecondFactorStep,
  })),
);

const App = ({ authProvider }: AppProps) => {
  const { pathname } = useLocation();
  // A cache of its own each time the signed-in app is drawn (after each sign-in), as react-admin's own.
  const [queryClient] = useState(() => createQueryClient());
  useEffect(() => followSession(queryClient), [queryClient]);
  return (
    <MenuItemsContext.Provider value={MENU_ITEMS}>
      <SecondFactorStepContext.Provider value={SecondFactorStep}>
        <Admin
          title=""
          dataProvider={dataProvider}
          queryClient={queryClient}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          store={portalStore}
          layout={Layout}
          notification={PortalNotification}
          theme={themeForPath(pathname)}
          catchAll={NotFound}
          accessDenied={NotFound}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          {PORTAL_RESOURCES.map(resourceElement)}
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
      </SecondFactorStepContext.Provider>
    </MenuItemsContext.Provider>
  );
};

export default App;

/**
 * Where react-admin draws each screen of a resource (as ra-core's <Resource> routes them), the resource's
 * own routes (its `children`), and the pages: each with the `preload` of its screen as its handle.
 */
const SCREENS: RouteObject[] = [
  ...PORTAL_RESOURCES.flatMap(({ name, ...resource }) => [
    { path: `/${name}/create`, handle: preloadOf(resource.create) },
    { path: `/${name}/:id/show/*`, handle: preloadOf(resource.show) },
    { path: `/${name}/:id/*`, handle: preloadOf(resource.edit) },
    { path: `/${name}/*`, handle: preloadOf(resource.list) },
    ...Children.toArray(resource.routes)
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
