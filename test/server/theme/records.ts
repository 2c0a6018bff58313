import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** Two themes (no pack shows them: the administrator may save the first). */
export default defineRecords({
  make: ({ db, customerId }) =>
    db.insert(schema.themes).values(
      ['Globex Theme', 'Globex Spare Theme'].map((name) => ({
        customerId,
        name,
        definition: { screenDefs: [], commonDefs: [] },
      })),
    ),
});
