import AccountBoxIcon from '@mui/icons-material/AccountBox';
import CableIcon from '@mui/icons-material/Cable';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { ComponentType } from 'react';

/**
 * The side menus of spec 01 §2 as data: each entry carries its route and its access rule.
 * - `resource`: a react-admin resource; shown when it is registered and `canAccess({resource, action:'list'})`
 *   (unless `everyone`).
 * - `page`: a custom route; shown when the portal has that page.
 * - `when`: a further condition on the menu context (scope, support features).
 * A group is shown when at least one of its entries is.
 */
export interface MenuContext {
  /** The current scope is customer (a customer admin, or an operator inside a customer). */
  customerScope: boolean;
  /** A customer is selected (always true in customer scope). */
  customerSelected: boolean;
  /** The customer's billing support features (for example theme). */
  features: Record<string, boolean>;
}

export interface MenuLink {
  kind: 'link';
  label: string;
  /** A page's icon; a resource's comes from its definition (its `index.ts`). */
  icon?: ComponentType;
  to: string;
  resource?: string;
  page?: boolean;
  /** Shown without a permission check (its `when` still applies). */
  everyone?: boolean;
  when?: (context: MenuContext) => boolean;
}

export interface MenuExternal {
  kind: 'external';
  label: string;
  icon: ComponentType;
  href: string;
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  icon: ComponentType;
  entries: MenuLink[];
}

export type MenuEntry = MenuLink | MenuExternal | MenuGroup;

const link = (
  label: string,
  icon: ComponentType | undefined,
  to: string,
  rest: Partial<MenuLink> = {},
): MenuLink => ({
  kind: 'link',
  label,
  icon,
  to,
  ...rest,
});
const resource = (name: string, rest: Partial<MenuLink> = {}) =>
  link(`resources.${name}.name`, undefined, `/${name}`, { resource: name, ...rest });

/** Shown to anyone with a customer selected (spec: report, audit and account links). */
const always = { everyone: true, when: (context: MenuContext) => context.customerSelected };

export const customerMenu = (helpUrl: string): MenuEntry[] => [
  link('portal.menu.dashboard', DashboardIcon, '/report', { page: true }),
  resource('audit', always),
  resource('account', always),
  resource('ldap', { when: (context) => context.customerScope }),
  resource('subscription'),
  {
    kind: 'group',
    label: 'portal.menu.connectors',
    icon: CableIcon,
    entries: [resource('radius'), resource('saml2'), resource('saml'), resource('oidc'), resource('https')],
  },
  resource('service-launch'),
  resource('token-pack-v2'),
  resource('theme', { when: (context) => context.features.theme === true }),
  resource('users'),
  { kind: 'external', label: 'portal.menu.help', icon: HelpOutlineIcon, href: helpUrl },
];

export const providerMenu: MenuEntry[] = [
  link('portal.menu.dashboard', DashboardIcon, '/report', { page: true }),
  resource('customer'),
  resource('service-template'),
  resource('account', { when: (context) => !context.customerSelected }),
  resource('asset'),
  resource('role'),
  {
    kind: 'group',
    label: 'portal.menu.settings',
    icon: SettingsIcon,
    entries: [resource('vos-cloud-config'), resource('saml-settings'), resource('outbox')],
  },
];

export const myAccountMenu: MenuEntry[] = [
  {
    kind: 'group',
    label: 'portal.menu.orders',
    icon: ShoppingCartIcon,
    entries: [link('portal.menu.myOrders', ReceiptLongIcon, '/my-account/orders', { page: true })],
  },
  {
    kind: 'group',
    label: 'portal.menu.myAccounts',
    icon: AccountBoxIcon,
    entries: [
      link('portal.menu.profile', PersonIcon, '/my-account/profile', { page: true }),
      link('portal.menu.changePassword', LockResetIcon, '/my-account/change-password', { page: true }),
      link('portal.menu.security', SecurityIcon, '/my-account/security', { page: true }),
    ],
  },
];
