import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type PageLinkProps, type PageNav, PageNavProvider } from '../kit/pageNav';

/** A link of the pages shared with the sign-in page's own entry, followed by react-router. */
const RouterPageLink = ({ to, ...props }: PageLinkProps) => <Link to={to} {...props} />;

/** Those pages' view of where they are and how they go elsewhere (src/kit/pageNav.tsx): react-router's. */
export const RouterPageNav = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  // react-router's navigate changes with the address outside a data router (the tests' memory router):
  // the pages get one function all along, which calls the latest.
  const routerNavigate = useNavigate();
  const latest = useRef(routerNavigate);
  latest.current = routerNavigate;
  const navigate = useCallback<PageNav['navigate']>((to, options) => latest.current(to, options), []);
  const nav = useMemo<PageNav>(() => ({ location, navigate, Link: RouterPageLink }), [location, navigate]);
  return <PageNavProvider value={nav}>{children}</PageNavProvider>;
};
