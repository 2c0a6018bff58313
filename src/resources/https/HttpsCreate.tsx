import { CreateWithSecret } from '../../components/CreateWithSecret';
import { HttpsForm } from './HttpsForm';
import { KEY_TEXTS, toHttpsBody } from './httpsFields';

/** POST /idm-config/connectors/https/{customerId}: the answer's API key is shown once. */
export const HttpsCreate = () => (
  <CreateWithSecret transform={toHttpsBody} field="apiKey" texts={KEY_TEXTS}>
    <HttpsForm />
  </CreateWithSecret>
);
