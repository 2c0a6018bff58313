import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { CanAccess } from 'react-admin';
import { BulkActionButton, RecordActionButton } from '../../components/ActionButtons';
import type { ServiceTemplate } from './model';

/**
 * Publish and unpublish (spec 01 §4: unpublished templates are no longer offered to customers), each after a
 * confirmation. They need the configure permission on service templates.
 */
const T = 'resources.service-template';
const RESOURCE = 'service-template';

const PUBLISH = {
  action: 'publish',
  label: 'portal.actions.publish',
  icon: <PublishIcon />,
  confirmTitle: `${T}.confirm.publishTitle`,
  success: `${T}.notifications.published`,
};
const UNPUBLISH = {
  action: 'unpublish',
  label: 'portal.actions.unpublish',
  icon: <UnpublishedIcon />,
  confirmTitle: `${T}.confirm.unpublishTitle`,
  success: `${T}.notifications.unpublished`,
};

const nameOf = (record: Record<string, unknown>) => String((record as Partial<ServiceTemplate>).templateName);

/** Publish on an unpublished template, Unpublish on a published one. */
export const PublishToggleButton = () => (
  <CanAccess resource={RESOURCE} action="configure">
    <RecordActionButton
      {...PUBLISH}
      confirmContent={`${T}.confirm.publishOne`}
      showFor={(record) => record.status !== 'PUBLISHED'}
      nameOf={nameOf}
    />
    <RecordActionButton
      {...UNPUBLISH}
      confirmContent={`${T}.confirm.unpublishOne`}
      showFor={(record) => record.status === 'PUBLISHED'}
      nameOf={nameOf}
    />
  </CanAccess>
);

/** Publish and Unpublish on the selected rows (the list shows them only with the configure permission). */
export const BulkPublishButtons = () => (
  <>
    <BulkActionButton {...PUBLISH} confirmContent={`${T}.confirm.publishMany`} />
    <BulkActionButton {...UNPUBLISH} confirmContent={`${T}.confirm.unpublishMany`} />
  </>
);
