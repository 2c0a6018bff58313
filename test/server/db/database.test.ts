import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db/client.ts';
import { accounts } from '../../../server/db/schema.ts';
import { ensureSeed } from '../../../server/seed.ts';
import { testConfig } from '../helpers.ts';

describe('the embedded database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-db-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates its folder, keeps its data on disk and opens again on the same folder', async () => {
    const dataDir = path.join(dir, 'not', 'yet', 'there');
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    const printed: string[] = [];
    try {
      await ensureSeed(first.db, testConfig(), (line) => printed.push(line));
    } finally {
      await first.close();
    }

    const second = await openDatabase({ dataDir });
    try {
      await ensureSeed(second.db, testConfig(), (line) => printed.push(line));
      expect(printed).toHaveLength(1);
      expect(await second.db.select({ email: accounts.email }).from(accounts)).toEqual([
        { email: 'operator@example.com' },
      ]);
    } finally {
      await second.close();
    }
  });
});
