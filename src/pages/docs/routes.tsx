import { Navigate } from 'react-router-dom';
import type { PageRoute } from '../routes';
import { DocsPage } from './DocsPage';
import { ALL_DOC_LINKS, DOCS_HOME } from './links';

/**
 * The public documentation (spec 01 §2): no layout, no sign-in. Each page of DOC_LINKS has its own
 * route; the general patterns /docs/:page/:helpModule and /docs/:page/:helpModule/:pageId, and any
 * other /docs/... path, show the page registered for the path or 'page not found' in the docs frame.
 */
export const DOC_ROUTES: PageRoute[] = [
  { path: '/docs', element: <Navigate to={DOCS_HOME.path} replace />, layout: false },
  ...ALL_DOC_LINKS.map((link) => ({ path: link.path, element: <DocsPage />, layout: false })),
  { path: '/docs/:page/:helpModule', element: <DocsPage />, layout: false },
  { path: '/docs/:page/:helpModule/:pageId', element: <DocsPage />, layout: false },
  { path: '/docs/*', element: <DocsPage />, layout: false },
];
