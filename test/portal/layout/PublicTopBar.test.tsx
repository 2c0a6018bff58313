import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n';
import { PublicTopBar } from '../../../src/layout/public/PublicTopBar';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { sessionStore } from '../../../src/session';
import { sessionUser } from '../harness';
import { onAPhone } from '../phone';

const renderBar = (path = '/login') => {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <RouterPageNav>
        <AdminContext i18nProvider={i18nProvider}>
          <PublicTopBar />
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

/** Opens the dropdown of this button: the texts of its items. */
const openMenu = async (user: ReturnType<typeof renderBar>, button: string) => {
  await user.click(screen.getByRole('button', { name: button }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
};

const ANN = sessionUser({ id: 'a', username: 'ann@example.com', email: 'ann@example.com' });

describe('the public top bar', () => {
  it('offers Sign In and Sign Up when signed out, with the logo leading to /login', async () => {
    renderBar();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/docs/intro/overview');
    // The drawer's button is for narrower windows (the stylesheet hides it from md up).
    expect(screen.queryByRole('button', { name: 'Open the menu' })).not.toBeInTheDocument();
  });

  it('shows the user menu with Dashboard, My Account and Sign Out when signed in', async () => {
    sessionStore.set({ token: 'tok', expiresAt: Date.now() + 3_600_000, user: ANN });
    const user = renderBar();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/report');
    expect(await openMenu(user, 'ann@example.com')).toEqual(['Dashboard', 'My Account', 'Sign Out']);
  });

  it('lists the solutions, and opening another dropdown closes the first', async () => {
    const user = renderBar();
    expect(await openMenu(user, 'Solutions')).toEqual(['RADIUS', 'SAML2.0', 'OIDC']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Guidelines' }));
    const menus = await screen.findAllByRole('menu');
    expect(menus).toHaveLength(1);
    expect(within(menus[0]).getByRole('menuitem', { name: 'GitLab (SAML2.0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solutions', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('is transparent on the sign-in page and solid elsewhere', () => {
    renderBar('/login');
    expect(screen.getByRole('banner')).toHaveAttribute('data-transparent', 'true');
  });

  it('is solid on documentation pages', () => {
    renderBar('/docs/intro/faq');
    expect(screen.getByRole('banner')).toHaveAttribute('data-transparent', 'false');
  });

  describe('on a phone (375 px)', () => {
    onAPhone();

    it('keeps one line: the menu button and the product name, Sign In and Sign Up folded into the drawer', async () => {
      const user = renderBar('/docs/intro/faq');
      const bar = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(bar).getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/login');
      expect(within(bar).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
      expect(within(bar).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
      expect(within(bar).queryByRole('button', { name: 'Solutions' })).not.toBeInTheDocument();
      // The product name gives way (to an ellipsis) rather than wrapping.
      expect(getComputedStyle(within(bar).getByText('Gateway Portal')).whiteSpace).toBe('nowrap');

      await user.click(within(bar).getByRole('button', { name: 'Open the menu' }));
      const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
      expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
      expect(within(drawer).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
      expect(within(drawer).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
      // Every entry of the drawer's lists is a list item (axe: list).
      for (const list of drawer.querySelectorAll('ul')) {
        for (const child of list.children) expect(child.tagName).toBe('LI');
      }
      await user.click(within(drawer).getByRole('button', { name: 'Setup Guides' }));
      const guides = await within(drawer).findByRole('list', { name: 'Setup Guides' });
      expect(within(guides).getByRole('link', { name: 'GitLab (SAML2.0)' })).toBeInTheDocument();
      for (const child of guides.children) expect(child.tagName).toBe('LI');
    });

    it('opens the user menu from an icon named after the user when signed in', async () => {
      sessionStore.set({ token: 'tok', expiresAt: Date.now() + 3_600_000, user: ANN });
      const user = renderBar('/docs/intro/faq');
      expect(await openMenu(user, 'ann@example.com')).toEqual(['Dashboard', 'My Account', 'Sign Out']);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Open the menu' }));
      const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
      expect(within(drawer).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    });
  });
});
