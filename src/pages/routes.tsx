import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';
import { DOC_ROUTES } from './docs/routes';
import { OAuth2HandlerPage } from './oauth2/OAuth2HandlerPage';
import { PopupResultHandlerPage } from './oauth2/PopupResultHandlerPage';
import { PAGE_PATH } from './paths';
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
  { path: PAGE_PATH.root, element: <Navigate to={PAGE_PATH.login} replace />, layout: false },
  {
    path: PAGE_PATH.oauth2Handler,
    element: <OAuth2HandlerPage failure="error.oauth2.invalidCode" />,
    layout: false,
  },
  {
    path: PAGE_PATH.oidcCallback,
    element: <OAuth2HandlerPage failure="error.secondFactor.oidcFailed" />,
    layout: false,
  },
  { path: PAGE_PATH.popupResult, element: <PopupResultHandlerPage />, layout: false },
  { path: PAGE_PATH.popupResultAction, element: <PopupResultHandlerPage />, layout: false },
  { path: PAGE_PATH.report, element: <Dashboard />, layout: true },
  { path: PAGE_PATH.changePassword, element: <ChangePasswordPage />, layout: true },
  ...DOC_ROUTES,
];
