import DeleteIcon from '@mui/icons-material/Delete';
import {
  type RaRecord,
  type RedirectionSideEffect,
  useDelete,
  useDeleteMany,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { ActionButton, type ActionButtonProps } from './ActionButton';

export interface DeleteButtonProps<R extends RaRecord = RaRecord, A = unknown>
  extends Omit<ActionButtonProps<R, A>, 'label' | 'icon' | 'color' | 'action'> {
  /** Where to go once deleted (the list, from a record's page). */
  redirect?: RedirectionSideEffect;
  /**
   * Asks first, naming the record: `resources.<resource>.delete.title|content`, whose `%{name}` is what this
   * says (unless `confirm` says otherwise).
   */
  nameOf?: (record: R) => string | undefined;
}

/**
 * Delete, as an ActionButton: the record in context (or the selected rows) after the confirmation,
 * waiting for the server (pessimistic); `resources.<resource>.notifications.deleted` once done, or the
 * server's reason. `run` replaces the call (a delete with more to send).
 */
export function DeleteButton<R extends RaRecord = RaRecord, A = unknown>({
  redirect,
  onSuccess,
  nameOf,
  ...props
}: DeleteButtonProps<R, A>) {
  const resource = useResourceContext({ resource: props.resource }) as string;
  const [remove] = useDelete<R>();
  const [removeMany] = useDeleteMany<R>();
  const goTo = useRedirect();
  const options = { mutationMode: 'pessimistic', returnPromise: true } as const;
  return (
    <ActionButton<R, A>
      label="ra.action.delete"
      color="error"
      icon={<DeleteIcon />}
      run={({ ids, record }) =>
        (record
          ? remove(resource, { id: record.id, previousData: record }, options)
          : removeMany(resource, { ids }, options)) as Promise<A>
      }
      success={`resources.${resource}.notifications.deleted`}
      confirm={
        nameOf && {
          title: `resources.${resource}.delete.title`,
          content: `resources.${resource}.delete.content`,
          options: ({ record }) => ({ name: record && nameOf(record) }),
        }
      }
      refresh={!redirect}
      onSuccess={(answer, target) => {
        onSuccess?.(answer, target);
        if (redirect) goTo(redirect, resource);
      }}
      {...props}
    />
  );
}
