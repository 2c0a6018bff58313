import { Alert } from '@mui/material';
import { Edit, TabbedShowLayout, useRecordContext, useTranslate } from 'react-admin';
import { ScrollableTabs } from '../../kit/ScrollableTabs';
import { HISTORY_TAB, HistoryTab } from '../audit/HistoryTab';
import { type ServiceInstance, T } from './model';
import { ServiceActions } from './ServiceActions';
import { ServiceInfo } from './ServiceInfo';
import { ServiceUsers } from './ServiceUsers';

const ServiceTitle = () => {
  const record = useRecordContext<ServiceInstance>();
  const translate = useTranslate();
  return <>{translate(`${T}.edit.title`, { name: record?.instanceName ?? '' })}</>;
};

/** A stopped service says so: no user signs in through it. */
const StoppedBanner = () => {
  const record = useRecordContext<ServiceInstance>();
  const translate = useTranslate();
  if (record?.status !== 'STOPPED') return null;
  return (
    <Alert severity="info" sx={{ m: 2, mb: 0 }}>
      {translate(`${T}.stoppedBanner`)}
    </Alert>
  );
};

/**
 * /service-launch/{id}: the service page (docs/requirements/portal-routes-and-menus.md services tabs), with the tabs Info, 2FA Bypass List
 * and Seamless Login List, and the actions Start or Stop, Download Installer Profile, Setup wizard and
 * Delete.
 */
export const ServiceEdit = () => (
  <Edit title={<ServiceTitle />} actions={<ServiceActions />}>
    <StoppedBanner />
    {/* The tabs scroll: their labels do not fit side by side at 375 px. */}
    <TabbedShowLayout tabs={<ScrollableTabs />}>
      <TabbedShowLayout.Tab label={`${T}.tabs.info`}>
        <ServiceInfo />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={`${T}.tabs.bypass`} path="bypass">
        <ServiceUsers list="deny_service_users" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={`${T}.tabs.seamless`} path="seamless">
        <ServiceUsers list="seamless_service_users" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={HISTORY_TAB} path="history">
        <HistoryTab />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Edit>
);
