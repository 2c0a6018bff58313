import { type AnchorHTMLAttributes, createContext, type MouseEvent, type Ref, useContext } from 'react';

/**
 * Where the page is and how it goes elsewhere, for the pages drawn both in the portal and on their own (the
 * sign-in page and the public frame around it). In the portal, react-router answers (src/Portal.tsx); the
 * sign-in page's own entry (src/signIn) has no router: it answers from the browser's history, and hands
 * any other address to the portal. So these pages stay small, and are the same code in both.
 */
export interface PageLocation {
  pathname: string;
  search: string;
  /** What the navigation that led here carried (react-router's location state). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface PageLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path of the portal: `/signup`, `/docs/faq`. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface PageNav {
  /** Where the page is, as it is drawn. */
  location: PageLocation;
  /**
   * Where the page is now: the last navigation's address, which `location` shows only from the next drawing
   * on. Code that answers later (a fetch, a loaded chunk) writes the address from it, so that it does not undo
   * a navigation made in between.
   */
  current: () => PageLocation;
  navigate: (to: string, options?: NavigateOptions) => void;
  Link: (props: PageLinkProps) => React.ReactNode;
}

const PageNavContext = createContext<PageNav | null>(null);

export const PageNavProvider = PageNavContext.Provider;

const usePageNav = (): PageNav => {
  const nav = useContext(PageNavContext);
  if (!nav) throw new Error('A page drawn without a PageNavProvider (src/kit/pageNav.tsx)');
  return nav;
};

export const usePageLocation = (): PageLocation => usePageNav().location;

export const usePageNavigate = (): PageNav['navigate'] => usePageNav().navigate;

/** Where the page is now, read when it is called (PageNav's `current`). */
export const useCurrentPageLocation = (): PageNav['current'] => usePageNav().current;

/**
 * The page's query parameters, and a way to change them (react-router's useSearchParams, as these pages use
 * it: the next parameters from the current ones, those of the page's last navigation even if it is not drawn
 * yet).
 */
export const usePageSearchParams = () => {
  const { location, current, navigate } = usePageNav();
  const params = new URLSearchParams(location.search);
  const setParams = (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
    const now = current();
    // The page has left for another address while it is still drawn: its parameters are not that page's.
    if (now.pathname !== location.pathname) return;
    const search = next(new URLSearchParams(now.search)).toString();
    navigate(`${now.pathname}${search ? `?${search}` : ''}`, options);
  };
  return [params, setParams] as const;
};

/** A link to a path of the portal, followed without loading the page again (MUI's `component` takes it). */
export const PageLink = (props: PageLinkProps) => {
  const { Link } = usePageNav();
  return <Link {...props} />;
};

/** Whether a click on a link is the plain one the page follows itself (not a new tab, not a download). */
export const isPlainClick = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');
