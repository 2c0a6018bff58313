import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type PageLinkProps, type PageNav, PageNavProvider } from '../kit/pageNav';

/** A link of the pages shared with the sign-in page's own entry, followed by react-router. */
const RouterPageLink = ({ to, ...props }: PageLinkProps) => <Link to={to} {...props} />;

/** Those pages' view of where they are and how they go elsewhere (src/kit/pageNav.tsx): react-router's. */
export const RouterPageNav = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<PageNav>(
    () => ({ location, navigate: (to, options) => navigate(to, options), Link: RouterPageLink }),
    [location, navigate],
  );
  return <PageNavProvider value={nav}>{children}</PageNavProvider>;
};
