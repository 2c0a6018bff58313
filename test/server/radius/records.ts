import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** A RADIUS connector, its shared secret sealed. */
export default defineRecords({
  make: ({ db, customerId, sealer }) =>
    db.insert(schema.radiusConnectors).values({
      customerId,
      name: 'Globex VPN',
      ipAddress: '192.0.2.10',
      sharedSecret: sealer.seal('globex-radius-secret'),
    }),
});
