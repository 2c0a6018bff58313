import { type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import {
  isPlainClick,
  type NavigateOptions,
  type PageLinkProps,
  type PageNav,
  usePageNavigate,
} from '../kit/pageNav';

/**
 * The sign-in page's own navigation, without a router: the browser's history for /login's own addresses
 * (another tab, the OAuth2 parameters), and the portal for any other (`leave`). Entries are written as
 * react-router writes them (`usr`: the navigation's state, `key`, `idx`), so that the portal, once it takes
 * over, reads them as its own: back and forward then go on as in the portal.
 */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const entryOf = (): HistoryEntry => (window.history.state ?? {}) as HistoryEntry;

/** Where the browser is; without a browser (a page drawn at build time), at `path` without parameters. */
const here = (path: string) =>
  typeof window === 'undefined'
    ? { pathname: path, search: '', state: null }
    : { pathname: window.location.pathname, search: window.location.search, state: entryOf().usr ?? null };

/** Writes `to` in the history, as react-router would. */
export const writeHistory = (to: string, { replace = false, state }: NavigateOptions = {}) => {
  const idx = (entryOf().idx ?? 0) + (replace ? 0 : 1);
  const entry: HistoryEntry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
};

/** A link followed by the page's navigate: its own address in place, any other by the portal. */
const HistoryLink = ({ to, onClick, ...props }: PageLinkProps) => {
  const navigate = usePageNavigate();
  return (
    <a
      href={to}
      {...props}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
};

/**
 * Where the sign-in page goes when it leaves: `to` with its options, or (the back or forward button) wherever
 * the browser now is. The portal takes the page over; once it has, its router makes the navigations.
 */
export type Leave = (to?: string, options?: NavigateOptions) => void;

/**
 * The PageNav of the sign-in page at `path`: navigations within it are the page's own; any other address is
 * handed to `leave`. Its `navigate` stays the same function while the page is drawn, as react-router's does.
 */
export const useHistoryNav = (path: string, leave: Leave): PageNav => {
  const [location, setLocation] = useState(() => here(path));
  useEffect(() => {
    // The entry the page opened in gets its index, as react-router gives it (back then counts its steps).
    const entry = entryOf();
    if (entry.idx === undefined) window.history.replaceState({ ...entry, idx: 0 }, '');
    const onPop = () => {
      if (window.location.pathname === path) setLocation(here(path));
      else leave();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [path, leave]);
  const navigate = useCallback(
    (to: string, options?: NavigateOptions) => {
      const target = new URL(to, window.location.href);
      const address = `${target.pathname}${target.search}${target.hash}`;
      if (target.pathname !== path) return leave(address, options);
      writeHistory(address, options);
      setLocation(here(path));
    },
    [path, leave],
  );
  // The browser's history is written at once: it is where the page is now.
  const current = useCallback(() => here(path), [path]);
  return useMemo<PageNav>(
    () => ({ location, current, navigate, Link: HistoryLink }),
    [location, current, navigate],
  );
};
