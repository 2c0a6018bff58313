import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import { CanAccess, type RaRecord, useResourceContext } from 'react-admin';
import { ActionButton } from '../kit/ActionButton';

/**
 * Activate and deactivate (docs/requirements/portal-states.md Customer and account) for the resource in context, for holders of its
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
  } as const;
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
  deactivateRefusedFor?: (record: RaRecord) => string | undefined;
}) => {
  const { resource, activate, deactivate } = useActions();
  const confirm = {
    content: 'portal.confirm.one',
    options: ({ record }: { record?: RaRecord }) => ({ name: String(record?.[nameSource] ?? record?.id) }),
  };
  return (
    <CanAccess resource={resource ?? ''} action="modify">
      <ActionButton {...activate} confirm={confirm} showFor={(record) => record.status !== 'ACTIVE'} />
      <ActionButton
        {...deactivate}
        confirm={confirm}
        showFor={(record) => record.status === 'ACTIVE'}
        refusal={deactivateRefusedFor}
      />
    </CanAccess>
  );
};

/** The bulk actions of a list (the list shows them only to holders of the `modify` permission). */
export const ActivationBulkActions = () => {
  const { activate, deactivate } = useActions();
  return (
    <>
      <ActionButton {...activate} on="selected" confirm={{ content: 'portal.confirm.many' }} />
      <ActionButton {...deactivate} on="selected" confirm={{ content: 'portal.confirm.many' }} />
    </>
  );
};
