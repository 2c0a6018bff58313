import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import { CanAccess, useResourceContext } from 'react-admin';
import { BulkActionButton, RecordActionButton } from './ActionButtons';

/**
 * Activate and deactivate (spec 01 §4 Customer and account) for the resource in context, for holders of its
 * `modify` permission. Success texts are the resource's `notifications.activated` / `.deactivated`.
 */
const useActions = () => {
  const resource = useResourceContext();
  return {
    resource,
    activate: {
      action: 'activate',
      label: 'portal.actions.activate',
      icon: <CheckCircleIcon />,
      success: `resources.${resource}.notifications.activated`,
    },
    deactivate: {
      action: 'deactivate',
      label: 'portal.actions.deactivate',
      icon: <DoNotDisturbOnIcon />,
      success: `resources.${resource}.notifications.deactivated`,
    },
  };
};

/**
 * Activate or Deactivate, whichever applies to the record in context; `nameSource` names it in the question;
 * `deactivateRefusedFor` says why the server would refuse to deactivate a record (the button then says so).
 */
export const ActivationButton = ({
  nameSource,
  deactivateRefusedFor,
}: {
  nameSource: string;
  deactivateRefusedFor?: (record: Record<string, unknown>) => string | undefined;
}) => {
  const { resource, activate, deactivate } = useActions();
  const nameOf = (record: Record<string, unknown>) => String(record[nameSource] ?? record.id);
  return (
    <CanAccess resource={resource ?? ''} action="modify">
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
        refusedFor={deactivateRefusedFor}
      />
    </CanAccess>
  );
};

/** The bulk actions of a list (the list shows them only to holders of the `modify` permission). */
export const ActivationBulkActions = () => {
  const { activate, deactivate } = useActions();
  return (
    <>
      <BulkActionButton {...activate} confirmContent="portal.confirm.many" />
      <BulkActionButton {...deactivate} confirmContent="portal.confirm.many" />
    </>
  );
};
