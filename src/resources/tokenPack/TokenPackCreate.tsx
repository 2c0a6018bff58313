import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { TokenPackForm } from './TokenPackForm';
import { toPackPayload } from './tokenPackFields';

/** POST /idm-config/token-pack-v2/{customerId} (multipart, as the edit's), then the new pack's page. */
export const TokenPackCreate = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toPackPayload({ withServices: false })}
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <TokenPackForm />
    </Create>
  );
};
