import { Navigate } from 'react-router-dom';
import { loadCatalogue } from '../../i18n';
import { preloadable } from '../../kit/preloadable';
import { ALL_DOC_LINKS, DOCS_HOME } from '../../layout/public/docLinks';
import type { PageRoute } from '../routes';

// The pages' texts are in the whole catalogue (the first pages' part has their titles only): they load with it.
const DocsPage = preloadable(() =>
  Promise.all([import('./DocsPage'), loadCatalogue()]).then(([module]) => module.DocsPage),
);

const page = (path: string): PageRoute => ({ path, element: <DocsPage />, preload: DocsPage.preload });

/**
 * The public documentation (docs/requirements/portal-routes-and-menus.md): no layout, no sign-in. Each page of DOC_LINKS has its own
 * route; the general patterns /docs/:page/:helpModule and /docs/:page/:helpModule/:pageId, and any
 * other /docs/... path, show the page registered for the path or 'page not found' in the docs frame.
 * The documentation's screens load when a documentation page is first opened.
 */
export const DOC_ROUTES: PageRoute[] = [
  { path: '/docs', element: <Navigate to={DOCS_HOME.path} replace /> },
  ...ALL_DOC_LINKS.map((link) => page(link.path)),
  page('/docs/:page/:helpModule'),
  page('/docs/:page/:helpModule/:pageId'),
  page('/docs/*'),
];
