import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DownloadIcon from '@mui/icons-material/Download';
import PasswordIcon from '@mui/icons-material/Password';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { Button, CanAccess, TopToolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { INSTALLER_PROFILE } from '../../../contract/service';
import { saveFile } from '../../components/saveFile';
import type { DownloadedFile } from '../../dataProviders';
import { ActionButton } from '../../kit/ActionButton';
import { DeleteButton } from '../../kit/DeleteButton';
import { otpPathOf } from '../otp/model';
import { installerReady, type ServiceInstance, T } from './model';

/**
 * Start, or Stop after confirmation (docs/requirements/portal-states.md: stopping refuses every user's sign-in through the
 * service).
 */
const StartStopButton = ({ record }: { record: ServiceInstance }) =>
  record.status === 'STARTED' ? (
    <ActionButton
      label={`${T}.actions.stop`}
      color="warning"
      icon={<StopIcon />}
      resource="service-instance"
      action="stop"
      params={() => ({ id: record.id })}
      confirm={{
        title: `${T}.stop.title`,
        content: `${T}.stop.content`,
        options: { name: record.instanceName },
      }}
      success={`${T}.notifications.stopped`}
    />
  ) : (
    <ActionButton
      label={`${T}.actions.start`}
      icon={<PlayArrowIcon />}
      resource="service-instance"
      action="start"
      params={() => ({ id: record.id })}
      success={`${T}.notifications.started`}
    />
  );

/**
 * Download Installer Profile (docs/requirements/billing-services-screens.md): only for a started service with an HTTPS connector (connector_7),
 * saved as installer_profile.txt; otherwise it says why not.
 */
export const DownloadProfileButton = () => (
  <ActionButton<ServiceInstance, { data: DownloadedFile }>
    label={`${T}.actions.download`}
    icon={<DownloadIcon />}
    resource="service-launch"
    action="downloadInstallerProfile"
    params={({ record }) => ({ id: record?.id })}
    refusal={(record) => (installerReady(record) ? undefined : `${T}.download.notReady`)}
    onSuccess={({ data }) => saveFile(data.blob, INSTALLER_PROFILE.fileName)}
    refresh={false}
  />
);

/** Delete after confirmation; back to the list. */
const DeleteServiceButton = ({ record }: { record: ServiceInstance }) => (
  <DeleteButton
    resource="service-instance"
    confirm={{
      title: `${T}.delete.title`,
      content: `${T}.delete.content`,
      options: { name: record.instanceName },
    }}
    success={`${T}.notifications.deleted`}
    redirect="/service-launch"
  />
);

/**
 * The service page's actions: Start or Stop and Delete (configure permission), Download Installer Profile,
 * the setup wizard of the service, and its OTP codes (for those who may see token packs).
 */
export const ServiceActions = () => {
  const record = useRecordContext<ServiceInstance>();
  if (!record) return null;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <CanAccess resource="service-launch" action="configure">
        <StartStopButton record={record} />
      </CanAccess>
      <DownloadProfileButton />
      <Button label={`${T}.actions.wizard`} component={Link} to={`/wizard/${record.id}`}>
        <AutoFixHighIcon />
      </Button>
      <CanAccess resource="otp" action="list">
        <Button label="resources.otp.openFromService" component={Link} to={otpPathOf(String(record.id))}>
          <PasswordIcon />
        </Button>
      </CanAccess>
      <CanAccess resource="service-launch" action="configure">
        <DeleteServiceButton record={record} />
      </CanAccess>
    </TopToolbar>
  );
};
