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

type Kind = 'publish' | 'unpublish';

const ICONS = { publish: <PublishIcon />, unpublish: <UnpublishedIcon /> };

const named = ({ record }: { record?: ServiceTemplate }) => ({ name: record?.templateName });

/**
 * Publish or Unpublish: the action, its text, icon and notice, and its question about one template (by its
 * name) or about the selected ones.
 */
const button = (kind: Kind, on: 'One' | 'Many') => ({
  action: kind,
  label: `portal.actions.${kind}`,
  icon: ICONS[kind],
  success: `${T}.notifications.${kind}ed`,
  confirm: {
    title: `${T}.confirm.${kind}Title`,
    content: `${T}.confirm.${kind}${on}`,
    options: on === 'One' ? named : undefined,
  },
});

/** Publish on an unpublished template, Unpublish on a published one. */
export const PublishToggleButton = () => (
  <CanAccess resource={RESOURCE} action="configure">
    <ActionButton<ServiceTemplate>
      {...button('publish', 'One')}
      showFor={(record) => record.status !== 'PUBLISHED'}
    />
    <ActionButton<ServiceTemplate>
      {...button('unpublish', 'One')}
      showFor={(record) => record.status === 'PUBLISHED'}
    />
  </CanAccess>
);

/** Publish and Unpublish on the selected rows (the list shows them only with the configure permission). */
export const BulkPublishButtons = () => (
  <>
    <ActionButton {...button('publish', 'Many')} on="selected" />
    <ActionButton {...button('unpublish', 'Many')} on="selected" />
  </>
);
