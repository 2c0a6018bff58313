import type { ReactNode } from 'react';
import { Edit, type TransformData, useNotify } from 'react-admin';
import { errorNotification } from '../kit/notifyError';

/**
 * An edit page that saves when the server has answered (pessimistic), opens the record's page after, and
 * says the server's reason when it refuses (its messageKey, in the catalogue's words).
 */
export const EditThenShow = ({ transform, children }: { transform: TransformData; children: ReactNode }) => {
  const notify = useNotify();
  return (
    <Edit
      transform={transform}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      {children}
    </Edit>
  );
};
