import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** Two token packs, and two trusted networks in the first. */
export default defineRecords({
  make: async ({ db, customerId }) => {
    const packs = await db
      .insert(schema.tokenPacks)
      .values(['Globex Pack', 'Globex Spare Pack'].map((name) => ({ customerId, name })))
      .returning();
    await db
      .insert(schema.whiteListIps)
      .values(
        ['203.0.113.0/24', '2001:db8::/32'].map((ip) => ({ customerId, tokenPackId: packs[0]!.id, ip })),
      );
    return { packs };
  },
});
