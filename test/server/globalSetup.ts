import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../server/db/client.ts';

/**
 * Where the test databases come from (see testDatabase.ts): each worker loads the PGlite dump, or copies the
 * migrated PostgreSQL template into a database of its own, and makes one schema per test database in it.
 */
export type TestDatabaseSource =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The names of the workers' databases copied from `template` start with this. */
export const workerDatabasePrefix = (template: string) => `${template}_w`;

/** Runs one statement on the PostgreSQL server of `serverUrl` (creating or dropping a database). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;

  if (serverUrl) {
    // One migrated template on the server; each worker copies it into a database of its own.
    const template = `t_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${template}`);
    const migrated = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template) });
    await migrated.close();
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [workerDatabasePrefix(template)],
        );
        for (const { datname } of rows)
          await client.query(`drop database if exists "${datname}" with (force)`);
        await client.query(`drop database if exists ${template} with (force)`);
      } finally {
        await client.end();
      }
    };
  }

  // One in-memory PGlite, migrated once and dumped; each worker loads the dump once.
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const migrated = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await migrated.close();
  const dumpPath = path.join(
    os.tmpdir(),
    `portal-test-db-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dumpPath, { force: true });
  };
}
