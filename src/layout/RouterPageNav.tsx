import { type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { Link, UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router-dom';
import { type PageLinkProps, type PageLocation, type PageNav, PageNavProvider } from '../kit/pageNav';

/** A link of the pages shared with the sign-in page's own entry, followed by react-router. */
const RouterPageLink = ({ to, ...props }: PageLinkProps) => <Link to={to} {...props} />;

const pageLocation = ({ pathname, search, state }: PageLocation): PageLocation => ({
  pathname,
  search,
  state: state ?? null,
});

/** Those pages' view of where they are and how they go elsewhere (src/kit/pageNav.tsx): react-router's. */
export const RouterPageNav = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  // react-router's navigate changes with the address outside a data router (the tests' memory router):
  // the pages get one function all along, which calls the latest.
  const routerNavigate = useNavigate();
  const latest = useRef(routerNavigate);
  latest.current = routerNavigate;
  const navigate = useCallback<PageNav['navigate']>((to, options) => latest.current(to, options), []);
  // Where the page is now: a data router (the portal's, react-admin's test router) knows it as soon as a
  // navigation is made, however it was made (a link, a redirect), and not if a blocker held it; react-router
  // draws it later. Without one, where the page was last drawn.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const drawn = useRef(location);
  useEffect(() => {
    drawn.current = location;
  }, [location]);
  const current = useCallback(() => pageLocation(router?.state.location ?? drawn.current), [router]);
  const nav = useMemo<PageNav>(
    () => ({ location, current, navigate, Link: RouterPageLink }),
    [location, current, navigate],
  );
  return <PageNavProvider value={nav}>{children}</PageNavProvider>;
};
