import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  backupDatabase,
  migrationLevel,
  pgliteConnection,
  restoreDatabase,
} from '../../../server/db/backup.ts';
import {
  type Database,
  migrationsFolder,
  openDatabase,
  PGLITE_EXTENSIONS,
} from '../../../server/db/client.ts';
import { LONG_TEST_BOUND_MS } from '../../support/bounds.ts';
import { databaseUrlFor } from '../globalSetup.ts';

/*
 * Upgrades: a database the previous release made is brought up to date when this release starts on it
 * (openDatabase runs the migrations it lacks), with its data intact.
 */

/**
 * The last migration of the previous release. At each release, move it to the last migration that release
 * shipped (the newest tag in server/db/migrations/meta/_journal.json when the release is tagged), and make
 * `insertPreviousReleaseData` write what that release's users typically have (its columns, raw SQL).
 */
const PREVIOUS_RELEASE = '0019_activation_codes_fewer_indexes';

const DATABASE_URL = process.env.DATABASE_URL;

interface JournalEntry {
  tag: string;
  when: number;
}

/** A copy of the migrations folder whose journal stops at `tag`: what the previous release shipped. */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-previous-release-'));
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last, `${tag} is in the journal`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

const ids = {
  customer: randomUUID(),
  account: randomUUID(),
  directory: randomUUID(),
  user: randomUUID(),
  pack: randomUUID(),
};

/** What a customer of the previous release has: written with that release's columns only. */
async function insertPreviousReleaseData(db: Pick<Database, 'execute'>): Promise<void> {
  const statements = [
    sql`insert into customers (id, company_name, contact_email, status, features)
        values (${ids.customer}, 'Initech', 'it@initech.example', 'ACTIVE', array['ENROLLMENT'])`,
    sql`insert into accounts (id, email, password_hash, customer_id, is_customer_root, first_name, last_name)
        values (${ids.account}, 'peter@initech.example', 'scrypt$hash', ${ids.customer}, true, 'Peter', 'Gibbons')`,
    sql`insert into directories (id, customer_id, name, type) values (${ids.directory}, ${ids.customer}, 'Staff', 'LDAP')`,
    sql`insert into users (id, customer_id, directory_id, source, username, status)
        values (${ids.user}, ${ids.customer}, ${ids.directory}, 'LDAP', 'milton', 'ACTIVE')`,
    sql`insert into token_packs (id, customer_id, name) values (${ids.pack}, ${ids.customer}, 'Red stapler')`,
    sql`insert into activation_codes (customer_id, token_pack_id, user_id, code, expire_date, username)
        values (${ids.customer}, ${ids.pack}, ${ids.user}, 'ACT-0001', '2031-02-03 04:05:06.789+00', 'milton')`,
  ];
  for (const statement of statements) await db.execute(statement);
}

/** What the upgraded database must show: the old rows as they were, the new columns and tables there. */
async function expectUpgraded(db: Pick<Database, 'execute'>): Promise<void> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  expect(
    await rows(
      sql`select company_name, contact_email, features::text from customers where id = ${ids.customer}`,
    ),
  ).toEqual([{ company_name: 'Initech', contact_email: 'it@initech.example', features: '{ENROLLMENT}' }]);
  expect(await rows(sql`select email, customer_id::text from accounts where id = ${ids.account}`)).toEqual([
    { email: 'peter@initech.example', customer_id: ids.customer },
  ]);
  // A column this release added, at its default.
  expect(await rows(sql`select name, theme_id from token_packs where id = ${ids.pack}`)).toEqual([
    { name: 'Red stapler', theme_id: null },
  ]);
  expect(
    await rows(
      sql`select code, username, status, expire_date::text from activation_codes where token_pack_id = ${ids.pack}`,
    ),
  ).toEqual([
    { code: 'ACT-0001', username: 'milton', status: 'NEW', expire_date: '2031-02-03 04:05:06.789+00' },
  ]);
  // Tables this release added, there and usable.
  await db.execute(
    sql`insert into themes (customer_id, name, definition) values (${ids.customer}, 'New', '{}'::jsonb)`,
  );
  await db.execute(
    sql`insert into sign_in_events (customer_id, kind, method, outcome) values (${ids.customer}, 'sign-in', 'password', 'success')`,
  );
  expect(await rows(sql`select count(*)::int as n from themes`)).toEqual([{ n: 1 }]);
  // Every migration of this release applied.
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  expect((await migrationLevel(db))?.tag).toBe(journal.entries.at(-1)?.tag);
}

// Each test makes fresh databases and runs every migration: minutes on a loaded machine. The timeout only
// catches a hang; nothing here is a speed target.
describe('upgrading a database of the previous release', { timeout: LONG_TEST_BOUND_MS }, () => {
  let previous: string;
  beforeAll(async () => {
    previous = await migrationsUpTo(PREVIOUS_RELEASE);
  });
  afterAll(async () => {
    await rm(previous, { recursive: true, force: true });
  });

  it(`names a previous release older than this one (${PREVIOUS_RELEASE})`, async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: JournalEntry[];
    };
    expect(journal.entries.at(-1)?.tag).not.toBe(PREVIOUS_RELEASE);
  });

  it('on PGlite: the server starts on it, migrates it and keeps its data', async () => {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const old = drizzlePglite({ client: pglite });
      await migratePglite(old, { migrationsFolder: previous });
      expect((await migrationLevel(old))?.tag).toBe(PREVIOUS_RELEASE);
      await expect(old.execute(sql`select theme_id from token_packs`)).rejects.toThrow();
      await insertPreviousReleaseData(old);

      const opened = await openDatabase({ pglite });
      await expectUpgraded(opened.db);
    } finally {
      await pglite.close();
    }
  });

  it("restores the previous release's backup and finishes its migrations", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-previous-backup-'));
    const source = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const target = pgliteConnection(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'a fresh PGlite');
    try {
      const old = drizzlePglite({ client: source });
      await migratePglite(old, { migrationsFolder: previous });
      await insertPreviousReleaseData(old);
      const file = path.join(dir, 'previous.jsonl.gz');
      const { header } = await backupDatabase(old as unknown as Database, file);
      expect(header.migration.tag).toBe(PREVIOUS_RELEASE);
      expect(header.tables.map(({ name }) => name)).not.toContain('themes');

      await restoreDatabase(target, file);
      await expectUpgraded(target.db);
    } finally {
      await source.close();
      await target.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!DATABASE_URL)(
    'on PostgreSQL: the server starts on it, migrates it and keeps its data',
    async () => {
      const name = `t_upgrade_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = databaseUrlFor(DATABASE_URL as string, name);
      try {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        try {
          const old = drizzleNodePg({ client: pool });
          await migrateNodePg(old, { migrationsFolder: previous });
          await insertPreviousReleaseData(old);
        } finally {
          await pool.end();
        }
        const opened = await openDatabase({ databaseUrl: url });
        try {
          await expectUpgraded(opened.db);
        } finally {
          await opened.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
