import { CircularProgress, IconButton, Button as MuiButton, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, type ReactElement, useContext, useState } from 'react';
import {
  type ButtonProps,
  type Identifier,
  ListContext,
  type NotificationOptions,
  type RaRecord,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { ActionName, ActionParams } from '../dataProviders';
import { ConfirmDialog } from './ConfirmDialog';
import { errorNotification } from './notifyError';
import { RefusableButton } from './RefusableButton';

/** What an action acts on: the record in context, or the list's selected rows. */
export interface ActionTarget<R extends RaRecord = RaRecord> {
  ids: Identifier[];
  record?: R;
}

/** A notification: a catalogue key (an info, its smart_count the number of rows), or notify's arguments. */
/** A catalogue key, or a key (or a drawn message: text with a link) and its options. */
export type Notice = string | [string | ReactElement, NotificationOptions];

export interface ActionButtonProps<R extends RaRecord = RaRecord, A = unknown> {
  /** The button's text (a catalogue key); an icon button's tooltip. */
  label: string;
  /** Without one, a text button at every size (with a progress while it runs). */
  icon?: ReactElement;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /** Draws an icon button (a row's), named by this text (already translated: "Re-generate … of ann"). */
  iconLabel?: string;
  /** The contract's action, called as `dataProvider[action](resource, params(target))` (`{ids}` by default). */
  action?: ActionName;
  params?: (target: ActionTarget<R>) => ActionParams;
  /** Or what the button does (a delete, an update…), instead of `action`. */
  run?: (target: ActionTarget<R>) => Promise<A>;
  /** The resource of the call: the one in context by default. */
  resource?: string;
  /**
   * What it acts on: the record in context (`record`, the default: nothing shows until it is loaded), the
   * list's selected rows (`selected`: unselected once done), or neither (`none`: a toolbar's action).
   */
  on?: 'record' | 'selected' | 'none';
  /**
   * Asks first: the dialog's title and body (catalogue keys; 'Confirmation' and 'Are you sure?' by default)
   * and their values, beside `smart_count` (the rows) and `action` (the button's text, in lower case).
   */
  confirm?: {
    title?: string;
    content?: string;
    options?: Record<string, unknown> | ((target: ActionTarget<R>) => Record<string, unknown>);
  };
  /** Said when it succeeded (nothing by default). */
  success?: Notice | ((answer: A, target: ActionTarget<R>) => Notice | undefined);
  onSuccess?: (answer: A, target: ActionTarget<R>) => void;
  /** After the failure was notified in the server's words. */
  onError?: (error: unknown) => void;
  /** Reloads the page's data once done (default true). */
  refresh?: boolean;
  /** Hidden for a record this says no to (Activate on an active one). */
  showFor?: (record: R) => boolean;
  /** Why the server would refuse the action on this record (a catalogue key): the button then says so. */
  refusal?: (record: R) => string | undefined;
  disabled?: boolean;
}

type Call = (resource: string, params: ActionParams) => Promise<unknown>;

/**
 * A button that runs an action of the contract (or any call): on the record in context, or on the selected
 * rows (`on="selected"`); after a confirmation when it has `confirm` (react-admin's Confirm, with the dialog's
 * progress); then it says so (`success`), reloads and unselects, or says the server's reason. A record the
 * action does not apply to hides it (`showFor`) or shows why not (`refusal`).
 */
export function ActionButton<R extends RaRecord = RaRecord, A = unknown>(props: ActionButtonProps<R, A>) {
  const record = useRecordContext<R>();
  // A record's button that does not apply is not drawn, and costs nothing else (a list's rows have one of
  // Activate and Deactivate each).
  if ((props.on ?? 'record') === 'record' && (!record || (props.showFor && !props.showFor(record))))
    return null;
  return <ShownActionButton<R, A> {...props} />;
}

function ShownActionButton<R extends RaRecord = RaRecord, A = unknown>({
  label,
  icon,
  color,
  variant,
  iconLabel,
  action,
  params = ({ ids }) => ({ ids }),
  run,
  resource: resourceProp,
  on = 'record',
  confirm,
  success,
  onSuccess,
  onError,
  refresh: reload = true,
  refusal,
  disabled = false,
}: ActionButtonProps<R, A>) {
  const record = useRecordContext<R>();
  const list = useContext(ListContext);
  const resource = useResourceContext({ resource: resourceProp }) as string;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  // The dialog is drawn from the first question on (and kept, for its closing fade): a page of 1,000 rows
  // draws none of its closed dialogs.
  const [asked, setAsked] = useState(false);
  const bulk = on === 'selected';
  const target: ActionTarget<R> = bulk
    ? { ids: list?.selectedIds ?? [] }
    : { ids: record ? [record.id] : [], record };
  const mutation = useMutation({
    mutationFn: (on: ActionTarget<R>) =>
      run
        ? run(on)
        : ((dataProvider as unknown as Record<string, Call>)[action as string](
            resource,
            params(on),
          ) as Promise<A>),
    onSuccess: (answer, on) => {
      const notice = typeof success === 'function' ? success(answer, on) : success;
      if (typeof notice === 'string')
        notify(notice, { type: 'info', messageArgs: { smart_count: on.ids.length } });
      else if (notice) notify(...notice);
      onSuccess?.(answer, on);
      if (bulk) list?.onUnselectItems(true);
      if (reload) refresh();
    },
    onError: (error) => {
      notify(...errorNotification(error));
      onError?.(error);
    },
    onSettled: () => setAsking(false),
  });
  const start = (event: MouseEvent) => {
    event.stopPropagation();
    if (confirm) {
      setAsked(true);
      setAsking(true);
    } else mutation.mutate(target);
  };
  const off = disabled || mutation.isPending || (bulk && target.ids.length === 0);
  const button =
    icon === undefined ? (
      // Without an icon, the button keeps its text at every size (react-admin's shows only its icon on a phone).
      <MuiButton
        variant={variant}
        color={color}
        onClick={start}
        disabled={off}
        startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate(label)}
      </MuiButton>
    ) : iconLabel === undefined ? (
      <RefusableButton
        label={label}
        color={color}
        variant={variant}
        refusal={record && !bulk ? refusal?.(record) : undefined}
        onClick={start}
        disabled={off}
      >
        {icon}
      </RefusableButton>
    ) : (
      <RowIconButton label={label} name={iconLabel} color={color} onClick={start} disabled={off}>
        {icon}
      </RowIconButton>
    );
  return (
    <>
      {button}
      {confirm && asked && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          content={confirm.content}
          translateOptions={{
            smart_count: target.ids.length,
            action: translate(label).toLowerCase(),
            ...(typeof confirm.options === 'function' ? confirm.options(target) : confirm.options),
          }}
          loading={mutation.isPending}
          onAccept={() => mutation.mutate(target)}
          onReject={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** A row's icon button: its text (a catalogue key) in a tooltip, and its name for screen readers. */
export const RowIconButton = ({
  label,
  name,
  color,
  onClick,
  disabled,
  children,
}: {
  label: string;
  /** Says what it acts on ("Send the code of ann by email"), already translated. */
  name: string;
  color?: ButtonProps['color'];
  onClick: (event: MouseEvent) => void;
  disabled?: boolean;
  children: ReactElement;
}) => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton size="small" color={color} aria-label={name} onClick={onClick} disabled={disabled}>
        {children}
      </IconButton>
    </Tooltip>
  );
};
