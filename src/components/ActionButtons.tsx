import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, type ReactElement, useState } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { errorNotification } from '../kit/notifyError';
import { RefusableButton } from '../kit/RefusableButton';

/**
 * A named action of the dataProvider (activate, deactivate, publish, unpublish, start, stop…) behind a
 * button and a confirmation: on the record in context (RecordActionButton) or on the selected rows
 * (BulkActionButton). Success shows `success` with smart_count, failure the server's message.
 */
export interface ActionButtonProps {
  /** The dataProvider method, called as `dataProvider[action](resource, {ids})`. */
  action: string;
  label: string;
  icon: ReactElement;
  /** Confirmation title and content keys; `%{name}` and smart_count are filled. */
  confirmTitle?: string;
  confirmContent?: string;
  success: string;
  /** Hidden when this returns false for the record (e.g. Activate on an ACTIVE record). */
  showFor?: (record: Record<string, unknown>) => boolean;
  /** The record's name in the confirmation. */
  nameOf?: (record: Record<string, unknown>) => string;
  /**
   * Why the server would refuse the action on this record (a catalogue key), if it would: the button is
   * then disabled, and its tooltip says why.
   */
  refusedFor?: (record: Record<string, unknown>) => string | undefined;
}

/** Runs the action on ids as one mutation: its pending state, success notice and refresh, or the refusal. */
const useRunAction = ({ action, success }: Pick<ActionButtonProps, 'action' | 'success'>) => {
  const dataProvider = useDataProvider();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: ({ ids }: { ids: unknown[]; after?: () => void }) => {
      const method = (
        dataProvider as unknown as Record<string, (r?: string, p?: object) => Promise<unknown>>
      )[action];
      return method(resource, { ids });
    },
    onSuccess: (_, { ids, after }) => {
      notify(success, { type: 'info', messageArgs: { smart_count: ids.length } });
      after?.();
      refresh();
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return {
    run: (ids: unknown[], after?: () => void) => mutation.mutate({ ids, after }),
    running: mutation.isPending,
  };
};

export const RecordActionButton = (props: ActionButtonProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, running } = useRunAction(props);
  if (!record || (props.showFor && !props.showFor(record))) return null;
  const name = props.nameOf?.(record) ?? String(record.id);
  const refused = props.refusedFor?.(record);
  return (
    <>
      <RefusableButton
        label={props.label}
        refusal={refused}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
        disabled={running}
      >
        {props.icon}
      </RefusableButton>
      <ConfirmDialog
        open={open}
        title={props.confirmTitle}
        content={props.confirmContent}
        translateOptions={{ name, smart_count: 1, action: translate(props.label).toLowerCase() }}
        loading={running}
        onAccept={() => run([record.id], () => setOpen(false))}
        onReject={() => setOpen(false)}
      />
    </>
  );
};

export const BulkActionButton = (props: ActionButtonProps) => {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, running } = useRunAction(props);
  return (
    <>
      <Button
        label={props.label}
        onClick={() => setOpen(true)}
        disabled={running || selectedIds.length === 0}
      >
        {props.icon}
      </Button>
      <ConfirmDialog
        open={open}
        title={props.confirmTitle}
        content={props.confirmContent}
        translateOptions={{ smart_count: selectedIds.length, action: translate(props.label).toLowerCase() }}
        loading={running}
        onAccept={() =>
          run(selectedIds, () => {
            setOpen(false);
            onUnselectItems();
          })
        }
        onReject={() => setOpen(false)}
      />
    </>
  );
};
