import { useCanAccess } from 'react-admin';
import { DeleteButton } from '../../kit/DeleteButton';
import type { TokenPack } from './tokenPackFields';

/**
 * Deletes the pack after confirmation (token-pack:delete), then opens the list. The server refuses a pack
 * that still has services (409 error.tokenPack.hasServices): its reason is shown and the pack stays.
 */
export const PackDeleteButton = () => {
  const { canAccess } = useCanAccess({ resource: 'token-pack-v2', action: 'delete' });
  if (!canAccess) return null;
  return <DeleteButton<TokenPack> nameOf={(record) => record.name} redirect="list" />;
};
