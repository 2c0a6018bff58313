import type { BaseSyntheticEvent } from 'react';
import { SimpleForm, type SimpleFormProps, useSaveContext } from 'react-admin';
import { InvalidFormNotice, useFieldRefusals } from '../kit/fieldRefusals';
import { SaveCancelToolbar } from './SaveCancelToolbar';

export interface ResourceFormProps extends Omit<SimpleFormProps, 'sx'> {
  /** The form's width at most, in pixels (720 by default). */
  maxWidth?: number;
}

/**
 * A resource's create or edit form: react-admin's SimpleForm, checked by its inputs' validators rather than
 * the browser's, warning before unsaved changes are left, with Save and Cancel (unless `toolbar` says). A
 * refusal of one field's value the server gives is said under that field, marked invalid, with the values
 * kept (src/kit/fieldRefusals.tsx); one about a field the form does not have, in a notification.
 */
export const ResourceForm = ({
  maxWidth = 720,
  toolbar = <SaveCancelToolbar />,
  onSubmit,
  children,
  ...props
}: ResourceFormProps) => {
  const saveContext = useSaveContext();
  const keepFieldRefusals = useFieldRefusals();
  const save: ((values: Record<string, unknown>, event?: BaseSyntheticEvent) => unknown) | undefined =
    onSubmit
      ? (values, event) =>
          (onSubmit as (values: object, event?: BaseSyntheticEvent) => unknown)(values, event)
      : saveContext?.save
        ? (values) => saveContext.save?.(values)
        : undefined;
  return (
    <SimpleForm
      toolbar={toolbar}
      noValidate
      warnWhenUnsavedChanges
      disableInvalidFormNotification
      sx={{ maxWidth }}
      onSubmit={
        save
          ? async (values: Record<string, unknown>, event?: BaseSyntheticEvent) =>
              keepFieldRefusals(
                ((await save(values, event)) ?? undefined) as Record<string, string> | undefined,
                event,
              )
          : undefined
      }
      {...props}
    >
      <InvalidFormNotice />
      {children}
    </SimpleForm>
  );
};
