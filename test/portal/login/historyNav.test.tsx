import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  PageLink,
  PageNavProvider,
  usePageLocation,
  usePageNavigate,
  usePageSearchParams,
} from '../../../src/kit/pageNav';
import { useHistoryNav, writeHistory } from '../../../src/signIn/historyNav';

/** The sign-in page's own navigation (no router): its address in place, any other handed to the portal. */
const Where = () => {
  const { pathname, search } = usePageLocation();
  const [, setParams] = usePageSearchParams();
  return (
    <>
      <p>at {`${pathname}${search}`}</p>
      <button
        type="button"
        onClick={() =>
          setParams((params) => {
            params.set('tab', 'qr');
            return params;
          })
        }
      >
        QR
      </button>
      <PageLink to="/signup">Sign up</PageLink>
    </>
  );
};

const Page = ({ leave }: { leave: () => void }) => (
  <PageNavProvider value={useHistoryNav('/login', leave)}>
    <Where />
  </PageNavProvider>
);

describe("the sign-in page's own navigation", () => {
  it('changes its own address in place, and hands any other to the portal', async () => {
    window.history.replaceState(null, '', '/login?client_id=web');
    const leave = vi.fn();
    render(<Page leave={leave} />);
    const user = userEvent.setup();
    expect(screen.getByText('at /login?client_id=web')).toBeInTheDocument();
    // The entry the page opened in gets react-router's first index.
    expect(window.history.state).toMatchObject({ idx: 0 });

    await user.click(screen.getByRole('button', { name: 'QR' }));
    expect(screen.getByText('at /login?client_id=web&tab=qr')).toBeInTheDocument();
    expect(window.location.search).toBe('?client_id=web&tab=qr');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(leave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(leave).toHaveBeenCalledExactlyOnceWith('/signup', undefined);
    // Writing the address is the portal's hand-over's (writeHistory, or the portal's router once it runs).
    expect(window.location.pathname).toBe('/login');
  });

  it('writes an address in the history as react-router does: the state, a key and the next index', () => {
    window.history.replaceState({ idx: 3 }, '', '/login');
    writeHistory('/signup', { state: { from: 'login' } });
    expect(window.location.pathname).toBe('/signup');
    expect(window.history.state).toMatchObject({ usr: { from: 'login' }, idx: 4 });
    expect(typeof window.history.state.key).toBe('string');
    writeHistory('/forgot-password', { replace: true });
    expect(window.history.state).toMatchObject({ usr: null, idx: 4 });
  });

  it('gives the page one navigate function while it is drawn, whatever its address', async () => {
    window.history.replaceState(null, '', '/login');
    const seen = new Set<unknown>();
    const Watch = () => {
      seen.add(usePageNavigate());
      return null;
    };
    const leave = vi.fn();
    const Watched = () => (
      <PageNavProvider value={useHistoryNav('/login', leave)}>
        <Where />
        <Watch />
      </PageNavProvider>
    );
    render(<Watched />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'QR' }));
    expect(screen.getByText('at /login?tab=qr')).toBeInTheDocument();
    expect(seen.size).toBe(1);
  });

  it('follows the back button within the page, and leaves for another address', async () => {
    window.history.replaceState(null, '', '/report');
    window.history.pushState({ usr: { nextPathname: '/report' }, key: 'k', idx: 1 }, '', '/login');
    const leave = vi.fn();
    render(<Page leave={leave} />);
    await act(async () => {
      window.history.pushState({ idx: 2 }, '', '/login?tab=qr');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('at /login?tab=qr')).toBeInTheDocument();
    await act(async () => {
      window.history.replaceState(null, '', '/report');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(leave).toHaveBeenCalledOnce();
  });
});
