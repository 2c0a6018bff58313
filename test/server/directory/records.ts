import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/**
 * Two directories, and a user the first brought in. The record checks use the first of a list, which the
 * customer's administrator may delete: the user's directory sorts last.
 */
export default defineRecords({
  make: async ({ db, customerId }) => {
    const [directory] = await db
      .insert(schema.directories)
      .values([
        { customerId, name: 'Zeta LDAP', type: 'LDAP' },
        { customerId, name: 'Alpha LDAP', type: 'LDAP' },
      ])
      .returning();
    const [user] = await db
      .insert(schema.users)
      .values({ customerId, directoryId: directory!.id, source: 'LDAP', username: 'globex.user' })
      .returning();
    return { directory: directory!, user: user! };
  },
});
