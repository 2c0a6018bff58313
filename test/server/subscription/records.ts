import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';
import { professionalYearly } from '../fixtures/professionalYearly.ts';

/** Two subscriptions of the seeded Professional tier, yearly. */
export default defineRecords({
  make: async ({ db, customerId }) => {
    const plan = await professionalYearly(db);
    await db.insert(schema.subscriptions).values(
      [0, 1].map(() => ({
        customerId,
        ...plan,
        numberOfUsers: 25,
        startDate: new Date('2026-01-01T00:00:00Z'),
        expireDate: new Date('2027-02-01T00:00:00Z'),
      })),
    );
  },
});
