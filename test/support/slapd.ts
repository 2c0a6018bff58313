import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';

/**
 * A real OpenLDAP for the directory tests and the bench (test/support/slapd.sh): Debian's slapd on a free
 * local port, with `users` inetOrgPerson entries under ou=people, a reading and a password-writing service
 * account, and a 500-entry cap on plain searches (paged searches read everything).
 */

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./slapd.sh', import.meta.url));

export interface Account {
  dn: string;
  password: string;
}

export interface Slapd {
  url: string;
  host: '127.0.0.1';
  port: number;
  baseDn: 'dc=example,dc=test';
  peopleDn: string;
  reader: Account;
  writer: Account;
  admin: Account;
  /** Sets one attribute of an entry (as the root DN). */
  setAttribute(dn: string, attribute: string, value: string): Promise<void>;
  /** Removes the user `uid=<uid>` of ou=people. */
  deleteUser(uid: string): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startSlapd({ users }: { users: number }): Promise<Slapd> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'slapd-'));
  const port = await closedPort();
  await run('bash', [SCRIPT, 'start', dir, String(port), String(users)], { timeout: 120_000 });
  const baseDn = 'dc=example,dc=test' as const;
  const url = `ldap://127.0.0.1:${port}`;
  const admin = { dn: `cn=admin,${baseDn}`, password: 'admin-secret' };
  const asAdmin = async (work: (client: Client) => Promise<void>) => {
    const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
    try {
      await client.bind(admin.dn, admin.password);
      await work(client);
    } finally {
      await client.unbind();
    }
  };
  const peopleDn = `ou=people,${baseDn}`;
  return {
    url,
    host: '127.0.0.1',
    port,
    baseDn,
    peopleDn,
    reader: { dn: `cn=portal-reader,ou=services,${baseDn}`, password: 'reader-secret' },
    writer: { dn: `cn=portal-writer,ou=services,${baseDn}`, password: 'writer-secret' },
    admin,
    setAttribute: (dn, attribute, value) =>
      asAdmin((client) =>
        client.modify(
          dn,
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: attribute, values: [value] }),
          }),
        ),
      ),
    deleteUser: (uid) => asAdmin((client) => client.del(`uid=${uid},${peopleDn}`)),
    stop: async () => {
      await run('bash', [SCRIPT, 'stop', dir], { timeout: 30_000 });
    },
  };
}
