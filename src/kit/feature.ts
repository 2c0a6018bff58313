import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { type Preloadable, preloadable } from './preloadable';

/** The side menus: the provider's, a customer's, and My Account's. */
export type MenuName = 'provider' | 'customer' | 'myAccount';

/** The groups of the side menus (their titles and icons are the layout's). */
export type MenuGroupName = 'connectors' | 'settings' | 'orders' | 'myAccounts';

/** What a menu entry's visibility may depend on, beside the permissions. */
export interface MenuContext {
  /** The current scope is customer (a customer admin, or an operator inside a customer). */
  customerScope: boolean;
  /** A customer is selected (always true in customer scope). */
  customerSelected: boolean;
  /** The customer's billing support features (for example theme). */
  features: Record<string, boolean>;
}

/** Where a resource (or a page) stands in a side menu. */
export interface MenuPlacement {
  menu: MenuName;
  /** Its place: entries (and groups, at their first entry's place) are listed by it, lowest first. */
  order: number;
  group?: MenuGroupName;
  /** Shown without a permission check (its `when` still applies). */
  everyone?: boolean;
  /** A further condition on the menu context (the scope, a support feature). */
  when?: (context: MenuContext) => boolean;
}

/** A resource's texts in one language: `resources.<name>` of the catalogue (name, fields, notifications…). */
export interface ResourceTexts {
  [key: string]: string | ResourceTexts;
}

/**
 * One react-admin resource of a feature: its name (the portal's URL, as the spec names it), its screens
 * (preloadable, so that each loads with its page), its icon and record representation, its own routes
 * (react-router Routes under `/<name>/`), where it stands in the menus, and its texts.
 */
export interface PortalResource extends Pick<ResourceProps, 'recordRepresentation'> {
  name: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** Routes of the resource's own, drawn in the signed-in layout (`<Route path=":id/permission" …>`). */
  routes?: ReactElement;
  menu?: MenuPlacement | readonly MenuPlacement[];
  /** Its texts, by language (`en` is complete). */
  texts?: { en: ResourceTexts } & Partial<Record<string, ResourceTexts>>;
}

/**
 * What a feature folder's index.ts exports by default: its resources (most have one; a feature may register
 * the resources its calls need beside its own screens). The portal is built from these folders
 * (src/features.ts): App's resources, the menus and the resources' texts.
 */
export interface PortalFeature {
  resources: readonly PortalResource[];
}

/**
 * Who a resource is: its name (the portal's URL), its icon, its English texts, and how a record is named
 * where another screen shows it (react-admin's default, its `name`, when left out).
 */
export const named = (
  name: string,
  icon: ComponentType | undefined,
  texts: ResourceTexts,
  recordRepresentation?: PortalResource['recordRepresentation'],
): Pick<PortalResource, 'name' | 'icon' | 'texts' | 'recordRepresentation'> => ({
  name,
  icon,
  texts: { en: texts },
  ...(recordRepresentation === undefined ? {} : { recordRepresentation }),
});

/** A feature of these resources. */
export const defineFeature = (...resources: PortalResource[]): PortalFeature => ({ resources });

/** A menu placement or several, as a list. */
export const placementsOf = (menu: PortalResource['menu']): readonly MenuPlacement[] =>
  menu === undefined ? [] : Array.isArray(menu) ? menu : [menu as MenuPlacement];

/**
 * A screen of a feature, loaded with its page: `screen(() => import('./CustomerList'), 'CustomerList')` is the
 * module's export of that name, preloadable.
 */
export const screen = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): Preloadable<object> => preloadable(() => load().then((module) => module[name] as ComponentType<object>));

type ScreenKind = 'list' | 'create' | 'edit' | 'show';

/** A screen's kind by the end of its file's name: CustomerList, CustomerCreate, CustomerEdit, CustomerShow. */
const KINDS: readonly [string, ScreenKind][] = [
  ['List', 'list'],
  ['Create', 'create'],
  ['Edit', 'edit'],
  ['Show', 'show'],
];

/**
 * A feature's screens, from its folder's files named `<Name>List|Create|Edit|Show.tsx` (each exporting the
 * component of its name), as a lazy `import.meta.glob` finds them:
 *
 *   ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx']))
 */
export const screensOf = (
  modules: Record<string, () => Promise<unknown>>,
): Partial<Record<ScreenKind, Preloadable<object>>> =>
  Object.fromEntries(
    Object.entries(modules).flatMap(([path, load]) => {
      const name = path.replace(/^.*\/|\.tsx?$/g, '');
      const kind = KINDS.find(([suffix]) => name.endsWith(suffix))?.[1];
      return kind ? [[kind, screen(load as () => Promise<Record<string, ComponentType>>, name)]] : [];
    }),
  );
