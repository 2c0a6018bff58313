import type { Database } from '../server/db/client.ts';
import { customers, directories, serviceInstances, tokenPacks, users } from '../server/db/schema.ts';
import { readerSettings } from '../test/server/fixtures/ldap.ts';
import type { Slapd } from '../test/support/slapd.ts';
import { subscription } from './measure.ts';

/**
 * What the gateway's benches sign in to, written as the portal's calls and a synchronisation leave it: a
 * customer, an LDAP directory on the test slapd with its first `size` users (user00001…), a token pack whose
 * plan covers them, and a started service of the pack. The connector is the bench's own.
 */
export async function benchWorld(db: Database, slapd: Slapd, size: number, name: string) {
  const [customer] = await db
    .insert(customers)
    .values({ companyName: `Bench ${name}`, contactEmail: `${name.toLowerCase()}@bench.test` })
    .returning();
  const customerId = customer!.id;
  const [directory] = await db
    .insert(directories)
    .values({ customerId, name: 'Bench LDAP', type: 'LDAP', ...readerSettings(slapd) })
    .returning();
  const rows = Array.from({ length: size }, (_, index) => {
    const username = `user${String(index + 1).padStart(5, '0')}`;
    return {
      customerId,
      directoryId: directory!.id,
      source: 'LDAP' as const,
      username,
      email: `${username}@example.test`,
      externalId: slapd.userDn(username),
    };
  });
  const made: { id: string; username: string }[] = [];
  for (let start = 0; start < rows.length; start += 2000) {
    made.push(
      ...(await db
        .insert(users)
        .values(rows.slice(start, start + 2000))
        .returning({ id: users.id, username: users.username })),
    );
  }
  const subscriptionId = await subscription(db, customerId, size);
  const [pack] = await db
    .insert(tokenPacks)
    .values({ customerId, name: 'Bench pack', primaryDirectoryId: directory!.id, subscriptionId })
    .returning();
  const [service] = await db
    .insert(serviceInstances)
    .values({ customerId, tokenPackId: pack!.id, instanceName: `Bench ${name}`, status: 'STARTED' })
    .returning();
  return { customerId, serviceId: service!.id, users: made };
}
