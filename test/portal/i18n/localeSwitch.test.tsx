import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BASE_CATALOGUES } from '../../../contract/i18n/catalogues';
import { i18nProvider } from '../../../src/i18n';
import { Portal } from '../../../src/Portal';
import { customerAdmin, sessionUser, signIn } from '../harness';
import { API, server } from '../msw';
import { serveProfile } from '../my-account/fixtures';

/** The top bar's user menu, once open. */
const userMenu = () => document.getElementById('menu-appbar');

describe('a language chosen in the user menu of the whole portal', () => {
  it('is loaded once, and a user menu opened as soon as the page speaks it stays open', async () => {
    signIn({ ...customerAdmin, user: sessionUser({ customerId: 'c1', customerName: 'Acme Corp' }) });
    serveProfile();
    // The first Vietnamese catalogue is answered at once; any further one waits until the end of the test.
    const asked: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/account/permission`, () => HttpResponse.json([])),
      http.get(`${API}/account/security/configuration/2fa`, () =>
        HttpResponse.json({ enable2fa: false, appActivated: true, devices: [] }),
      ),
      http.put(`${API}/account/locale`, () => HttpResponse.json({ locale: 'vi' })),
      http.get(`${API}/i18n/vi`, async ({ request }) => {
        asked.push(new URL(request.url).search);
        if (asked.length > 1) await held;
        return HttpResponse.json(BASE_CATALOGUES.vi);
      }),
    );
    // The messages are the module's: the next tests speak English again.
    onTestFinished(() => i18nProvider.changeLocale('en'));
    onTestFinished(release);
    const router = createMemoryRouter([{ path: '*', element: <Portal /> }], {
      initialEntries: ['/my-account/security'],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeVisible();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Profile' }));
    await waitFor(() => expect(userMenu()).not.toBeNull());
    await user.click(within(userMenu()!).getByRole('menuitem', { name: 'Tiếng Việt' }));
    expect(await screen.findByRole('heading', { name: 'Bảo mật', level: 1 })).toBeVisible();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Hồ sơ' }));
    await waitFor(() => expect(userMenu()).not.toBeNull());
    release();
    // Whatever was still under way has ended: the menu is still open, and the language was loaded once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(userMenu()!).getByRole('menuitem', { name: 'English' })).toBeVisible();
    expect(asked).toEqual(['?customerId=c1']);
  });
});
