import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  PageNavProvider,
  useCurrentPageLocation,
  usePageLocation,
  usePageSearchParams,
} from '../../../src/kit/pageNav';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { useHistoryNav } from '../../../src/signIn/historyNav';

/**
 * Two changes of the address made before the page is drawn again (a tab chosen, then the answer of a fetch
 * that adds its parameters): the second starts from the first, not from the address the page was drawn at.
 */
const TwoChanges = () => {
  const { pathname, search } = usePageLocation();
  const current = useCurrentPageLocation();
  const [, setParams] = usePageSearchParams();
  const add = (name: string, value: string) =>
    setParams((params) => {
      params.set(name, value);
      return params;
    });
  return (
    <>
      <p>at {`${pathname}${search}`}</p>
      <button
        type="button"
        onClick={() => {
          add('tab', 'qr');
          // Before the page is drawn again: where it is now, not where it was drawn.
          const now = current();
          add('seen', `${now.pathname}${now.search}`);
        }}
      >
        Change twice
      </button>
    </>
  );
};

const HistoryNav = ({ children }: { children: ReactNode }) => (
  <PageNavProvider value={useHistoryNav('/login', () => undefined)}>{children}</PageNavProvider>
);

describe.each([
  [
    "react-router's",
    (page: ReactNode) => (
      <TestMemoryRouter initialEntries={['/login?client_id=web']}>
        <RouterPageNav>{page}</RouterPageNav>
      </TestMemoryRouter>
    ),
  ],
  [
    "the sign-in page's own",
    (page: ReactNode) => {
      window.history.replaceState(null, '', '/login?client_id=web');
      return <HistoryNav>{page}</HistoryNav>;
    },
  ],
])('%s page navigation', (_name, draw) => {
  it('keeps every change of the address made before the page is drawn again', async () => {
    render(draw(<TwoChanges />));
    expect(screen.getByText('at /login?client_id=web')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change twice' }));
    const seen = encodeURIComponent('/login?client_id=web&tab=qr');
    expect(await screen.findByText(`at /login?client_id=web&tab=qr&seen=${seen}`)).toBeInTheDocument();
  });
});

describe("react-router's page navigation, with navigations made without it", () => {
  /** A link's navigation (react-router's own), then a change of the parameters, before a drawing. */
  const Elsewhere = ({ to }: { to: string }) => {
    const navigate = useNavigate();
    const [, setParams] = usePageSearchParams();
    return (
      <button
        type="button"
        onClick={() => {
          navigate(to);
          setParams((params) => {
            params.set('tab', 'qr');
            return params;
          });
        }}
      >
        Follow, then change
      </button>
    );
  };
  const follow = async (to: string) => {
    let at = '';
    render(
      <TestMemoryRouter
        initialEntries={['/login?client_id=web']}
        locationCallback={(location) => {
          at = `${location.pathname}${location.search}`;
        }}
      >
        <RouterPageNav>
          <Elsewhere to={to} />
        </RouterPageNav>
      </TestMemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Follow, then change' }));
    return () => at;
  };

  it('changes the parameters of the address a link has just led to', async () => {
    const at = await follow('/login?client_id=web&state=s-1');
    await waitFor(() => expect(at()).toBe('/login?client_id=web&state=s-1&tab=qr'));
  });

  it('leaves the address alone once the page has left for another one', async () => {
    const at = await follow('/signup');
    await waitFor(() => expect(at()).toBe('/signup'));
    // Drawn again, the page is still at /signup: the sign-in page's tab was not written onto it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(at()).toBe('/signup');
  });
});
