import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { ASSET_PERMISSION_PATH, AssetPermissionPage } from './asset-permission/AssetPermissionPage';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';
import { DOC_ROUTES } from './docs/routes';
import { OAuth2HandlerPage } from './oauth2/OAuth2HandlerPage';
import { PopupResultHandlerPage } from './oauth2/PopupResultHandlerPage';
import { Dashboard } from './report/Dashboard';

/**
 * The portal's pages that are not resources. `layout: false` pages are public and drawn without the
 * signed-in frame; the others live inside it and require a session.
 */
export interface PageRoute {
  path: string;
  element: ReactElement;
  layout: boolean;
}

export const PAGES: PageRoute[] = [
  { path: '/', element: <Navigate to="/login" replace />, layout: false },
  {
    path: '/oauth2/handler',
    element: <OAuth2HandlerPage failure="error.oauth2.invalidCode" />,
    layout: false,
  },
  {
    path: '/oidc/2fa-callback',
    element: <OAuth2HandlerPage failure="error.secondFactor.oidcFailed" />,
    layout: false,
  },
  { path: '/popup-result-handler', element: <PopupResultHandlerPage />, layout: false },
  { path: '/popup-result-handler/:action', element: <PopupResultHandlerPage />, layout: false },
  { path: '/report', element: <Dashboard />, layout: true },
  { path: '/my-account/change-password', element: <ChangePasswordPage />, layout: true },
  { path: ASSET_PERMISSION_PATH, element: <AssetPermissionPage />, layout: true },
  ...DOC_ROUTES,
];

/** The paths the menus may link to. */
export const PAGE_PATHS: ReadonlySet<string> = new Set(PAGES.map((page) => page.path));
