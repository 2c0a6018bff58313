import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  type DialogProps,
  DialogTitle,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type BaseSyntheticEvent, type ReactElement, type ReactNode, useId } from 'react';
import { Button, type ButtonProps, Form, SaveButton, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Notice } from './ActionButton';
import { InvalidFormNotice, useFieldRefusals } from './fieldRefusals';
import { KEEP_TYPED } from './keepTyped';
import { errorNotification, fieldErrorsOf } from './notifyError';

export interface TitledDialogProps {
  /** The title: a catalogue key (with `titleOptions`), or an element. */
  title: string | ReactElement;
  titleOptions?: Record<string, unknown>;
  /** A sentence under the title (a catalogue key, with `explanationOptions`). */
  explanation?: string;
  explanationOptions?: Record<string, unknown>;
  children?: ReactNode;
  /** The buttons at the bottom. */
  actions: ReactNode;
  /** Escape and a click outside call it; without it only the buttons close the dialog. */
  onClose?: () => void;
  maxWidth?: DialogProps['maxWidth'];
  fullWidth?: boolean;
  /** Takes the whole screen on a phone (a dialog of several steps). */
  fullScreenOnPhone?: boolean;
}

/**
 * A dialog: its title (which names it for screen readers), an optional explanation, its content and its
 * buttons. A form in a dialog is a DialogForm; a question before an action, an ActionButton's `confirm`.
 */
export const TitledDialog = ({
  title,
  titleOptions,
  explanation,
  explanationOptions,
  children,
  actions,
  onClose,
  maxWidth = 'sm',
  fullWidth = true,
  fullScreenOnPhone = false,
}: TitledDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const bodyId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreenOnPhone && phone}
      aria-labelledby={titleId}
      aria-describedby={explanation ? bodyId : undefined}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
    >
      <DialogBody
        titleId={titleId}
        bodyId={bodyId}
        title={typeof title === 'string' ? translate(title, titleOptions) : title}
        explanation={explanation ? translate(explanation, explanationOptions) : undefined}
        actions={actions}
      >
        {children}
      </DialogBody>
    </Dialog>
  );
};

const DialogBody = ({
  titleId,
  bodyId,
  title,
  explanation,
  actions,
  children,
}: {
  titleId: string;
  bodyId: string;
  title: ReactNode;
  explanation?: string;
  actions: ReactNode;
  children?: ReactNode;
}) => (
  <>
    <DialogTitle id={titleId}>{title}</DialogTitle>
    <DialogContent>
      {explanation ? (
        <DialogContentText id={bodyId} sx={{ mb: children ? 2 : 0 }}>
          {explanation}
        </DialogContentText>
      ) : null}
      {children}
    </DialogContent>
    <DialogActions>{actions}</DialogActions>
  </>
);

export interface DialogFormProps<V extends object, A = unknown>
  extends Omit<TitledDialogProps, 'actions' | 'onClose' | 'fullScreenOnPhone'> {
  /** The form's first values. */
  defaultValues?: Partial<V>;
  /** Sends the values (checked by the inputs' react-admin validators); the dialog closes when it succeeds. */
  submit: (values: V) => Promise<A>;
  /** Said when it succeeded. */
  success?: Notice | ((answer: A, values: V) => Notice);
  onSuccess?: (answer: A, values: V) => void;
  /** Reloads the page's data once it succeeded (default true). */
  refresh?: boolean;
  /** Stays open once it succeeded (to show what came back); the caller closes it. */
  keepOpen?: boolean;
  /** The submit button: its text (a catalogue key), icon and colour. */
  submitLabel?: string;
  submitIcon?: ReactElement;
  submitColor?: ButtonProps['color'];
  /** Submitting does nothing until the form is changed (an edit). */
  requireChange?: boolean;
  /** The other button's text: Cancel by default. */
  cancelLabel?: string;
  onClose: () => void;
}

/**
 * A form in a dialog, on react-admin's `<Form>`: its inputs (react-admin inputs with react-admin validators:
 * a refused value says why under its field, and nothing is sent), Cancel and the submit button (disabled
 * while the call is under way). A success says so, reloads and closes the dialog; a refusal is shown in the
 * server's words and the dialog stays open: under its field when it is about one field's value (a new
 * password, a phone), otherwise in a notification.
 */
export function DialogForm<V extends object, A = unknown>({
  defaultValues,
  submit,
  success,
  onSuccess,
  refresh: reload = true,
  keepOpen = false,
  submitLabel = 'ra.action.save',
  submitIcon,
  submitColor,
  requireChange = false,
  cancelLabel = 'ra.action.cancel',
  onClose,
  title,
  titleOptions,
  explanation,
  explanationOptions,
  children,
  maxWidth = 'sm',
  fullWidth = true,
}: DialogFormProps<V, A>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const keepFieldRefusals = useFieldRefusals();
  const titleId = useId();
  const bodyId = useId();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: submit,
    onSuccess: (answer, values) => {
      const notice = typeof success === 'function' ? success(answer, values) : success;
      if (typeof notice === 'string') notify(notice, { type: 'info' });
      else if (notice) notify(...notice);
      onSuccess?.(answer, values);
      if (reload) refresh();
      if (!keepOpen) onClose();
    },
    onError: (error) => {
      if (!fieldErrorsOf(error)) notify(...errorNotification(error));
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={explanation ? bodyId : undefined}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
      // The dialog is drawn in a portal, but React still bubbles its submit to a form around it: stop it here.
      onSubmit={(event) => event.stopPropagation()}
    >
      <Form
        noValidate
        defaultValues={defaultValues as Record<string, unknown> | undefined}
        resetOptions={KEEP_TYPED}
        disableInvalidFormNotification
        // A refusal of one field's value, answered to react-admin's form, shows under that field.
        onSubmit={(values: Record<string, unknown>, event?: BaseSyntheticEvent) =>
          mutateAsync(values as V).then(
            () => undefined,
            (error: unknown) => keepFieldRefusals(fieldErrorsOf(error), event),
          )
        }
      >
        <InvalidFormNotice />
        <DialogBody
          titleId={titleId}
          bodyId={bodyId}
          title={typeof title === 'string' ? translate(title, titleOptions) : title}
          explanation={explanation ? translate(explanation, explanationOptions) : undefined}
          actions={
            <>
              <Button label={cancelLabel} onClick={onClose} />
              <SaveButton
                label={submitLabel}
                icon={submitIcon}
                color={submitColor}
                disabled={isPending}
                alwaysEnable={requireChange ? undefined : !isPending}
              />
            </>
          }
        >
          {children}
        </DialogBody>
      </Form>
    </Dialog>
  );
}
