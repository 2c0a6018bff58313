import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { SCROLLABLE_TABS } from '../../kit/ScrollableTabs';
import { PAGE_PATH } from '../../layout/paths';

/** My Account's tabs (spec 01 §2: Profile, Change Password, Security, Orders), each a page of its own. */
const TABS = [
  { label: 'portal.menu.profile', path: PAGE_PATH.myProfile },
  { label: 'portal.menu.changePassword', path: PAGE_PATH.changePassword },
  { label: 'portal.menu.security', path: PAGE_PATH.mySecurity },
  { label: 'portal.menu.orders', path: PAGE_PATH.myOrders },
] as const;

/** The tab of a path: its own, or the one it is under (an order's page is under Orders). */
const tabOf = (pathname: string) =>
  TABS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`))?.path ?? false;

/**
 * The tab bar at the top of every My Account page: links to the four pages, the current one selected. It
 * scrolls when the labels do not fit (375 px). A navigation landmark named My Account.
 */
export const MyAccountTabs = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={translate('portal.myAccount.title')} sx={{ mb: 2 }}>
      <Tabs
        value={tabOf(pathname)}
        {...SCROLLABLE_TABS}
        sx={{ ...SCROLLABLE_TABS.sx, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ label, path }) => (
          <Tab
            key={path}
            value={path}
            label={translate(label)}
            component={Link}
            to={path}
            aria-current={tabOf(pathname) === path ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
};
