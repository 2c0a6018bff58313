import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LockResetIcon from '@mui/icons-material/LockReset';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import type { ComponentType } from 'react';
import { getHelpUrl } from '../config';
import type { MenuItem } from '../layout/menu/entries';
import { PAGE_PATH } from '../layout/paths';

const page = (label: string, icon: ComponentType, to: string): MenuItem['entry'] => ({
  kind: 'link',
  label,
  icon,
  to,
});

const dashboard = page('portal.menu.dashboard', DashboardIcon, PAGE_PATH.report);

/** The pages' entries of the side menus (the resources' come from their features). */
export const PAGE_MENU_ITEMS: readonly MenuItem[] = [
  { placement: { menu: 'customer', order: 0 }, entry: dashboard },
  { placement: { menu: 'provider', order: 0 }, entry: dashboard },
  {
    placement: { menu: 'customer', order: 1000 },
    entry: {
      kind: 'external',
      label: 'portal.menu.help',
      icon: HelpOutlineIcon,
      // Read when the menu is drawn: the page's configuration names it.
      get href() {
        return getHelpUrl();
      },
    },
  },
  // My Account's way back to where a signed-in person works (the newcomer's issue: only Back led there).
  {
    placement: { menu: 'myAccount', order: 0 },
    entry: page('portal.myAccount.backToDashboard', ArrowBackIcon, PAGE_PATH.report),
  },
  {
    placement: { menu: 'myAccount', order: 10, group: 'orders' },
    entry: page('portal.menu.myOrders', ReceiptLongIcon, PAGE_PATH.myOrders),
  },
  {
    placement: { menu: 'myAccount', order: 19, group: 'myAccounts' },
    entry: page('portal.menu.profile', AccountCircleIcon, PAGE_PATH.myProfile),
  },
  {
    placement: { menu: 'myAccount', order: 20, group: 'myAccounts' },
    entry: page('portal.menu.changePassword', LockResetIcon, PAGE_PATH.changePassword),
  },
  {
    placement: { menu: 'myAccount', order: 21, group: 'myAccounts' },
    entry: page('portal.menu.security', SecurityIcon, PAGE_PATH.mySecurity),
  },
];
