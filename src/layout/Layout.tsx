import LockResetIcon from '@mui/icons-material/LockReset';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Logout, Layout as RaLayout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH } from '../authProvider';
import { sessionStore } from '../session';
import { CustomerContext } from './CustomerContext';
import { DocumentTitle } from './DocumentTitle';
import { Menu } from './menu/Menu';
import { PortalSidebar } from './PortalSidebar';

const ChangePasswordMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={CHANGE_PASSWORD_PATH} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('portal.menu.changePassword')}</ListItemText>
    </MenuItem>
  );
};

const PortalAppBar = () => (
  <AppBar
    toolbar={<CustomerContext />}
    userMenu={
      <UserMenu>
        <ChangePasswordMenuItem />
        <Logout />
      </UserMenu>
    }
  />
);

/**
 * The signed-in frame. While the server asks for a new password (forceChangePassword),
 * every page leads to the change-password page.
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  if (sessionStore.get()?.forceChangePassword && location.pathname !== CHANGE_PASSWORD_PATH) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <RaLayout appBar={PortalAppBar} menu={Menu} sidebar={PortalSidebar}>
      <DocumentTitle />
      {children}
    </RaLayout>
  );
};
