import { randomUUID } from 'node:crypto';
import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** Two OIDC clients: the first of the list may be deleted by the administrator before the secret is read. */
export default defineRecords({
  make: ({ db, customerId, sealer }) =>
    db.insert(schema.oidcClients).values(
      ['Globex portal', 'Globex shop'].map((clientName) => ({
        customerId,
        clientId: `oidc-${randomUUID()}`,
        clientName,
        redirectUrls: ['https://portal.globex.test/callback'],
        clientSecret: sealer.seal('globex-oidc-secret'),
      })),
    ),
});
