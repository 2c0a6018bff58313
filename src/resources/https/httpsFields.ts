import type { HttpsRecord } from '../../../contract/https';

export type Https = HttpsRecord;

/** The API key's dialog: shown once, after a create or a regeneration. */
export const KEY_TEXTS = {
  title: 'resources.https.apiKey.title',
  body: 'resources.https.apiKey.body',
  label: 'resources.https.fields.apiKey',
};

export const toHttpsBody = ({ name }: Record<string, unknown>) => ({
  name: typeof name === 'string' ? name.trim() : name,
});
