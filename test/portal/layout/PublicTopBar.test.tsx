import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n';
import { PublicTopBar } from '../../../src/layout/public/PublicTopBar';
import { sessionStore } from '../../../src/session';

const renderBar = (path = '/login') => {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider}>
        <PublicTopBar />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

describe('the public top bar', () => {
  it('offers Sign In and Sign Up when signed out, with the logo leading to /login', async () => {
    renderBar();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/docs/intro/overview');
  });

  it('shows the user menu with Dashboard, My Account and Sign Out when signed in', async () => {
    sessionStore.set({
      token: 'tok',
      expiresAt: Date.now() + 60_000,
      user: {
        id: 'a',
        username: 'ann@example.com',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        roleIds: [],
        roles: [],
        status: 'ACTIVE',
        isCustomerRoot: false,
        customerId: null,
        customerName: null,
      },
    });
    const user = renderBar();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/report');
    await user.click(screen.getByRole('button', { name: 'ann@example.com' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'My Account', 'Sign Out']);
  });

  it('lists the solutions, and opening another dropdown closes the first', async () => {
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Solutions' }));
    const solutions = await screen.findByRole('menu');
    expect(
      within(solutions)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['RADIUS', 'SAML2.0', 'OIDC']);
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
});
