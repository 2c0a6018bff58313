import { SimpleForm, type SimpleFormProps } from 'react-admin';
import { SaveCancelToolbar } from './SaveCancelToolbar';

export interface ResourceFormProps extends Omit<SimpleFormProps, 'sx'> {
  /** The form's width at most, in pixels (720 by default). */
  maxWidth?: number;
}

/**
 * A resource's create or edit form: react-admin's SimpleForm, checked by its inputs' validators rather than
 * the browser's, warning before unsaved changes are left, with Save and Cancel (unless `toolbar` says).
 */
export const ResourceForm = ({
  maxWidth = 720,
  toolbar = <SaveCancelToolbar />,
  ...props
}: ResourceFormProps) => (
  <SimpleForm toolbar={toolbar} noValidate warnWhenUnsavedChanges sx={{ maxWidth }} {...props} />
);
