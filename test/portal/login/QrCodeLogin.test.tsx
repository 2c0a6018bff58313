import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { QrCodeLogin } from '../../../src/pages/login/qr/QrCodeLogin';
import { deliver } from '../../../src/pages/login/qr/seamlessApi';
import { forgetSeamlessSessions } from '../../../src/pages/login/qr/useSeamlessLogin';
import { API, server } from '../msw';

const REQUEST = {
  clientId: 'gateway-portal-web',
  redirectUrl: 'http://localhost:3000/oauth2/handler',
  state: 's-1',
  responseMode: 'query' as const,
};
const ANSWER = {
  redirectUrl: 'http://localhost:3000/oauth2/handler',
  responseMode: 'query',
  fields: { code: 'c-1', state: 's-1' },
};

/** A seamless server whose session status the test sets; it counts the polls. */
const arrangeServer = () => {
  const seen = { inits: 0, polls: 0, authenticated: [] as unknown[] };
  let status = 'INITIAL';
  server.use(
    http.get(`${API}/v-key-seamless/init-session`, () => {
      seen.inits += 1;
      return HttpResponse.json({ sessionId: `sess-${seen.inits}`, idSignature: `sig-${seen.inits}` });
    }),
    http.get(`${API}/service-mgmt/seamless/get-request-status-by-id/:id`, () => {
      seen.polls += 1;
      return HttpResponse.json({ status });
    }),
    http.post(`${API}/v-key-seamless/authenticate`, async ({ request }) => {
      seen.authenticated.push(await request.json());
      return HttpResponse.json(ANSWER);
    }),
  );
  return {
    seen,
    setStatus: (next: string) => {
      status = next;
    },
  };
};

const renderTab = (mobile = false) => {
  const onVerified = vi.fn();
  const view = render(
    <TestMemoryRouter>
      <RouterPageNav>
        <AdminContext i18nProvider={i18nProvider}>
          <QrCodeLogin request={REQUEST} onVerified={onVerified} mobile={mobile} />
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return { onVerified, ...view };
};

/** The elements that hold room for the QR code: its 170 px and a 12 px quiet zone on each side. */
const heldForTheCode = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('*')].filter((element) => {
    const style = getComputedStyle(element);
    return style.height === '194px' || style.minHeight === '194px';
  });

/** Lets the 2000 ms polling interval fire `times` times and the answers arrive. */
const tick = async (times = 1) => {
  for (let i = 0; i < times; i++) {
    await act(() => vi.advanceTimersByTimeAsync(2000));
  }
};

describe('the QR Code Login tab', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetSeamlessSessions();
  });

  it('shows the code of a new session and polls its status every 2000 ms', async () => {
    const { seen } = arrangeServer();
    renderTab();
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
    expect(screen.getByText('Scan with V-Key app to log in', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Don't have V-Key app? Download here" })).toHaveAttribute(
      'href',
      '/docs/help/mobile-app',
    );
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(seen.polls).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(seen.polls).toBe(1));
    await tick();
    await vi.waitFor(() => expect(seen.polls).toBe(2));
  });

  it('shows the expired overlay on TIMEOUT and starts a new session on refresh', async () => {
    const { seen, setStatus } = arrangeServer();
    renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    setStatus('TIMEOUT');
    await tick();
    expect(await screen.findByText('QR code expired')).toBeInTheDocument();
    const pollsAtTimeout = seen.polls;
    await tick(2);
    expect(seen.polls).toBe(pollsAtTimeout);

    setStatus('INITIAL');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh QR Code' }));
    await vi.waitFor(() => expect(seen.inits).toBe(2));
    await vi.waitFor(() => expect(screen.queryByText('QR code expired')).not.toBeInTheDocument());
    await tick();
    await vi.waitFor(() => expect(seen.polls).toBe(pollsAtTimeout + 1));
  });

  it('stops polling on APPROVE and verifies the session once', async () => {
    const { seen, setStatus } = arrangeServer();
    const { onVerified } = renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    setStatus('APPROVE');
    await tick();
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith(ANSWER));
    expect(seen.authenticated).toEqual([{ sessionId: 'sess-1', idSignature: 'sig-1' }]);
    const polls = seen.polls;
    await tick(3);
    expect(seen.polls).toBe(polls);
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('stops polling on REJECT and says the request was rejected', async () => {
    const { seen, setStatus } = arrangeServer();
    const { onVerified } = renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    setStatus('REJECT');
    await tick();
    expect(await screen.findByText('The authentication request has been rejected.')).toBeInTheDocument();
    const polls = seen.polls;
    await tick(2);
    expect(seen.polls).toBe(polls);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('after REJECT, keeps no room for a code: the message and a way to try again, then a new code', async () => {
    const { seen, setStatus } = arrangeServer();
    const { container } = renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    // While there is a code, its area is held at the code's size with its quiet zone.
    expect(heldForTheCode(container)).not.toHaveLength(0);
    setStatus('REJECT');
    await tick();
    expect(await screen.findByText('The authentication request has been rejected.')).toBeInTheDocument();
    expect(heldForTheCode(container)).toEqual([]);
    // Nothing to scan: no prompt to scan, no code, no spinner.
    expect(screen.queryByText('Scan with V-Key app to log in')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    setStatus('INITIAL');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh QR Code' }));
    expect(await screen.findByRole('img', { name: 'Scan with V-Key app to log in' })).toBeInTheDocument();
    expect(seen.inits).toBe(2);
    expect(screen.queryByText('The authentication request has been rejected.')).not.toBeInTheDocument();
  });

  it('keeps the Refresh QR Code button on one line, on the expired code and after REJECT', async () => {
    const { setStatus } = arrangeServer();
    renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    setStatus('TIMEOUT');
    await tick();
    const onExpired = await screen.findByRole('button', { name: 'Refresh QR Code' });
    expect(getComputedStyle(onExpired).whiteSpace).toBe('nowrap');

    setStatus('INITIAL');
    await userEvent.setup().click(onExpired);
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    setStatus('REJECT');
    await tick();
    await screen.findByText('The authentication request has been rejected.');
    const afterReject = screen.getByRole('button', { name: 'Refresh QR Code' });
    expect(getComputedStyle(afterReject).whiteSpace).toBe('nowrap');
  });

  it('stops polling when the tab is left', async () => {
    const { seen } = arrangeServer();
    const { unmount } = renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    await tick();
    await vi.waitFor(() => expect(seen.polls).toBe(1));
    unmount();
    await tick(3);
    expect(seen.polls).toBe(1);
  });

  it('keeps showing the same code when the page is drawn again', async () => {
    const { seen } = arrangeServer();
    const { unmount } = renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    unmount();
    renderTab();
    await screen.findByRole('img', { name: 'Scan with V-Key app to log in' });
    expect(seen.inits).toBe(1);
  });

  it('opens one session for two mounts that ask at the same time', async () => {
    const { seen } = arrangeServer();
    renderTab();
    renderTab();
    await vi.waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Scan with V-Key app to log in' })).toHaveLength(2),
    );
    expect(seen.inits).toBe(1);
  });

  it('on a mobile device, says to tap the code, which opens the app through the deep link', async () => {
    arrangeServer();
    renderTab(true);
    const link = await screen.findByRole('link', { name: 'Tab QR code to log in with V-Key app' });
    expect(link.getAttribute('href')).toBe(
      'vkey://onboarding/seamless-login?server=http%3A%2F%2Flocalhost%3A3000&sessionId=sess-1',
    );
  });
});

describe('delivering the verified sign-in to its redirect URL', () => {
  it('appends the fields as a query string in query mode', () => {
    const assign = vi.fn();
    const doc = { location: { href: 'http://localhost:3000/login', assign } } as unknown as Document;
    deliver(
      { redirectUrl: 'https://app.example/cb?x=1', responseMode: 'query', fields: { code: 'c', state: 's' } },
      doc,
    );
    expect(assign).toHaveBeenCalledWith('https://app.example/cb?x=1&code=c&state=s');
  });

  it('posts the fields as a hidden form in form_post mode', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    deliver({
      redirectUrl: 'https://app.example/cb',
      responseMode: 'form_post',
      fields: { code: 'c', state: 's' },
    });
    const form = document.body.querySelector('form');
    expect(form?.method.toUpperCase()).toBe('POST');
    expect(form?.action).toBe('https://app.example/cb');
    expect(Object.fromEntries(new FormData(form!))).toEqual({ code: 'c', state: 's' });
    expect(submit).toHaveBeenCalledTimes(1);
    form?.remove();
    submit.mockRestore();
  });
});
