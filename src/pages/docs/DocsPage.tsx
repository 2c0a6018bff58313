import { useLocation } from 'react-router-dom';
import { findDocLink } from '../../layout/public/docLinks';
import { DocArticle } from './DocArticle';
import { DocNotFound } from './DocNotFound';
import { DocsFrame } from './DocsFrame';

/** Any /docs/... path: the page registered in DOC_LINKS for it, or 'page not found', in the docs frame. */
export const DocsPage = () => {
  const { pathname } = useLocation();
  const current = findDocLink(pathname);
  return (
    <DocsFrame current={current}>
      {current ? <DocArticle key={current.id} link={current} /> : <DocNotFound path={pathname} />}
    </DocsFrame>
  );
};
