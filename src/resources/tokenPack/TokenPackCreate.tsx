import { CreatePage } from '../../kit/pages';
import { TokenPackForm } from './TokenPackForm';
import { toPackPayload } from './tokenPackFields';

/** POST /idm-config/token-pack-v2/{customerId} (multipart, as the edit's), then the new pack's page. */
export const TokenPackCreate = () => (
  <CreatePage transform={toPackPayload({ withServices: false })}>
    <TokenPackForm />
  </CreatePage>
);
