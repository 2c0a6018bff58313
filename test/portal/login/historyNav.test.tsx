import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageLink, PageNavProvider, usePageLocation, usePageSearchParams } from '../../../src/kit/pageNav';
import { useHistoryNav } from '../../../src/signIn/historyNav';

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
  it('changes its own address in place, and hands any other to the portal as react-router would read it', async () => {
    window.history.replaceState(null, '', '/login?client_id=web');
    const leave = vi.fn();
    render(<Page leave={leave} />);
    const user = userEvent.setup();
    expect(screen.getByText('at /login?client_id=web')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'QR' }));
    expect(screen.getByText('at /login?client_id=web&tab=qr')).toBeInTheDocument();
    expect(window.location.search).toBe('?client_id=web&tab=qr');
    expect(leave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(leave).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe('/signup');
    // react-router's history entry: the state, a key and the index after the sign-in page's.
    expect(window.history.state).toMatchObject({ usr: null, idx: 2 });
    expect(typeof window.history.state.key).toBe('string');
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
