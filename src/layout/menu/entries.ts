import AccountBoxIcon from '@mui/icons-material/AccountBox';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import BusinessIcon from '@mui/icons-material/Business';
import CableIcon from '@mui/icons-material/Cable';
import CloudIcon from '@mui/icons-material/Cloud';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HistoryIcon from '@mui/icons-material/History';
import HttpsIcon from '@mui/icons-material/Https';
import InventoryIcon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LockResetIcon from '@mui/icons-material/LockReset';
import PaletteIcon from '@mui/icons-material/Palette';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import RouterIcon from '@mui/icons-material/Router';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
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
  icon: ComponentType;
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

const link = (label: string, icon: ComponentType, to: string, rest: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  label,
  icon,
  to,
  ...rest,
});
const resource = (name: string, icon: ComponentType, rest: Partial<MenuLink> = {}) =>
  link(`resources.${name}.name`, icon, `/${name}`, { resource: name, ...rest });

/** Shown to anyone with a customer selected (spec: report, audit and account links). */
const always = { everyone: true, when: (context: MenuContext) => context.customerSelected };

export const customerMenu = (helpUrl: string): MenuEntry[] => [
  link('portal.menu.dashboard', DashboardIcon, '/report', { page: true }),
  resource('audit', HistoryIcon, always),
  resource('account', AdminPanelSettingsIcon, always),
  resource('ldap', FolderSharedIcon, { when: (context) => context.customerScope }),
  resource('subscription', SubscriptionsIcon),
  {
    kind: 'group',
    label: 'portal.menu.connectors',
    icon: CableIcon,
    entries: [
      resource('radius', RouterIcon),
      resource('saml2', KeyIcon),
      resource('oidc', VpnKeyIcon),
      resource('https', HttpsIcon),
    ],
  },
  resource('service-launch', RocketLaunchIcon),
  resource('token-pack-v2', InventoryIcon),
  resource('theme', PaletteIcon, { when: (context) => context.features.theme === true }),
  resource('users', PeopleIcon),
  { kind: 'external', label: 'portal.menu.help', icon: HelpOutlineIcon, href: helpUrl },
];

export const providerMenu: MenuEntry[] = [
  link('portal.menu.dashboard', DashboardIcon, '/report', { page: true }),
  resource('customer', BusinessIcon),
  resource('service-template', AppsIcon),
  resource('account', AdminPanelSettingsIcon, { when: (context) => !context.customerSelected }),
  resource('asset', DnsIcon),
  resource('role', SecurityIcon),
  {
    kind: 'group',
    label: 'portal.menu.settings',
    icon: SettingsIcon,
    entries: [resource('vos-cloud-config', CloudIcon), resource('saml-settings', KeyIcon)],
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
