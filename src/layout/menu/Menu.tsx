import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  Menu as RaMenu,
  useCanAccess,
  useCanAccessResources,
  usePermissions,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SCOPE, useSession } from '../../session';
import { buildMenu, type MenuContext, type MenuEntry, type MenuLink, useMenuItems } from './entries';
import { useSupportFeatures } from './useSupportFeatures';

const resourcesOf = (entries: MenuEntry[]): string[] =>
  entries.flatMap((entry) =>
    entry.kind === 'group'
      ? resourcesOf(entry.entries)
      : entry.kind === 'link' && entry.resource
        ? [entry.resource]
        : [],
  );

/**
 * The side menu (docs/requirements/portal-routes-and-menus.md): the my-account menu under /my-account, else the customer menu in customer
 * scope and the provider menu in provider scope, made of the entries the portal gives (MenuItemsContext:
 * the features' resources and the pages). Nothing shows until the permissions are loaded.
 */
export const Menu = () => {
  const { pathname } = useLocation();
  const session = useSession();
  const customerScope = session?.currentScope === SCOPE.CUSTOMER;
  const customerId = session?.customerId ?? null;
  // The plan's support features tell whether themes show; only those who may see themes ask (theme:view),
  // and not while the server asks for a new password (it refuses every other call then).
  const { canAccess: maySeeThemes } = useCanAccess({ resource: 'theme', action: 'list' });
  const asks = customerScope && maySeeThemes && session?.forceChangePassword !== true;
  const features = useSupportFeatures(asks ? customerId : null);
  const registered = useResourceDefinitions();
  const entries = buildMenu(
    useMenuItems(),
    pathname.includes('/my-account') ? 'myAccount' : customerScope ? 'customer' : 'provider',
  );
  const resources = resourcesOf(entries).filter((name) => name in registered);
  const { isPending: permissionsPending } = usePermissions();
  const { canAccess, isPending: accessPending } = useCanAccessResources({ action: 'list', resources });
  if (permissionsPending || (resources.length > 0 && accessPending)) return null;

  const context: MenuContext = { customerScope, customerSelected: !!customerId, features };
  const shows = (entry: MenuLink): boolean =>
    (entry.when?.(context) ?? true) &&
    (!entry.resource ||
      (entry.resource in registered && (entry.everyone === true || canAccess?.[entry.resource] === true)));

  return (
    <RaMenu>
      {entries.map((entry) => {
        if (entry.kind === 'link') return shows(entry) ? <LinkItem key={entry.to} entry={entry} /> : null;
        if (entry.kind === 'external') return <ExternalItem key={entry.href} entry={entry} />;
        const visible = entry.entries.filter(shows);
        return visible.length > 0 ? (
          <GroupItem key={entry.label} label={entry.label} icon={entry.icon} entries={visible} />
        ) : null;
      })}
    </RaMenu>
  );
};

const LinkItem = ({ entry }: { entry: MenuLink }) => {
  const translate = useTranslate();
  const definitions = useResourceDefinitions();
  // A resource's icon is its definition's (its index.ts), as react-admin's own menu does.
  const Icon = entry.icon ?? (entry.resource ? definitions[entry.resource]?.icon : undefined);
  return (
    <RaMenu.Item
      to={entry.to}
      primaryText={translate(entry.label, { smart_count: 2 })}
      leftIcon={Icon ? <Icon /> : undefined}
    />
  );
};

/** Entries that are not pages (Help, a group's heading) look like the pages not shown: never active. */
const notAPage = { color: 'text.secondary', '& .MuiListItemIcon-root': { color: 'inherit' } } as const;

const ExternalItem = ({ entry }: { entry: Extract<MenuEntry, { kind: 'external' }> }) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const Icon = entry.icon;
  const label = translate(entry.label);
  return (
    <Tooltip title={open ? '' : label} placement="right">
      <ListItemButton
        component="a"
        role="menuitem"
        href={entry.href}
        target="_blank"
        rel="noopener noreferrer"
        sx={notAPage}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </Tooltip>
  );
};

const GroupItem = ({
  label,
  icon: Icon,
  entries,
}: {
  label: string;
  icon: Extract<MenuEntry, { kind: 'group' }>['icon'];
  entries: MenuLink[];
}) => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(true);
  const text = translate(label);
  return (
    <>
      <ListItemButton
        role="menuitem"
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        sx={notAPage}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={text} />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List component="div" role="group" disablePadding aria-label={text} sx={{ pl: 2 }}>
          {entries.map((entry) => (
            <LinkItem key={entry.to} entry={entry} />
          ))}
        </List>
      </Collapse>
    </>
  );
};
