import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MY_ACCOUNT_PATH } from '../../authProvider';
import { PageLink } from '../../kit/pageNav';
import { useSignOut } from './useSignOut';

/**
 * What the public top bar opens: its dropdown menus, the user menu and, on small screens, the left drawer.
 * Loaded when one of them is first pointed at or opened, not with the page.
 */

export interface NavLink {
  label: string;
  to?: string;
  href?: string;
}

export interface NavMenu {
  id: string;
  label: string;
  links: NavLink[];
}

/** Translates a key of the public navigation (the texts may name the product). */
export type NavTranslate = (key: string) => string;

export const NavMenuPanel = ({
  menu,
  anchor,
  onClose,
  t,
}: {
  menu: NavMenu;
  anchor: HTMLElement | null;
  onClose: () => void;
  t: NavTranslate;
}) => (
  <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
    {menu.links.map((link) => (
      <NavMenuItem key={link.label} link={link} onClick={onClose} label={t(link.label)} />
    ))}
  </Menu>
);

const NavMenuItem = ({ link, label, onClick }: { link: NavLink; label: string; onClick: () => void }) =>
  link.href ? (
    <MenuItem component="a" href={link.href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {label}
    </MenuItem>
  ) : (
    <MenuItem component={PageLink} to={link.to ?? '/'} onClick={onClick}>
      {label}
    </MenuItem>
  );

export const UserMenuPanel = ({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) => {
  const translate = useTranslate();
  const signOut = useSignOut();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      <MenuItem component={PageLink} to="/report" onClick={onClose}>
        {translate('portal.menu.dashboard')}
      </MenuItem>
      <MenuItem component={PageLink} to={MY_ACCOUNT_PATH} onClick={onClose}>
        {translate('portal.menu.myAccount')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        {translate('portal.menu.signOut')}
      </MenuItem>
    </Menu>
  );
};

/**
 * The left drawer of small screens: Overview, Solutions, Setup Guides, Support (docs/requirements/portal-routes-and-menus.md); on a phone, when
 * signed out, also Sign In and Sign Up, which the top bar has no room for. The dialog is named like the top
 * bar's navigation, and each entry is a list item.
 */
export const NavDrawer = ({
  open,
  onClose,
  overview,
  menus,
  account = false,
  t,
}: {
  open: boolean;
  onClose: () => void;
  overview: string;
  menus: NavMenu[];
  /** Adds Sign In and Sign Up. */
  account?: boolean;
  t: NavTranslate;
}) => {
  const groups = [
    { label: t('portal.publicNav.solutions'), links: menus[0]?.links ?? [] },
    { label: t('portal.publicNav.setupGuides'), links: menus[1]?.links ?? [] },
    { label: t('portal.publicNav.support'), links: menus[2]?.links ?? [] },
  ];
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t('portal.publicNav.label') } }}
    >
      <Box sx={{ width: 280 }}>
        <List>
          <DrawerLink
            link={{ label: 'overview', to: overview }}
            label={t('portal.publicNav.overview')}
            onClick={onClose}
          />
          {groups.map((group) => (
            <DrawerGroup key={group.label} label={group.label}>
              {group.links.map((link) => (
                <DrawerLink key={link.label} link={link} label={t(link.label)} onClick={onClose} />
              ))}
            </DrawerGroup>
          ))}
        </List>
        {account && (
          <>
            <Divider />
            <List>
              <DrawerLink
                link={{ label: 'signIn', to: '/login' }}
                label={t('portal.publicNav.signIn')}
                onClick={onClose}
              />
              <DrawerLink
                link={{ label: 'signUp', to: '/signup' }}
                label={t('portal.publicNav.signUp')}
                onClick={onClose}
              />
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
};

const DrawerGroup = ({ label, children }: { label: string; children: ReactNode }) => {
  const [expanded, setExpanded] = useState(false);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
        <ListItemText primary={label} />
        <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <List disablePadding aria-label={label} sx={{ pl: 2 }}>
          {children}
        </List>
      </Collapse>
    </ListItem>
  );
};

const DrawerLink = ({ link, label, onClick }: { link: NavLink; label: string; onClick: () => void }) => (
  <ListItem disablePadding>
    {link.href ? (
      <ListItemButton
        component="a"
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
      >
        <ListItemText primary={label} />
      </ListItemButton>
    ) : (
      <ListItemButton component={PageLink} to={link.to ?? '/'} onClick={onClick}>
        <ListItemText primary={label} />
      </ListItemButton>
    )}
  </ListItem>
);
