import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { describe, expect, it, onTestFinished } from 'vitest';
import App from '../../../src/App';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { type Session, sessionStore } from '../../../src/session';
import { customerAdmin, input, refill, save, sessionUser, signIn } from '../harness';
import { API, server } from '../msw';
import { serveProfile } from './fixtures';

/** The whole signed-in portal (its frame, its menus) at `path`, Ann Lee of the customer c1 signed in. */
const renderPortal = (path: string, session: Partial<Session> = {}) => {
  signIn({
    ...customerAdmin,
    user: sessionUser({ customerId: 'c1', customerName: 'Acme Corp', mobilePhone: '+84 90 123 45 67' }),
    ...session,
  });
  server.use(http.get(`${API}/account/permission`, () => HttpResponse.json(['token-pack:view'])));
  const source = { getSession: () => sessionStore.get() };
  const authProvider = createAuthProvider({ http: createHttpClient(API, source), store: sessionStore });
  const at: { location?: Location } = {};
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (at.location = location)}>
      <RouterPageNav>
        <App authProvider={authProvider} />
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup({ delay: null }), pathname: () => at.location?.pathname };
};

/** The top bar's user menu button: react-admin names it Profile, and it shows the signed-in person's name. */
const userMenuButton = () => within(screen.getByRole('banner')).findByRole('button', { name: 'Profile' });

/** Opens the user menu and answers it (react-admin's menu-appbar; the side menu is a menu too). */
const openUserMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await userMenuButton());
  await waitFor(() => expect(document.getElementById('menu-appbar')).not.toBeNull());
  return within(document.getElementById('menu-appbar') as HTMLElement).getByRole('menu');
};

describe('My Account', () => {
  it('opens its profile at /my-account, with the tabs and the My Account menu', async () => {
    serveProfile();
    const { pathname } = renderPortal('/my-account');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(pathname()).toBe('/my-account/profile');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/report',
    );
  });

  it('offers Dashboard, My Account, the languages and Sign Out in the user menu; My Account opens the profile', async () => {
    serveProfile();
    server.use(
      http.get(`${API}/account/security/configuration/2fa`, () =>
        HttpResponse.json({ enable2fa: false, appActivated: true, devices: [] }),
      ),
    );
    const { user, pathname } = renderPortal('/my-account/security');
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(await userMenuButton()).toHaveTextContent('Ann Lee');
    const menu = await openUserMenu(user);
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Dashboard',
      'My Account',
      'Language',
      'English',
      'Tiếng Việt',
      'Sign Out',
    ]);
    expect(entries[0]).toHaveAttribute('href', '/report');
    expect(entries[2]).toHaveAttribute('aria-disabled', 'true');
    expect(entries[3]).toHaveClass('Mui-selected');
    await user.click(entries[1]);
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(pathname()).toBe('/my-account/profile');
  });

  it('speaks Vietnamese once chosen in the user menu, and keeps the choice on the account', async () => {
    serveProfile();
    const kept: unknown[] = [];
    server.use(
      http.get(`${API}/account/security/configuration/2fa`, () =>
        HttpResponse.json({ enable2fa: false, appActivated: true, devices: [] }),
      ),
      http.put(`${API}/account/locale`, async ({ request }) => {
        kept.push(await request.json());
        return HttpResponse.json({ locale: 'vi' });
      }),
    );
    // The messages are the module's: the next tests speak English again.
    onTestFinished(() => i18nProvider.changeLocale('en'));
    const { user } = renderPortal('/my-account/security');
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Tiếng Việt' }));
    expect(await screen.findByRole('heading', { name: 'Bảo mật', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('vi');
    await waitFor(() => expect(kept).toEqual([{ locale: 'vi' }]));
  });

  it('shows the new name in the top bar once the profile is saved', async () => {
    serveProfile();
    const { user } = renderPortal('/my-account/profile');
    await waitFor(() => expect(input('First name')).toHaveValue('Ann'));
    expect(await userMenuButton()).toHaveTextContent('Ann Lee');
    await refill(user, input('First name'), 'Grace');
    await save(user);
    await waitFor(async () => expect(await userMenuButton()).toHaveTextContent('Grace Lee'));
  });

  it('shows the change-password screen at /profile/change-password too, without the tabs', async () => {
    renderPortal('/profile/change-password');
    expect(await screen.findByRole('heading', { name: 'Change Password', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My Account' })).not.toBeInTheDocument();
  });

  it('shows the change-password screen under the tabs at /my-account/change-password', async () => {
    renderPortal('/my-account/change-password');
    expect(await screen.findByRole('heading', { name: 'Change Password', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Change Password', selected: true })).toBeInTheDocument();
  });

  it('leads every page to the change-password page, without the tabs, while the password must change', async () => {
    const { pathname } = renderPortal('/my-account/profile', { forceChangePassword: true });
    expect(
      await screen.findByText('For your security, choose a new password before you continue.'),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/my-account/change-password');
    expect(screen.queryByRole('navigation', { name: 'My Account' })).not.toBeInTheDocument();
  });

  it('keeps the forced change at /profile/change-password where it was opened', async () => {
    const { pathname } = renderPortal('/profile/change-password', { forceChangePassword: true });
    expect(
      await screen.findByText('For your security, choose a new password before you continue.'),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/profile/change-password');
  });
});
