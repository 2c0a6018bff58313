import * as schema from '../../../server/db/schema.ts';
import type directoryRecords from '../directory/records.ts';
import { defineRecords, type MadeBy } from '../fixtures/featureRecords.ts';
import type tokenPackRecords from '../tokenPack/records.ts';

/** Two services in the first token pack, and the directory's user on both lists of the first. */
export default defineRecords({
  after: ['directory', 'tokenPack'],
  make: async ({ db, customerId }, made) => {
    const { packs } = made.tokenPack as MadeBy<typeof tokenPackRecords>;
    const { user } = made.directory as MadeBy<typeof directoryRecords>;
    const services = await db
      .insert(schema.serviceInstances)
      .values(
        ['Globex VPN Service', 'Globex Mail Service'].map((instanceName) => ({
          customerId,
          tokenPackId: packs[0]!.id,
          instanceName,
        })),
      )
      .returning();
    await db.insert(schema.serviceUsers).values(
      (['BYPASS', 'SEAMLESS'] as const).map((list) => ({
        serviceInstanceId: services[0]!.id,
        userId: user.id,
        list,
      })),
    );
  },
});
