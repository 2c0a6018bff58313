import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import TranslateIcon from '@mui/icons-material/Translate';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { AppBar, Logout, Layout as RaLayout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH, MY_ACCOUNT_PATH } from '../authProvider';
import { LocaleMenuItems } from '../i18n/LocaleMenu';
import { sessionStore } from '../session';
import { CustomerContext } from './CustomerContext';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './menu/Menu';
import { PortalSidebar } from './PortalSidebar';
import { PAGE_PATH } from './paths';
import { SessionKeeper } from './SessionKeeper';

/** An entry of the user menu that opens a page, and closes the menu. */
const UserMenuLink = ({ to, label, icon: Icon }: { to: string; label: string; icon: ComponentType }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
};

/** The user menu's languages: choosing one closes the menu. */
const UserMenuLocales = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <>
      <Divider />
      {/* A heading of the menu's languages: a menu holds only items, so it is one that does nothing. */}
      <MenuItem disabled dense sx={{ '&.Mui-disabled': { opacity: 1 }, color: 'text.secondary' }}>
        <ListItemIcon>
          <TranslateIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('portal.locale.label')}</ListItemText>
      </MenuItem>
      <LocaleMenuItems onChosen={() => userMenu?.onClose()} />
      <Divider />
    </>
  );
};

/** The user menu (spec 01 §2 top bar): Dashboard, My Account, the language and Sign Out. */
const PortalAppBar = () => (
  <AppBar
    toolbar={<CustomerContext />}
    userMenu={
      <UserMenu>
        <UserMenuLink to={PAGE_PATH.report} label="portal.menu.dashboard" icon={DashboardIcon} />
        <UserMenuLink to={MY_ACCOUNT_PATH} label="portal.menu.myAccount" icon={AccountCircleIcon} />
        <UserMenuLocales />
        <Logout />
      </UserMenu>
    }
  />
);

/** The paths of the change-password screen: My Account's tab, and the older /profile/change-password. */
const CHANGE_PASSWORD_PATHS: readonly string[] = [CHANGE_PASSWORD_PATH, PAGE_PATH.profileChangePassword];

/**
 * The signed-in frame. While the server asks for a new password (forceChangePassword),
 * every page leads to the change-password page.
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  if (sessionStore.get()?.forceChangePassword && !CHANGE_PASSWORD_PATHS.includes(location.pathname)) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <RaLayout appBar={PortalAppBar} menu={Menu} sidebar={PortalSidebar}>
      <DocumentTitle />
      <SessionKeeper />
      {children}
    </RaLayout>
  );
};
