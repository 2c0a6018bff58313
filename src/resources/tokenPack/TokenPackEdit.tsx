import { EditPage } from '../../kit/pages';
import { TokenPackForm } from './TokenPackForm';
import { toPackPayload } from './tokenPackFields';

/**
 * PUT /idm-config/token-pack-v2/{customerId}/{id} (multipart: `info` with the name, primary directory,
 * usable services and image removals; `iconFile` and `featureImageFile` for new images), then the pack's
 * page; the server's refusal is shown in its words.
 */
export const TokenPackEdit = () => (
  <EditPage transform={toPackPayload({ withServices: true })}>
    <TokenPackForm edit />
  </EditPage>
);
