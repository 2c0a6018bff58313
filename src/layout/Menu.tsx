import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu as RaMenu, useTranslate } from 'react-admin';

/** The side menu: the dashboard, then every resource the user may list (react-admin checks canAccess). */
export const Menu = () => {
  const translate = useTranslate();
  return (
    <RaMenu>
      <RaMenu.Item
        to="/report"
        primaryText={translate('portal.menu.dashboard')}
        leftIcon={<DashboardIcon />}
      />
      <RaMenu.ResourceItems />
    </RaMenu>
  );
};
