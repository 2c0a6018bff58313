import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { CanAccess } from 'react-admin';
import { RecordActionButton } from '../../components/ActionButtons';

const T = 'resources.vos-cloud-config';

/**
 * Activate an inactive setting after a confirmation (POST active/{id}); the server makes the active one
 * inactive, and the refreshed list shows it. Needs the modify permission on cloud settings.
 */
export const ActivateButton = () => (
  <CanAccess resource="vos-cloud-config" action="modify">
    <RecordActionButton
      action="activate"
      label="portal.actions.activate"
      icon={<PowerSettingsNewIcon />}
      confirmTitle={`${T}.confirm.activateTitle`}
      confirmContent={`${T}.confirm.activate`}
      success={`${T}.notifications.activated`}
      showFor={(record) => record.status !== 'ACTIVE'}
    />
  </CanAccess>
);
