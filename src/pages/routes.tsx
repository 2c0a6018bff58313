import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { preloadable } from '../components/preloadable';
import { LaunchNow } from '../resources/service-launch/LaunchNow';
import { DOC_ROUTES } from './docs/routes';
import { PAGE_PATH } from './paths';

/** A page of the portal that is not a resource: its path, its screen, and how to load the screen ahead. */
export interface PageRoute {
  path: string;
  element: ReactElement;
  preload?: () => Promise<void>;
}

// Each screen loads when its route is first drawn, or ahead of it (see preloadable).
const OAuth2HandlerPage = preloadable(() =>
  import('./oauth2/OAuth2HandlerPage').then((module) => module.OAuth2HandlerPage),
);
const PopupResultHandlerPage = preloadable(() =>
  import('./oauth2/PopupResultHandlerPage').then((module) => module.PopupResultHandlerPage),
);
const HomePage = preloadable(() => import('./home/HomePage').then((module) => module.HomePage));
const Dashboard = preloadable(() => import('./report/Dashboard').then((module) => module.Dashboard));
const MyOrdersPage = preloadable(() =>
  import('./my-account/MyOrdersPage').then((module) => module.MyOrdersPage),
);
const MyOrderPage = preloadable(() =>
  import('./my-account/MyOrdersPage').then((module) => module.MyOrderPage),
);
const SecurityPage = preloadable(() =>
  import('./my-account/SecurityPage').then((module) => module.SecurityPage),
);
const ChangePasswordPage = preloadable(() =>
  import('./change-password/ChangePasswordPage').then((module) => module.ChangePasswordPage),
);
const ConfigurationPage = preloadable(() =>
  import('./configuration/ConfigurationPage').then((module) => module.ConfigurationPage),
);
const WizardPage = preloadable(() => import('./wizard/WizardPage').then((module) => module.WizardPage));
const FrameWizardPage = preloadable(() =>
  import('./wizard/WizardPage').then((module) => module.FrameWizardPage),
);

/**
 * Public pages: no sign-in, no signed-in frame, no react-admin app (src/Portal.tsx draws them in its
 * light shell, beside the sign-in page).
 */
export const PUBLIC_PAGES: PageRoute[] = [
  { path: PAGE_PATH.root, element: <Navigate to={PAGE_PATH.login} replace /> },
  {
    path: PAGE_PATH.oauth2Handler,
    element: <OAuth2HandlerPage failure="error.oauth2.invalidCode" />,
    preload: OAuth2HandlerPage.preload,
  },
  {
    path: PAGE_PATH.oidcCallback,
    element: <OAuth2HandlerPage failure="error.secondFactor.oidcFailed" />,
    preload: OAuth2HandlerPage.preload,
  },
  {
    path: PAGE_PATH.popupResult,
    element: <PopupResultHandlerPage />,
    preload: PopupResultHandlerPage.preload,
  },
  {
    path: PAGE_PATH.popupResultAction,
    element: <PopupResultHandlerPage />,
    preload: PopupResultHandlerPage.preload,
  },
  { path: PAGE_PATH.home, element: <HomePage />, preload: HomePage.preload },
  ...DOC_ROUTES,
];

/** Pages inside the signed-in frame, which require a session (src/App.tsx mounts them). */
export const LAYOUT_PAGES: PageRoute[] = [
  { path: PAGE_PATH.report, element: <Dashboard />, preload: Dashboard.preload },
  { path: PAGE_PATH.changePassword, element: <ChangePasswordPage />, preload: ChangePasswordPage.preload },
  { path: PAGE_PATH.myOrders, element: <MyOrdersPage />, preload: MyOrdersPage.preload },
  { path: PAGE_PATH.myOrder, element: <MyOrderPage />, preload: MyOrderPage.preload },
  { path: PAGE_PATH.mySecurity, element: <SecurityPage />, preload: SecurityPage.preload },
  { path: '/launch-now/:serviceTemplateId', element: <LaunchNow /> },
  { path: PAGE_PATH.wizard, element: <WizardPage />, preload: WizardPage.preload },
  {
    path: PAGE_PATH.configuration,
    element: <ConfigurationPage />,
    preload: ConfigurationPage.preload,
  },
  // Active Directory settings are the directories' (chosen: the spec shows nothing else of /ad-config).
  { path: PAGE_PATH.adConfig, element: <Navigate to="/ldap" replace /> },
];

/**
 * Embeddable pages (spec 01 §2 /iframe/…): signed in, without the frame, and allowed to be framed by the
 * FRAME_ANCESTORS origins (server/http/securityHeaders.ts).
 */
export const FRAME_PAGES: PageRoute[] = [
  { path: PAGE_PATH.frameWizard, element: <FrameWizardPage />, preload: FrameWizardPage.preload },
];
