import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';
import { professionalYearly } from '../fixtures/professionalYearly.ts';

/** Two orders of the seeded Professional tier, yearly. */
export default defineRecords({
  make: async ({ db, customerId }) => {
    const plan = await professionalYearly(db);
    await db.insert(schema.orders).values(
      ['Globex order', 'Globex second order'].map((notes) => ({
        customerId,
        ...plan,
        action: 'SUBSCRIBE' as const,
        numberOfUsers: 25,
        amount: 75_000,
        notes,
      })),
    );
  },
});
