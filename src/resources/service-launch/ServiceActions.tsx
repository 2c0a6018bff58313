import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DownloadIcon from '@mui/icons-material/Download';
import PasswordIcon from '@mui/icons-material/Password';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  CanAccess,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { INSTALLER_PROFILE } from '../../../contract/service';
import { ConfirmedDeleteButton } from '../../components/ConfirmedDeleteButton';
import { saveFile } from '../../components/saveFile';
import type { DownloadedFile, PortalDataProvider } from '../../dataProviders';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { errorNotification } from '../../kit/notifyError';
import { RefusableButton } from '../../kit/RefusableButton';
import { otpPathOf } from '../otp/model';
import { installerReady, type ServiceInstance, T } from './model';

/**
 * Start, or Stop after confirmation (spec 01 §4: stopping refuses every user's sign-in through the
 * service).
 */
const StartStopButton = ({ record }: { record: ServiceInstance }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const started = record.status === 'STARTED';
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider[started ? 'stop' : 'start']('service-instance', { id: record.id }),
    onSuccess: () => {
      setConfirming(false);
      notify(`${T}.notifications.${started ? 'stopped' : 'started'}`, { type: 'info' });
      refresh();
    },
    onError: (error) => {
      setConfirming(false);
      notify(...errorNotification(error));
    },
  });
  if (!started)
    return (
      <Button label={`${T}.actions.start`} onClick={() => mutate()} disabled={isPending}>
        <PlayArrowIcon />
      </Button>
    );
  return (
    <>
      <Button label={`${T}.actions.stop`} color="warning" onClick={() => setConfirming(true)}>
        <StopIcon />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`${T}.stop.title`}
        content={`${T}.stop.content`}
        translateOptions={{ name: record.instanceName }}
        loading={isPending}
        onAccept={() => mutate()}
        onReject={() => setConfirming(false)}
      />
    </>
  );
};

/**
 * Download Installer Profile (spec 02 §2): only for a started service with an HTTPS connector (connector_7),
 * saved as installer_profile.txt; otherwise it says why not.
 */
export const DownloadProfileButton = ({ record }: { record: ServiceInstance }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider.downloadInstallerProfile<DownloadedFile>('service-launch', {
        id: record.id,
      });
      saveFile(data.blob, INSTALLER_PROFILE.fileName);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <RefusableButton
      label={`${T}.actions.download`}
      refusal={installerReady(record) ? undefined : `${T}.download.notReady`}
      onClick={() => void download()}
      disabled={loading}
    >
      <DownloadIcon />
    </RefusableButton>
  );
};

/** Delete after confirmation; back to the list. */
const DeleteServiceButton = ({ record }: { record: ServiceInstance }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <ConfirmedDeleteButton
      title={`${T}.delete.title`}
      content={`${T}.delete.content`}
      translateOptions={{ name: record.instanceName }}
      remove={async () => {
        await dataProvider.delete('service-instance', { id: record.id, previousData: record });
        notify(`${T}.notifications.deleted`, { type: 'info' });
        navigate('/service-launch');
      }}
    />
  );
};

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
      <DownloadProfileButton record={record} />
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
