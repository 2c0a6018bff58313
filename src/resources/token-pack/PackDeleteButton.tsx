import { useCanAccess, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { ConfirmedDeleteButton } from '../../components/ConfirmedDeleteButton';
import { T, type TokenPack } from './tokenPackFields';

/**
 * Deletes the pack after confirmation (token-pack:delete), then opens the list. The server refuses a pack
 * that still has services (409 error.tokenPack.hasServices): its reason is shown and the pack stays.
 */
export const PackDeleteButton = () => {
  const record = useRecordContext<TokenPack>();
  const { canAccess } = useCanAccess({ resource: 'token-pack-v2', action: 'delete' });
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove] = useDelete<TokenPack>();
  if (!record || !canAccess) return null;
  return (
    <ConfirmedDeleteButton
      title={`${T}.delete.title`}
      content={`${T}.delete.content`}
      translateOptions={{ name: record.name }}
      remove={async () => {
        await remove(
          'token-pack-v2',
          { id: record.id, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify(`${T}.notifications.deleted`, { type: 'info', messageArgs: { smart_count: 1 } });
        redirect('list', 'token-pack-v2');
      }}
    />
  );
};
