import { lazy, type ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { DOC_ROUTES } from './docs/routes';
import { PAGE_PATH } from './paths';

/** A page of the portal that is not a resource: its path and its screen. */
export interface PageRoute {
  path: string;
  element: ReactElement;
}

// Each screen is loaded when its route is first drawn; the mount points provide the Suspense boundary.
const OAuth2HandlerPage = lazy(() =>
  import('./oauth2/OAuth2HandlerPage').then((module) => ({ default: module.OAuth2HandlerPage })),
);
const PopupResultHandlerPage = lazy(() =>
  import('./oauth2/PopupResultHandlerPage').then((module) => ({ default: module.PopupResultHandlerPage })),
);
const Dashboard = lazy(() => import('./report/Dashboard').then((module) => ({ default: module.Dashboard })));
const ChangePasswordPage = lazy(() =>
  import('./change-password/ChangePasswordPage').then((module) => ({ default: module.ChangePasswordPage })),
);

/**
 * Public pages: no sign-in, no signed-in frame, no react-admin app (src/Portal.tsx draws them in its
 * light shell, beside the sign-in page).
 */
export const PUBLIC_PAGES: PageRoute[] = [
  { path: PAGE_PATH.root, element: <Navigate to={PAGE_PATH.login} replace /> },
  { path: PAGE_PATH.oauth2Handler, element: <OAuth2HandlerPage failure="error.oauth2.invalidCode" /> },
  { path: PAGE_PATH.oidcCallback, element: <OAuth2HandlerPage failure="error.secondFactor.oidcFailed" /> },
  { path: PAGE_PATH.popupResult, element: <PopupResultHandlerPage /> },
  { path: PAGE_PATH.popupResultAction, element: <PopupResultHandlerPage /> },
  ...DOC_ROUTES,
];

/** Pages inside the signed-in frame, which require a session (src/App.tsx mounts them). */
export const LAYOUT_PAGES: PageRoute[] = [
  { path: PAGE_PATH.report, element: <Dashboard /> },
  { path: PAGE_PATH.changePassword, element: <ChangePasswordPage /> },
];
