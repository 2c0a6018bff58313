import { type ReactNode, useState } from 'react';
import {
  Create,
  type Identifier,
  type RaRecord,
  type TransformData,
  useNotify,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { errorNotification, fieldErrorsOf } from '../kit/notifyError';
import { SecretDialog, type SecretTexts } from './SecretDialog';

export interface CreateWithSecretProps {
  transform: TransformData;
  /** The secret in the create answer (a shared secret, an API key), shown once. */
  field: string;
  texts: SecretTexts;
  children: ReactNode;
}

/**
 * A create page whose answer carries a secret the server made: the secret is shown once, in a dialog only
 * its Done button closes, then the new record's page opens.
 */
export const CreateWithSecret = ({ transform, field, texts, children }: CreateWithSecretProps) => {
  const resource = useResourceContext() as string;
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<{ id: Identifier; secret: string } | null>(null);
  return (
    <>
      <Create
        transform={transform}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify(`resources.${resource}.notifications.created`, { type: 'info' });
            setCreated({ id: data.id, secret: String(data[field] ?? '') });
          },
          // A refusal of one field's value is said under it by the form (ResourceForm).
          onError: (error) => {
            if (!fieldErrorsOf(error)) notify(...errorNotification(error));
          },
        }}
      >
        {children}
      </Create>
      {created && (
        <SecretDialog
          texts={texts}
          secret={created.secret}
          onClose={() => redirect('show', resource, created.id)}
        />
      )}
    </>
  );
};
