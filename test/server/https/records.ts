import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** An HTTPS connector (its API key kept as a hash and a hint). */
export default defineRecords({
  make: ({ db, customerId }) =>
    db
      .insert(schema.httpsConnectors)
      .values({ customerId, name: 'Globex API', apiKeyHash: 'f'.repeat(64), apiKeyHint: 'gwk_globex…' }),
});
