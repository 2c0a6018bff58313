import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { CanAccess } from 'react-admin';
import { ActionButton } from '../../kit/ActionButton';

const T = 'resources.vos-cloud-config';

/**
 * Activate an inactive setting after a confirmation (POST active/{id}); the server makes the active one
 * inactive, and the refreshed list shows it. Needs the modify permission on cloud settings.
 */
export const ActivateButton = () => (
  <CanAccess resource="vos-cloud-config" action="modify">
    <ActionButton
      action="activate"
      label="portal.actions.activate"
      icon={<PowerSettingsNewIcon />}
      confirm={{
        title: `${T}.confirm.activateTitle`,
        content: `${T}.confirm.activate`,
        options: ({ record }) => ({ name: String(record?.id) }),
      }}
      success={`${T}.notifications.activated`}
      showFor={(record) => record.status !== 'ACTIVE'}
    />
  </CanAccess>
);
