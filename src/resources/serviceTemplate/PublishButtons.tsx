import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { CanAccess } from 'react-admin';
import { ActionButton } from '../../kit/ActionButton';
import type { ServiceTemplate } from './model';

/**
 * Publish and unpublish (docs/requirements/portal-states.md: unpublished templates are no longer offered to customers), each after a
 * confirmation. They need the configure permission on service templates.
 */
const T = 'resources.service-template';
const RESOURCE = 'service-template';

const PUBLISH = {
  action: 'publish',
  label: 'portal.actions.publish',
  icon: <PublishIcon />,
  success: `${T}.notifications.published`,
} as const;
const UNPUBLISH = {
  action: 'unpublish',
  label: 'portal.actions.unpublish',
  icon: <UnpublishedIcon />,
  success: `${T}.notifications.unpublished`,
} as const;

const named = ({ record }: { record?: ServiceTemplate }) => ({ name: record?.templateName });

/** Publish on an unpublished template, Unpublish on a published one. */
export const PublishToggleButton = () => (
  <CanAccess resource={RESOURCE} action="configure">
    <ActionButton<ServiceTemplate>
      {...PUBLISH}
      confirm={{ title: `${T}.confirm.publishTitle`, content: `${T}.confirm.publishOne`, options: named }}
      showFor={(record) => record.status !== 'PUBLISHED'}
    />
    <ActionButton<ServiceTemplate>
      {...UNPUBLISH}
      confirm={{ title: `${T}.confirm.unpublishTitle`, content: `${T}.confirm.unpublishOne`, options: named }}
      showFor={(record) => record.status === 'PUBLISHED'}
    />
  </CanAccess>
);

/** Publish and Unpublish on the selected rows (the list shows them only with the configure permission). */
export const BulkPublishButtons = () => (
  <>
    <ActionButton
      {...PUBLISH}
      on="selected"
      confirm={{ title: `${T}.confirm.publishTitle`, content: `${T}.confirm.publishMany` }}
    />
    <ActionButton
      {...UNPUBLISH}
      on="selected"
      confirm={{ title: `${T}.confirm.unpublishTitle`, content: `${T}.confirm.unpublishMany` }}
    />
  </>
);
