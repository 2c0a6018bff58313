import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import { CanAccess } from 'react-admin';
import { BulkActionButton, RecordActionButton } from '../../components/ActionButtons';

/** Activate and deactivate (spec 01 §4 Customer and account), for holders of `customer:modify`. */

const nameOf = (record: Record<string, unknown>) => String(record.companyName ?? record.id);

const activate = {
  action: 'activate',
  label: 'portal.actions.activate',
  icon: <CheckCircleIcon />,
  success: 'resources.customer.notifications.activated',
};
const deactivate = {
  action: 'deactivate',
  label: 'portal.actions.deactivate',
  icon: <DoNotDisturbOnIcon />,
  success: 'resources.customer.notifications.deactivated',
};

/** Activate or Deactivate, whichever applies to the record in context. */
export const CustomerActivationButton = () => (
  <CanAccess resource="customer" action="modify">
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

/** The bulk actions of the list (the list shows them only to holders of `customer:modify`). */
export const CustomerBulkActions = () => (
  <>
    <BulkActionButton {...activate} confirmContent="portal.confirm.many" />
    <BulkActionButton {...deactivate} confirmContent="portal.confirm.many" />
  </>
);
