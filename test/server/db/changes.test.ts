import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { type Changes, Kept, watchChanges } from '../../../server/db/changes.ts';
import { openEmbeddedDatabase } from '../../../server/db/embedded/index.ts';
import { customers, gatewaySignIns, otpCodes } from '../../../server/db/schema.ts';
import { createTestDatabase } from '../helpers.ts';

/*
 * What the gateway keeps between sign-ins (server/db/changes.ts): a write to a kept table, by this server
 * or any other on the database, is heard as a change once committed; the gateway's own writes of its log
 * are not; and nothing is kept while changes cannot be heard.
 */

const quiet = { warn: () => undefined };

/** Waits (at most 5 s: on PostgreSQL the notice arrives a moment after the commit) until `ready`. */
async function until(ready: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (!ready() && Date.now() < deadline) await sleep(10);
  return ready();
}

describe('the change feed', () => {
  let opened: Awaited<ReturnType<typeof createTestDatabase>>;
  let changes: Changes;
  beforeAll(async () => {
    opened = await createTestDatabase();
    changes = watchChanges(opened.db, quiet);
    expect(await until(() => changes.live)).toBe(true);
  });
  afterAll(async () => {
    await changes?.close();
    await opened?.close();
  });

  it('hears a committed write to a kept table, not a rolled back one nor a log write', async () => {
    const start = changes.version;
    const [customer] = await opened.db
      .insert(customers)
      .values({ companyName: 'Changes Inc', contactEmail: 'changes@example.test' })
      .returning();
    expect(await until(() => changes.version > start)).toBe(true);

    let before = changes.version;
    await opened.db
      .update(customers)
      .set({ companyName: 'Changes Ltd' })
      .where(eq(customers.id, customer!.id));
    expect(await until(() => changes.version > before)).toBe(true);

    before = changes.version;
    await expect(
      opened.db.transaction(async (tx) => {
        await tx.update(customers).set({ companyName: 'Never' }).where(eq(customers.id, customer!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The gateway's own writes: its log, and an OTP seed's use (an update of otp_codes).
    await opened.db.insert(gatewaySignIns).values({
      customerId: customer!.id,
      protocol: 'RADIUS',
      connectorId: customer!.id,
      userName: 'nobody',
      result: 'REJECT',
      reason: 'unknownUser',
    });
    await opened.db.update(otpCodes).set({ failedAttempts: 0 }).where(eq(otpCodes.customerId, customer!.id));
    // A later write is heard; none of the above was.
    await opened.db
      .update(customers)
      .set({ companyName: 'Changes SA' })
      .where(eq(customers.id, customer!.id));
    expect(await until(() => changes.version > before)).toBe(true);
    expect(changes.version).toBe(before + 1);
  });

  it('has heard every write committed before caughtUp once it resolves, and counts no change of its own', async () => {
    const before = changes.version;
    await opened.db
      .insert(customers)
      .values({ companyName: 'Caught Up Inc', contactEmail: 'caught-up@example.test' });
    await changes.caughtUp();
    expect(changes.version).toBe(before + 1);
    await changes.caughtUp();
    expect(changes.version).toBe(before + 1);
  });
});

describe('the change feed of the embedded database (npm start)', () => {
  it('hears a write made on any of its connections', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-changes-'));
    const embedded = await openEmbeddedDatabase({ dataDir });
    const changes = watchChanges(embedded.db, quiet);
    try {
      expect(await until(() => changes.live)).toBe(true);
      // Writes on several of the pool's connections at once, then one alone: each is heard.
      const start = changes.version;
      await Promise.all(
        ['a', 'b', 'c'].map((name) =>
          embedded.db
            .insert(customers)
            .values({ companyName: `Embedded ${name}`, contactEmail: `embedded-${name}@example.test` }),
        ),
      );
      expect(await until(() => changes.version >= start + 3)).toBe(true);
      const before = changes.version;
      await embedded.db
        .update(customers)
        .set({ companyName: 'Embedded d' })
        .where(eq(customers.companyName, 'Embedded a'));
      expect(await until(() => changes.version > before)).toBe(true);
    } finally {
      await changes.close();
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('what is kept', () => {
  /** A change feed moved by hand. */
  const feed = () => {
    const state = { version: 0, live: true, close: async () => undefined };
    return state;
  };

  it('is read once while nothing changes, and again after a change', async () => {
    const changes = feed();
    const kept = new Kept<number>(changes, { ttlMs: 60_000, max: 10 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await kept.get('a', load)).toBe(1);
    expect(await kept.get('a', load)).toBe(1);
    changes.version++;
    expect(await kept.get('a', load)).toBe(2);
    expect(reads).toBe(2);
  });

  it('is not kept when a change comes while it is read, nor while changes cannot be heard', async () => {
    const changes = feed();
    const kept = new Kept<number>(changes, { ttlMs: 60_000, max: 10 });
    let reads = 0;
    const changing = async () => {
      changes.version++;
      return ++reads;
    };
    expect(await kept.get('a', changing)).toBe(1);
    expect(await kept.get('a', async () => ++reads)).toBe(2);
    changes.live = false;
    expect(await kept.get('b', async () => ++reads)).toBe(3);
    expect(await kept.get('b', async () => ++reads)).toBe(4);
  });

  it('is read once for the sign-ins that ask for it while it is read', async () => {
    const changes = feed();
    const kept = new Kept<number>(changes, { ttlMs: 60_000, max: 10 });
    let reads = 0;
    const slow = async () => {
      await sleep(20);
      return ++reads;
    };
    expect(await Promise.all([kept.get('a', slow), kept.get('a', slow), kept.get('a', slow)])).toEqual([
      1, 1, 1,
    ]);
    expect(reads).toBe(1);
  });

  it('is read again each time when it is not to be kept', async () => {
    const changes = feed();
    const kept = new Kept<number[]>(changes, { ttlMs: 60_000, max: 10, keepIf: (found) => found.length > 0 });
    let reads = 0;
    const none = async () => {
      reads++;
      return [];
    };
    await kept.get('a', none);
    await kept.get('a', none);
    expect(reads).toBe(2);
    await kept.get('b', async () => [++reads]);
    expect(await kept.get('b', async () => [++reads])).toEqual([3]);
  });

  it('forgets everything when what it keeps would weigh more than its most', async () => {
    const changes = feed();
    const kept = new Kept<number[]>(changes, { ttlMs: 60_000, max: 5, weigh: (rows) => rows.length });
    await kept.get('a', async () => [1, 2, 3]);
    await kept.get('b', async () => [4]);
    expect(await kept.get('a', async () => [0])).toEqual([1, 2, 3]);
    await kept.get('c', async () => [5, 6]);
    expect(await kept.get('a', async () => [7])).toEqual([7]);
    expect(await kept.get('c', async () => [8])).toEqual([5, 6]);
  });

  it('is read again past its time, and forgets everything when full', async () => {
    const changes = feed();
    const kept = new Kept<number>(changes, { ttlMs: 1, max: 2 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await kept.get('a', load)).toBe(1);
    await sleep(5);
    expect(await kept.get('a', load)).toBe(2);
    const roomy = new Kept<string>(changes, { ttlMs: 60_000, max: 2 });
    await roomy.get('a', async () => 'a1');
    await roomy.get('b', async () => 'b1');
    await roomy.get('c', async () => 'c1');
    expect(await roomy.get('a', async () => 'a2')).toBe('a2');
    expect(await roomy.get('c', async () => 'c2')).toBe('c1');
  });
});
