import { Create, type CreateProps, Edit, type EditProps, useNotify } from 'react-admin';
import { errorNotification, fieldErrorsOf } from './notifyError';

/**
 * A create page that opens the new record's page (unless `redirect` says) and says the server's refusal: a
 * refusal of one field's value under that field (react-admin's form takes the transport's `body.errors`),
 * any other in a notification.
 */
export const CreatePage = (props: CreateProps) => {
  const notify = useNotify();
  return (
    <Create
      redirect="show"
      mutationOptions={{
        onError: (error) => {
          if (!fieldErrorsOf(error)) notify(...errorNotification(error));
        },
      }}
      {...props}
    />
  );
};

/**
 * An edit page that saves once the server has answered (pessimistic), opens the record's page after (unless
 * `redirect` says), and says the server's refusal (its messageKey, in the catalogue's words): under its
 * field when it is about one field's value, as CreatePage does.
 */
export const EditPage = (props: EditProps) => {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{
        onError: (error) => {
          if (!fieldErrorsOf(error)) notify(...errorNotification(error));
        },
      }}
      {...props}
    />
  );
};
