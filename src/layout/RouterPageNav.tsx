import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type PageLinkProps, type PageLocation, type PageNav, PageNavProvider } from '../kit/pageNav';

/** A link of the pages shared with the sign-in page's own entry, followed by react-router. */
const RouterPageLink = ({ to, ...props }: PageLinkProps) => <Link to={to} {...props} />;

/** Where a navigation to `to` (relative to `from`) leads. */
const addressOf = (to: string, from: PageLocation, state: unknown): PageLocation => {
  const target = new URL(to, `http://page${from.pathname}${from.search}`);
  return { pathname: target.pathname, search: target.search, state: state ?? null };
};

/** Those pages' view of where they are and how they go elsewhere (src/kit/pageNav.tsx): react-router's. */
export const RouterPageNav = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  // react-router's navigate changes with the address outside a data router (the tests' memory router):
  // the pages get one function all along, which calls the latest.
  const routerNavigate = useNavigate();
  const latest = useRef(routerNavigate);
  latest.current = routerNavigate;
  // Where the page is now: react-router draws a navigation's location later, and until then the last
  // navigation made here is where the page is. (A navigation a blocker held would count as made until the
  // page is drawn elsewhere: the pages drawn with a PageNav, the sign-in page's, have no blocker.)
  const drawn = useRef(location);
  const navigated = useRef<PageLocation | null>(null);
  if (drawn.current !== location) {
    drawn.current = location;
    navigated.current = null;
  }
  const current = useCallback(() => navigated.current ?? drawn.current, []);
  const navigate = useCallback<PageNav['navigate']>(
    (to, options) => {
      navigated.current = addressOf(to, current(), options?.state);
      latest.current(to, options);
    },
    [current],
  );
  const nav = useMemo<PageNav>(
    () => ({ location, current, navigate, Link: RouterPageLink }),
    [location, current, navigate],
  );
  return <PageNavProvider value={nav}>{children}</PageNavProvider>;
};
