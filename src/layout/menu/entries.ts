import AccountBoxIcon from '@mui/icons-material/AccountBox';
import CableIcon from '@mui/icons-material/Cable';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { type ComponentType, createContext, useContext } from 'react';
import {
  type MenuContext,
  type MenuGroupName,
  type MenuName,
  type MenuPlacement,
  type PortalResource,
  placementsOf,
} from '../../kit/feature';

export type { MenuContext };

/**
 * The side menus of docs/requirements/portal-routes-and-menus.md as data: each entry carries its route and its access rule.
 * - `resource`: a react-admin resource; shown when it is registered and `canAccess({resource, action:'list'})`
 *   (unless `everyone`).
 * - otherwise a page of the signed-in frame.
 * - `when`: a further condition on the menu context (scope, support features).
 * A group is shown when at least one of its entries is.
 */
export interface MenuLink {
  kind: 'link';
  label: string;
  /** A page's icon; a resource's comes from its definition (its index.ts). */
  icon?: ComponentType;
  to: string;
  resource?: string;
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

/** An entry of the menus and where it stands: the features' resources and the pages each give theirs. */
export interface MenuItem {
  placement: MenuPlacement;
  entry: MenuLink | MenuExternal;
}

/** The groups' titles and icons. */
const GROUPS: Record<MenuGroupName, { label: string; icon: ComponentType }> = {
  connectors: { label: 'portal.menu.connectors', icon: CableIcon },
  settings: { label: 'portal.menu.settings', icon: SettingsIcon },
  orders: { label: 'portal.menu.orders', icon: ShoppingCartIcon },
  myAccounts: { label: 'portal.menu.myAccounts', icon: AccountBoxIcon },
};

/** The menu entries of resources: one per placement, named `resources.<name>.name`, to `/<name>`. */
export const resourceMenuItems = (resources: readonly PortalResource[]): MenuItem[] =>
  resources.flatMap((resource) =>
    placementsOf(resource.menu).map((placement) => ({
      placement,
      entry: {
        kind: 'link' as const,
        label: `resources.${resource.name}.name`,
        to: `/${resource.name}`,
        resource: resource.name,
        everyone: placement.everyone,
        when: placement.when,
      },
    })),
  );

/** One menu: its entries by their order, each group at its first entry's place. */
export const buildMenu = (items: readonly MenuItem[], menu: MenuName): MenuEntry[] => {
  const entries: MenuEntry[] = [];
  const groups = new Map<MenuGroupName, MenuGroup>();
  const placed = items
    .filter((item) => item.placement.menu === menu)
    .sort((a, b) => a.placement.order - b.placement.order);
  for (const { placement, entry } of placed) {
    if (!placement.group || entry.kind !== 'link') {
      entries.push(entry);
      continue;
    }
    let group = groups.get(placement.group);
    if (!group) {
      group = { kind: 'group', ...GROUPS[placement.group], entries: [] };
      groups.set(placement.group, group);
      entries.push(group);
    }
    group.entries.push(entry);
  }
  return entries;
};

/** The menus' entries, given by the portal (src/App.tsx) to its layout. */
export const MenuItemsContext = createContext<readonly MenuItem[]>([]);

export const useMenuItems = () => useContext(MenuItemsContext);
