import { CardContent, Stack } from '@mui/material';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Form, type FormProps, useSaveContext } from 'react-admin';
import { InvalidFormNotice, useFieldRefusals } from '../kit/fieldRefusals';
import { SaveCancelToolbar } from './SaveCancelToolbar';

export interface ResourceFormProps extends Omit<FormProps, 'render' | 'children'> {
  children: ReactNode;
  /** The bar under the form (Save and Cancel by default). */
  toolbar?: ReactNode;
  /** The form's width at most, in pixels (720 by default). */
  maxWidth?: number;
}

/**
 * A resource's create or edit form, laid out as react-admin's SimpleForm (its inputs in a column, the
 * toolbar under them), checked by its inputs' validators rather than the browser's, warning before unsaved
 * changes are left, with Save and Cancel (unless `toolbar` says). A refusal of one field's value the server
 * gives is said under that field, marked invalid, with the values kept (src/kit/fieldRefusals.tsx); one
 * about a field the form does not have, in a notification. (SimpleForm itself would hand
 * `disableInvalidFormNotification` on to the DOM.)
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
    <Form
      noValidate
      warnWhenUnsavedChanges
      disableInvalidFormNotification
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
      <CardContent sx={(theme) => ({ maxWidth, [theme.breakpoints.down('sm')]: { pb: '5em' } })}>
        <Stack sx={{ alignItems: 'flex-start' }}>
          <InvalidFormNotice />
          {children}
        </Stack>
      </CardContent>
      {toolbar}
    </Form>
  );
};
