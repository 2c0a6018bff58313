import { type BaseSyntheticEvent, useCallback, useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * The server's refusals of one field's value, in every form (react-admin's `<Form>`, ResourceForm, DialogForm,
 * the change-password page): the transport answers them as react-admin's validation errors (`body.errors`,
 * src/dataProviders/transport.ts); the form says each under its field, marked invalid, and keeps the values.
 */

type FieldErrors = Record<string, string>;

/** The form element a submit event came from, if any. */
const formOf = (event?: BaseSyntheticEvent): HTMLFormElement | null => {
  const target = event?.target as Element | null | undefined;
  if (!target || typeof target !== 'object') return null;
  if (target instanceof HTMLFormElement) return target;
  return typeof target.closest === 'function' ? target.closest('form') : null;
};

/**
 * Keeps the refusals of the fields the submitted form has (said under them), and says the others in a
 * notification, so that none is lost: `(errors, event) => the form's errors or undefined`.
 */
export const useFieldRefusals = () => {
  const notify = useNotify();
  return useCallback(
    (errors: FieldErrors | undefined, event?: BaseSyntheticEvent): FieldErrors | undefined => {
      if (!errors) return undefined;
      const form = formOf(event);
      const kept: FieldErrors = {};
      for (const [field, text] of Object.entries(errors)) {
        if (!form || form.elements.namedItem(field)) kept[field] = text;
        else notify(text, { type: 'error', messageArgs: { _: text } });
      }
      return Object.keys(kept).length > 0 ? kept : undefined;
    },
    [notify],
  );
};

/**
 * react-admin's "the form is not valid" notification, for the inputs' own validators only: a refusal the
 * server gave is said under its field, not repeated in a notification. A form that draws it passes
 * `disableInvalidFormNotification` to react-admin.
 */
export const InvalidFormNotice = () => {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const notify = useNotify();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const own = Object.values(errors).some((error) => error && error.type !== 'server');
    if (own) notify('ra.message.invalid_form', { type: 'error' });
  }, [submitCount, errors, notify]);
  return null;
};
