import * as schema from '../../../server/db/schema.ts';
import type directoryRecords from '../directory/records.ts';
import { defineRecords, type MadeBy } from '../fixtures/featureRecords.ts';
import type tokenPackRecords from '../tokenPack/records.ts';

/** The directory's user's activation code in each token pack (one per user and pack). */
export default defineRecords({
  after: ['directory', 'tokenPack'],
  make: ({ db, customerId }, made) => {
    const { packs } = made.tokenPack as MadeBy<typeof tokenPackRecords>;
    const { user } = made.directory as MadeBy<typeof directoryRecords>;
    return db.insert(schema.activationCodes).values(
      packs.map((pack, index) => ({
        customerId,
        tokenPackId: pack.id,
        userId: user.id,
        username: user.username,
        code: `GL0B-EX00-0000-000${index}`,
        expireDate: new Date('2099-01-01T00:00:00Z'),
      })),
    );
  },
});
