import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import {
  AdminContext,
  Notification,
  ResourceDefinitionContextProvider,
  type ResourceDefinitions,
  TestMemoryRouter,
} from 'react-admin';
import { describe, expect, it } from 'vitest';
import { MENU_ITEMS } from '../../../src/App';
import { canAccess } from '../../../src/access/canAccess';
import { createDataProvider } from '../../../src/dataProviders';
import { i18nProvider } from '../../../src/i18n';
import { MenuItemsContext } from '../../../src/layout/menu/entries';
import { Menu } from '../../../src/layout/menu/Menu';
import { type Session, sessionStore } from '../../../src/session';
import { PROVIDER_SCREENS } from '../access/providerScreens';
import { customerAdmin, operator, operatorInside, signIn } from '../harness';
import { API, server } from '../msw';

const ALL_RESOURCES = [
  'audit',
  'account',
  'ldap',
  'subscription',
  'radius',
  'saml2',
  'saml',
  'oidc',
  'https',
  'service-launch',
  'token-pack-v2',
  'theme',
  'users',
  ...PROVIDER_SCREENS,
  'outbox',
];
const definitions: ResourceDefinitions = Object.fromEntries(
  ALL_RESOURCES.map((name) => [name, { name, hasList: true }]),
);

const CUSTOMER_PERMISSIONS = [
  'directories:view',
  'subscription:view',
  'radius:view',
  'saml:view',
  'service_instance:view',
  'token-pack:view',
  'theme:view',
  'user-management:view',
];
const PROVIDER_PERMISSIONS = [
  'customer:view',
  'service_template:view',
  'account:view',
  'asset:view',
  'role:view',
  'vos-cloud-configuration:view',
  'saml-configuration:view',
];

interface Arrange {
  session: Partial<Session>;
  permissions: string[];
  features?: Record<string, boolean> | 'fail';
  path?: string;
}

const renderMenu = ({ session, permissions, features = {}, path = '/report' }: Arrange) => {
  signIn(session);
  server.use(
    http.get(`${API}/billing/:customerId/check/support_features`, () =>
      features === 'fail'
        ? HttpResponse.json({ messageKey: 'x' }, { status: 500 })
        : HttpResponse.json(features),
    ),
  );
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    canAccess: async (params: { resource: string; action: string }) => canAccess(permissions, params),
  };
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <MenuItemsContext.Provider value={MENU_ITEMS}>
            <Menu />
          </MenuItemsContext.Provider>
          <Notification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
};

/** The labels of the menu's page entries (group toggles and the external Help aside). */
const menuLabels = async () => {
  const menu = await screen.findByRole('menu');
  await screen.findAllByRole('menuitem');
  return within(menu)
    .getAllByRole('menuitem')
    .filter((item) => item.getAttribute('href')?.startsWith('/') && item.getAttribute('target') !== '_blank')
    .map((item) => item.textContent?.trim());
};

describe('the side menu', () => {
  it('shows a customer administrator the customer menu, with Theme when the plan supports it', async () => {
    renderMenu({ session: customerAdmin, permissions: CUSTOMER_PERMISSIONS, features: { theme: true } });
    expect(await screen.findByRole('menuitem', { name: 'Themes' })).toBeInTheDocument();
    expect(await menuLabels()).toEqual([
      'Dashboard',
      'Audit Log',
      'Accounts',
      'Directories',
      'Subscriptions',
      'RADIUS',
      'SAML2.0',
      'Office 365',
      'OIDC',
      'HTTPS',
      'Services',
      'Token Packs',
      'Themes',
      'Users',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Connectors' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Connectors' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('target', '_blank');
  });

  it('hides Theme when the support features do not include it', async () => {
    renderMenu({ session: customerAdmin, permissions: CUSTOMER_PERMISSIONS, features: { theme: false } });
    expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Themes' })).not.toBeInTheDocument();
  });

  it('hides Theme without the theme permission, even when the plan supports it', async () => {
    renderMenu({
      session: customerAdmin,
      permissions: CUSTOMER_PERMISSIONS.filter((key) => key !== 'theme:view'),
      features: { theme: true },
    });
    expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Themes' })).not.toBeInTheDocument();
  });

  it('warns when the support features cannot be loaded', async () => {
    renderMenu({ session: customerAdmin, permissions: CUSTOMER_PERMISSIONS, features: 'fail' });
    expect(await screen.findByText('Error: Get Support Service Features Failed')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Themes' })).not.toBeInTheDocument();
  });

  it('asks nothing of billing while the server asks for a new password', async () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', record);
    try {
      renderMenu({
        session: { ...customerAdmin, forceChangePassword: true },
        permissions: CUSTOMER_PERMISSIONS,
        features: { theme: true },
      });
      expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
      expect(asked.filter((path) => path.endsWith('/check/support_features'))).toEqual([]);
      expect(screen.queryByRole('menuitem', { name: 'Themes' })).not.toBeInTheDocument();
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('leaves out an entry whose permission is missing', async () => {
    renderMenu({
      session: customerAdmin,
      permissions: CUSTOMER_PERMISSIONS.filter((key) => key !== 'radius:view'),
    });
    const labels = await menuLabels();
    expect(labels).not.toContain('RADIUS');
    expect(labels).toContain('SAML2.0');
    expect(labels).toContain('OIDC');
  });

  it('shows the report, audit and account entries to anyone with a customer selected', async () => {
    renderMenu({ session: customerAdmin, permissions: [] });
    expect(await menuLabels()).toEqual(['Dashboard', 'Audit Log', 'Accounts']);
  });

  it('shows an operator the provider menu', async () => {
    renderMenu({ session: operator, permissions: [...PROVIDER_PERMISSIONS, ...CUSTOMER_PERMISSIONS] });
    expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
    expect(await menuLabels()).toEqual([
      'Dashboard',
      'Customers',
      'Service Templates',
      'Accounts',
      'Permission Assets',
      'Roles',
      'Cloud Authentication Servers',
      'SAML Settings',
      'Outbox',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
  });

  it('shows an operator inside a customer the customer menu, directories included', async () => {
    renderMenu({ session: operatorInside, permissions: [...PROVIDER_PERMISSIONS, ...CUSTOMER_PERMISSIONS] });
    expect(await screen.findByRole('menuitem', { name: 'Directories' })).toBeInTheDocument();
    const labels = await menuLabels();
    expect(labels).toContain('Accounts');
    expect(labels).not.toContain('Customers');
    expect(labels).not.toContain('Roles');
  });

  it('shows the my-account menu under /my-account', async () => {
    renderMenu({ session: operator, permissions: PROVIDER_PERMISSIONS, path: '/my-account/change-password' });
    expect(await screen.findByRole('menuitem', { name: 'My Accounts' })).toBeInTheDocument();
    expect(await menuLabels()).toEqual([
      'Back to dashboard',
      'My Orders',
      'Profile',
      'Change Password',
      'Security',
    ]);
  });

  it('leads from My Account back to the dashboard, first of its entries, and to the profile', async () => {
    renderMenu({ session: customerAdmin, permissions: CUSTOMER_PERMISSIONS, path: '/my-account/profile' });
    const back = await screen.findByRole('menuitem', { name: 'Back to dashboard' });
    expect(back).toHaveAttribute('href', '/report');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toBe(back);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/my-account/profile');
  });
});
