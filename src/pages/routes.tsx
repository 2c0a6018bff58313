import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';
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
  { path: '/report', element: <Dashboard />, layout: true },
  { path: '/my-account/change-password', element: <ChangePasswordPage />, layout: true },
];

/** The paths the menus may link to. */
export const PAGE_PATHS: ReadonlySet<string> = new Set(PAGES.map((page) => page.path));
