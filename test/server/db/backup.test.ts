import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  BACKUP_FORMAT,
  backupDatabase,
  type Connection,
  connectEmbedded,
  copyDatabase,
  migrationLevel,
  pgliteConnection,
  postgresUrlConnection,
  restoreDatabase,
  tableCounts,
  verifyBackup,
} from '../../../server/db/backup.ts';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../../../server/db/client.ts';
import { accounts } from '../../../server/db/schema.ts';
import { ensureSeed } from '../../../server/seed.ts';
import { LONG_TEST_BOUND_MS } from '../../support/bounds.ts';
import { databaseUrlFor } from '../globalSetup.ts';
import { createTestContext, OPERATOR_EMAIL, testConfig } from '../helpers.ts';

/*
 * npm run backup / restore / db:copy (server/db/backup.ts): a database with rows in EVERY table round-trips
 * exactly; a backup taken while the server writes is consistent; restore refuses a target with data and a
 * damaged file, writing nothing.
 */

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;

type Context = Awaited<ReturnType<typeof createTestContext>>;

async function rowsOf<T>(db: Pick<Database, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every byte value, to see bytea survive. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
/** Text that a careless format would damage. */
const AWKWARD = 'Zoë "quoted" \\ back\tslash\nnew line, 😀, comma; {brace}';

/**
 * Rows in every table a user of the portal can fill (the seed fills the rest: roles, permissions, plans…).
 * A new table needs its row here: the first test fails while one is empty.
 */
async function fillEveryTable(t: Context): Promise<void> {
  const db = t.db;
  // drizzle's error names the query; its cause says what PostgreSQL refused.
  const run = (query: ReturnType<typeof sql>) =>
    db.execute(query).catch((error: Error) => {
      throw new Error(`${error.message}: ${(error.cause as Error | undefined)?.message}`);
    });
  const customer = await t.createCustomer({ companyName: AWKWARD });
  const account = await t.createAccount({
    email: 'admin@acme.example',
    password: 'Pass-word-123',
    customerId: customer.id,
  });
  const [tier] = await rowsOf<{ id: string }>(db, sql`select id from tier_plans order by rank limit 1`);
  const [period] = await rowsOf<{ id: string }>(
    db,
    sql`select id from period_plans where tier_plan_id = ${tier?.id} limit 1`,
  );
  const ids = {
    directory: randomUUID(),
    user: randomUUID(),
    pack: randomUUID(),
    theme: randomUUID(),
    instance: randomUUID(),
    order: randomUUID(),
    file: randomUUID(),
    template: randomUUID(),
  };
  await run(sql`update customers set features = array['ENROLLMENT', ${AWKWARD}] where id = ${customer.id}`);
  await run(
    sql`insert into directories (id, customer_id, name, type) values (${ids.directory}, ${customer.id}, 'Staff', 'LDAP')`,
  );
  await run(sql`insert into users (id, customer_id, directory_id, source, username, status)
                values (${ids.user}, ${customer.id}, ${ids.directory}, 'LDAP', 'ada', 'ACTIVE')`);
  await run(sql`insert into themes (id, customer_id, name, definition)
                values (${ids.theme}, ${customer.id}, 'Blue', ${JSON.stringify({ colour: '#0000ff', nested: { list: [1, 2.5, null, AWKWARD] } })}::jsonb)`);
  await run(
    sql`insert into token_packs (id, customer_id, name, theme_id) values (${ids.pack}, ${customer.id}, 'Pack', ${ids.theme})`,
  );
  await run(sql`insert into activation_codes (customer_id, token_pack_id, user_id, code, expire_date, username)
                values (${customer.id}, ${ids.pack}, ${ids.user}, 'CODE-1', '2030-01-02 03:04:05.123456+00', 'ada')`);
  await run(
    sql`insert into retired_activation_codes (code, customer_id, reason) values ('CODE-0', ${customer.id}, 'USED')`,
  );
  await run(sql`insert into audit_log (table_name, action, entity_id, modified_by, customer_id)
                values ('customers', 'UPDATE', ${customer.id}, ${OPERATOR_EMAIL}, ${customer.id})`);
  await run(sql`insert into authorization_codes (code_hash, client_id, redirect_uri, account_id, expires_at)
                select 'h1', client_id, 'https://app.example/cb', ${account.id}, now() + interval '1 minute' from oauth_clients limit 1`);
  await run(sql`insert into authorization_requests (state, client_id, redirect_uri, response_mode, expires_at)
                select 's1', client_id, 'https://app.example/cb', 'query', now() from oauth_clients limit 1`);
  await run(sql`insert into seamless_sessions (client_id, realm, redirect_url, state, created_ip, expires_at)
                select client_id, 'realm', 'https://app.example/cb', 'st', '10.0.0.1', now() from oauth_clients limit 1`);
  await run(sql`insert into oidc_payloads (model, id, customer_id, payload, uid, expires_at)
                values ('Interaction', 'i1', ${customer.id}, ${JSON.stringify({ uid: 'u1', params: { scope: 'openid' } })}::jsonb, 'u1', now())`);
  await run(sql`insert into web_sign_ins (id, customer_id, protocol, connector_id, step, user_name, expires_at)
                values ('i1', ${customer.id}, 'OIDC', ${customer.id}, 'second', 'ada', now())`);
  await run(sql`insert into bulk_jobs (customer_id, account_id, resource, action, filter, total, done, changed)
                values (${customer.id}, ${customer.id}, 'users', 'deactivate', '{"q":"ada"}'::jsonb, 1, 1, 1)`);
  await run(sql`insert into cards (customer_id, brand, name, last4, exp_month, exp_year, processor, reference)
                values (${customer.id}, 'visa', 'Ada', '4242', 12, 2031, 'fake', 'card_1')`);
  await run(sql`insert into orders (id, customer_id, action, tier_plan_id, period_plan_id, number_of_users, amount)
                values (${ids.order}, ${customer.id}, 'NEW', ${tier?.id}, ${period?.id}, 10, 1999)`);
  await run(sql`insert into payments (customer_id, order_id, amount, currency, processor, status)
                values (${customer.id}, ${ids.order}, 1999, 'usd', 'fake', 'SUCCEEDED')`);
  await run(
    sql`insert into processor_accounts (customer_id, processor, reference) values (${customer.id}, 'fake', 'cus_1')`,
  );
  await run(sql`insert into subscriptions (customer_id, tier_plan_id, period_plan_id, number_of_users, start_date, expire_date)
                values (${customer.id}, ${tier?.id}, ${period?.id}, 10, '2026-01-01', '2027-01-01')`);
  await run(
    sql`insert into files (id, file_name, mime_type, size, bytes) values (${ids.file}, 'icon.png', 'image/png', 256, ${ALL_BYTES})`,
  );
  await run(sql`insert into service_templates (id, uname, template_name, protocol, icon_file_id, connector_ids)
                values (${ids.template}, 'vpn', 'VPN', 'RADIUS', ${ids.file}, array[1, 3])`);
  await run(sql`insert into service_instances (id, customer_id, token_pack_id, instance_name)
                values (${ids.instance}, ${customer.id}, ${ids.pack}, 'VPN')`);
  await run(
    sql`insert into service_users (service_instance_id, user_id, list) values (${ids.instance}, ${ids.user}, 'BYPASS')`,
  );
  await run(sql`insert into service_connectors (service_instance_id, customer_id, type_id, connector_id, kind)
                values (${ids.instance}, ${customer.id}, 1, ${randomUUID()}, 'radius')`);
  await run(sql`insert into otp_codes (customer_id, service_instance_id, user_id, seed)
                values (${customer.id}, ${ids.instance}, ${ids.user}, 'SEED')`);
  await run(sql`insert into user_devices (customer_id, user_id, token_pack_id, device_name, totp_seed)
                values (${customer.id}, ${ids.user}, ${ids.pack}, 'Phone', 'TOTP')`);
  await run(
    sql`insert into white_list_ips (customer_id, token_pack_id, ip) values (${customer.id}, ${ids.pack}, '10.0.0.0/8')`,
  );
  await run(
    sql`insert into https_connectors (customer_id, name, api_key_hash, api_key_hint) values (${customer.id}, 'API', 'hash', 'abcd')`,
  );
  await run(
    sql`insert into radius_connectors (customer_id, name, shared_secret) values (${customer.id}, 'Radius', 'sealed')`,
  );
  await run(sql`insert into gateway_sign_ins (customer_id, protocol, connector_id, user_id, user_name, client_address, result, reason)
                values (${customer.id}, 'RADIUS', ${randomUUID()}, ${ids.user}, 'ada', '192.0.2.1', 'ACCEPT', 'bypass')`);
  await run(sql`insert into gateway_requests (customer_id, kind, connector_id, service_instance_id, token_pack_id, user_id, user_name, expires_at)
                values (${customer.id}, 'challenge', ${randomUUID()}, ${ids.instance}, ${ids.pack}, ${ids.user}, 'ada', now() + interval '1 minute')`);
  await run(sql`insert into saml_connectors (customer_id, name, url, protocol, sign_in_path, sign_out_path, meta_path, cert)
                values (${customer.id}, 'Saml', 'https://idp.example', 'saml', '/in', '/out', '/meta', 'CERT')`);
  await run(sql`insert into saml2_connectors (customer_id, uname, provider_name, entity_id, acs_url, name_id_format,
                  name_id_attribute, send_attribute, signature_algorithm, sign_response, sign_assertion)
                values (${customer.id}, 'sp', 'SP', 'urn:sp', 'https://sp.example/acs', 'email', 'mail', 'mail', 'rsa-sha256', true, false)`);
  await run(sql`insert into oidc_clients (customer_id, client_id, client_name, redirect_urls, client_secret)
                values (${customer.id}, 'oidc-1', 'App', '["https://app.example/cb"]'::jsonb, 'sealed')`);
  await run(sql`insert into saml_settings (id) values (1) on conflict do nothing`);
  await run(sql`insert into gateway_keys (name, certificate, private_key) values ('key', 'CERT', 'sealed')`);
  await run(
    sql`insert into instance_secrets (name, value) values ('backup-test', 'secret') on conflict do nothing`,
  );
  await run(
    sql`insert into mail_messages ("to", subject, text, html) values ('ada@acme.example', ${AWKWARD}, 'Hi', '<p>Hi</p>')`,
  );
  await run(sql`insert into rate_limits (key, hits, resets_at) values ('signin:10.0.0.1', 3, now())`);
  await run(
    sql`insert into second_factor_requests (account_id, secret_hash, expires_at) values (${account.id}, 'hash', now())`,
  );
  await run(
    sql`insert into sessions (account_id, expires_at) values (${account.id}, now() + interval '1 hour')`,
  );
  await run(sql`update accounts set recovery_email = 'ada@home.example', recovery_email_verified = true
                where id = ${account.id}`);
  await run(sql`insert into self_service_tokens (kind, token_hash, account_id, customer_id, email, tier_id, expires_at)
                values ('signupActivation', 'hash', ${account.id}, ${customer.id}, 'admin@acme.example', ${AWKWARD}, now())`);
  await run(
    sql`insert into sign_in_events (kind, method, outcome) values ('sign-in', 'password', 'success'), ('approval', 'qr', 'failure')`,
  );
  // The provider's override (no customer) and a customer's, of a text with a placeholder and Vietnamese.
  await run(sql`insert into translation_overrides (customer_id, locale, key, text, modified_by)
                values (null, 'en', 'portal.login.title', 'Sign in', ${account.id}),
                       (${customer.id}, 'vi', 'portal.pageTitle', ${`%{title} | ${AWKWARD} Cổng`}, ${account.id})`);
  await run(
    sql`insert into signin_failures (login, source, last_failed_at) values ('eve@acme.example', '203.0.113.7', '2026-05-06 07:08:09.987654+02')`,
  );
  await run(
    sql`insert into vos_cloud_configs (cloud_url, company_id, http_auth_mode) values ('https://vos.example', 'acme', 'BASIC')`,
  );
}

/** Every table's rows as JSON text, sorted: equal on both sides when the copy is exact. */
async function contentsOf(db: Pick<Database, 'execute'>): Promise<Record<string, string[]>> {
  const tables = Object.keys(await tableCounts(db));
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = (await db.execute(
      sql.raw(`select to_jsonb(t)::text as row from "${table}" t order by 1`),
    )) as unknown as { rows: { row: string }[] };
    contents[table] = rows.map(({ row }) => row);
  }
  const { rows } = (await db.execute(
    sql`select last_value::text as value from sign_in_events_id_seq`,
  )) as unknown as { rows: { value: string }[] };
  contents['sequence sign_in_events_id_seq'] = rows.map(({ value }) => value);
  return contents;
}

async function freshPglite(): Promise<Connection> {
  return pgliteConnection(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'a fresh PGlite');
}

/** A throwaway PostgreSQL database on DATABASE_URL's server, dropped by the returned function. */
async function throwawayPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_backup_${randomUUID().slice(0, 8)}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  return {
    url: databaseUrlFor(DATABASE_URL as string, name),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

// Each test makes fresh databases and runs every migration: minutes on a loaded machine. The timeout only
// catches a hang; nothing here is a speed target.
describe('backup and restore', { timeout: LONG_TEST_BOUND_MS }, () => {
  let t: Context;
  let dir: string;
  let file: string;
  let source: Record<string, string[]>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
    t = await createTestContext();
    file = path.join(dir, 'backup.jsonl.gz');
    await fillEveryTable(t);
    source = await contentsOf(t.db);
    await backupDatabase(t.db, file);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has rows in every table of the schema, counted in the header with the migration level', async () => {
    const header = await verifyBackup(file);
    expect(header.format).toBe(BACKUP_FORMAT);
    expect(header.migration).toEqual(await migrationLevel(t.db));
    expect(header.tables.map(({ name }) => name).sort()).toEqual(Object.keys(await tableCounts(t.db)).sort());
    // A table without a row here is one the fixture does not cover: give it a row in fillEveryTable.
    expect(header.tables.filter(({ rows }) => rows === 0).map(({ name }) => name)).toEqual([]);
    expect(header.sequences).toEqual([
      { name: 'gateway_sign_ins_id_seq', lastValue: '1', isCalled: true },
      { name: 'sign_in_events_id_seq', lastValue: '2', isCalled: true },
    ]);
  });

  it('restores every row of every table exactly into a fresh PGlite, which the server then opens', async () => {
    const target = await freshPglite();
    try {
      const { counts } = await restoreDatabase(target, file);
      expect(await contentsOf(target.db)).toEqual(source);
      expect(counts).toEqual(
        Object.fromEntries(
          Object.entries(source)
            .filter(([name]) => !name.startsWith('sequence'))
            .map(([name, rows]) => [name, rows.length]),
        ),
      );
      const [row] = await rowsOf<{ bytes: Uint8Array }>(target.db, sql`select bytes from files`);
      expect(Buffer.from(row?.bytes ?? [])).toEqual(ALL_BYTES);
      // The sequence goes on after the restored ids.
      const inserted = await rowsOf<{ id: string }>(
        target.db,
        sql`insert into sign_in_events (kind, method, outcome) values ('sign-in', 'otp', 'success') returning id::text`,
      );
      expect(inserted).toEqual([{ id: '3' }]);
    } finally {
      await target.close();
    }
  });

  it.skipIf(!DATABASE_URL)(
    'restores every row of every table exactly into an empty PostgreSQL database',
    async () => {
      const database = await throwawayPostgres();
      const target = postgresUrlConnection(database.url, 'a throwaway database');
      try {
        await restoreDatabase(target, file);
        expect(await contentsOf(target.db)).toEqual(source);
      } finally {
        await target.close();
        await database.drop();
      }
    },
  );

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const target = await freshPglite();
    try {
      const opened = await openDatabase({ pglite: (target.db as unknown as { $client: PGlite }).$client });
      await ensureSeed(opened.db, testConfig(), () => undefined);
      const before = await contentsOf(target.db);
      await expect(restoreDatabase(target, file)).rejects.toThrow(
        /already holds data \(table \w+ has rows\): restore only into an empty data folder or an empty database/,
      );
      expect(await contentsOf(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('refuses a truncated, a damaged or an unfinished file with a clear message, writing nothing', async () => {
    const target = await freshPglite();
    onTestFinished(() => target.close());
    const whole = await readFile(file);
    const truncated = path.join(dir, 'truncated.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const garbage = path.join(dir, 'garbage.gz');
    await writeFile(garbage, Buffer.from('not a backup at all'));
    const unfinished = path.join(dir, 'unfinished.gz');
    const lines = gunzipSync(whole).toString('utf8').trimEnd().split('\n');
    await writeFile(unfinished, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const notOurs = path.join(dir, 'not-ours.gz');
    await writeFile(notOurs, gzipSync('{"hello":"world"}\n'));

    for (const [damaged, message] of [
      [truncated, /is damaged or incomplete \(.*\): nothing was restored/],
      [garbage, /is damaged or incomplete \(.*\): nothing was restored/],
      [unfinished, /is damaged or incomplete \(its end is missing\): nothing was restored/],
      [notOurs, /is not a portal backup/],
      [path.join(dir, 'missing.gz'), /There is no backup file/],
    ] as const) {
      await expect(restoreDatabase(target, damaged)).rejects.toThrow(message);
      expect(await migrationLevel(target.db)).toBeNull();
      expect(await tableCounts(target.db)).toEqual({});
    }
  });

  it('is consistent while the server writes: the header counts what the file holds', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await t.db.execute(
          sql`insert into sign_in_events (kind, method, outcome) values ('sign-in', 'app', 'success')`,
        );
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const during = path.join(dir, 'during.jsonl.gz');
    try {
      // Wait for rows, not for a time: a slow or a busy machine writes fewer in a given time.
      while (written < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const { header } = await backupDatabase(t.db, during);
      // verifyBackup reads every row and compares each table with the header's count.
      const verified = await verifyBackup(during);
      expect(verified).toEqual(header);
      const events = header.tables.find(({ name }) => name === 'sign_in_events')?.rows ?? 0;
      const sequence = header.sequences.find(({ name }) => name === 'sign_in_events_id_seq');
      expect(events).toBeGreaterThan(2);
      // The sequence is read after the rows were counted (on PostgreSQL sequences are outside transactions): it
      // never gives an id the backup's rows hold.
      expect(Number(sequence?.lastValue)).toBeGreaterThanOrEqual(events);
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
  });

  it('runs as npm run backup and npm run restore on data folders', async () => {
    const from = path.join(dir, 'from');
    const to = path.join(dir, 'to');
    const restored = await connectEmbedded(from, true);
    try {
      await restoreDatabase(restored, file);
    } finally {
      await restored.close();
    }
    const cli = path.join(dir, 'cli.jsonl.gz');
    const env = { ...process.env, DATABASE_URL: '' };
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const backup = await run(tsx, ['scripts/backup.ts', cli], { env: { ...env, DATA_DIR: from } });
    expect(backup.stdout).toMatch(/Wrote .*cli\.jsonl\.gz/);
    const restore = await run(tsx, ['scripts/restore.ts', cli], { env: { ...env, DATA_DIR: to } });
    expect(restore.stdout).toMatch(/Restored the backup of/);
    const again = await run(tsx, ['scripts/restore.ts', cli], { env: { ...env, DATA_DIR: to } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/already holds data/) });
    const opened = await openDatabase({ dataDir: to });
    try {
      expect(await contentsOf(opened.db)).toEqual(source);
    } finally {
      await opened.close();
    }
  });

  it.skipIf(!DATABASE_URL)(
    'copies an embedded database into an empty PostgreSQL, which the server then opens',
    async () => {
      const database = await throwawayPostgres();
      const embedded = await freshPglite();
      try {
        await restoreDatabase(embedded, file);
        const target = postgresUrlConnection(database.url, 'a throwaway database');
        try {
          const counts = await copyDatabase(embedded, target);
          expect(counts.target).toEqual(counts.source);
          expect(await contentsOf(target.db)).toEqual(source);
        } finally {
          await target.close();
        }
        const server = await openDatabase({ databaseUrl: database.url });
        try {
          const printed: string[] = [];
          await ensureSeed(server.db, testConfig(), (line) => printed.push(line));
          expect(printed).toEqual([]);
          expect((await server.db.select().from(accounts)).length).toBe(source.accounts?.length);
        } finally {
          await server.close();
        }
      } finally {
        await embedded.close();
        await database.drop();
      }
    },
  );
});
