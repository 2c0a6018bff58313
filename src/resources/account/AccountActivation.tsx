import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import { CanAccess } from 'react-admin';
import { BulkActionButton, RecordActionButton } from '../../components/ActionButtons';

/** Activate and deactivate accounts (spec 01 §4 Customer and account), for holders of `account:modify`. */

const nameOf = (record: Record<string, unknown>) => String(record.email ?? record.id);

const activate = {
  action: 'activate',
  label: 'portal.actions.activate',
  icon: <CheckCircleIcon />,
  success: 'resources.account.notifications.activated',
};
const deactivate = {
  action: 'deactivate',
  label: 'portal.actions.deactivate',
  icon: <DoNotDisturbOnIcon />,
  success: 'resources.account.notifications.deactivated',
};

/** Activate or Deactivate, whichever applies to the record in context. */
export const AccountActivationButton = () => (
  <CanAccess resource="account" action="modify">
    <RecordActionButton
      {...activate}
      confirmContent="portal.confirm.one"
      nameOf={nameOf}
      showFor={(record) => record.status !== 'ACTIVE'}
    />
    <RecordActionButton
      {...deactivate}
      confirmContent="portal.confirm.one"
      nameOf={nameOf}
      showFor={(record) => record.status === 'ACTIVE'}
    />
  </CanAccess>
);

export const AccountBulkActions = () => (
  <>
    <BulkActionButton {...activate} confirmContent="portal.confirm.many" />
    <BulkActionButton {...deactivate} confirmContent="portal.confirm.many" />
  </>
);
