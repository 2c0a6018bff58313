import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../../../server/db/client.ts';
import { LONG_TEST_BOUND_MS } from '../../support/bounds.ts';

/*
 * Migration 0027: HTTPS connector names become unique in their customer, ignoring case. The duplicates a
 * database already holds are renamed first ("Installer API (2)"), skipping names already taken, so that the
 * unique index can be made; one customer's names do not count against another's.
 */

const BEFORE = '0026_signin_failures_per_address_and_password_history';

/** A copy of the migrations folder whose journal stops at `tag`. */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-before-0027-'));
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  expect(journal.entries.at(-1)?.tag).toBe(tag);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

describe('migration 0027 (unique HTTPS connector names)', { timeout: LONG_TEST_BOUND_MS }, () => {
  it('renames the later duplicates of a name, skipping names taken, then refuses a new duplicate', async () => {
    const before = await migrationsUpTo(BEFORE);
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle({ client: pglite });
      await migrate(db, { migrationsFolder: before });
      const acme = randomUUID();
      const globex = randomUUID();
      for (const [id, name] of [
        [acme, 'Acme'],
        [globex, 'Globex'],
      ]) {
        await db.execute(
          sql`insert into customers (id, company_name, contact_email) values (${id}, ${name}, ${`it@${name}.example`})`,
        );
      }
      let key = 0;
      const connector = (customer: string, name: string, minutesAgo: number) => {
        key++;
        return db.execute(sql`insert into https_connectors (customer_id, name, api_key_hash, api_key_hint, created_date)
          values (${customer}, ${name}, ${`hash-${key}`}, 'gwk_', now() - make_interval(mins => ${minutesAgo}))`);
      };
      await connector(acme, 'Installer API', 50);
      await connector(acme, 'installer api', 40);
      await connector(acme, 'Installer API (2)', 30);
      await connector(acme, 'Installer API', 20);
      await connector(acme, 'Branch API', 10);
      await connector(globex, 'Installer API', 5);

      await migrate(db, { migrationsFolder });

      const names = async (customer: string) =>
        (
          (await db.execute(
            sql`select name from https_connectors where customer_id = ${customer} order by created_date`,
          )) as unknown as { rows: { name: string }[] }
        ).rows.map((row) => row.name);
      expect(await names(acme)).toEqual([
        'Installer API',
        'installer api (3)',
        'Installer API (2)',
        'Installer API (4)',
        'Branch API',
      ]);
      expect(await names(globex)).toEqual(['Installer API']);
      await expect(connector(acme, 'BRANCH API', 1)).rejects.toThrow();
    } finally {
      await pglite.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
