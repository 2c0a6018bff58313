import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';

/**
 * A real OpenLDAP for the directory tests and the bench (test/support/slapd.sh): Debian's slapd on a free
 * local port, with `users` inetOrgPerson entries under ou=people (uid=user00001…, password Password1!), a
 * reading and a password-writing service account, and a 500-entry cap on plain searches (paged searches read
 * everything, in pages of at most 500). 600 users start in about 0.3 s, 10,000 in about 1.5 s.
 */

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./slapd.sh', import.meta.url));

export const SLAPD_BASE_DN = 'dc=example,dc=test';
/** The password of every generated user. */
export const SLAPD_USER_PASSWORD = 'Password1!';

export interface Account {
  dn: string;
  password: string;
}

/** Attributes of a new inetOrgPerson; `cn` and `sn` default to the uid. */
export type NewUser = Partial<Record<string, string | string[]>>;

export interface Slapd {
  /** slapd's process id (the bench reads its CPU time). */
  pid: number;
  url: string;
  host: '127.0.0.1';
  port: number;
  baseDn: 'dc=example,dc=test';
  /** ou=people,dc=example,dc=test */
  peopleDn: string;
  /** Reads ou=people; may not write. */
  reader: Account;
  /** Reads ou=people and may replace its users' userPassword. */
  writer: Account;
  /** The root DN: no ACL, no size limit. */
  admin: Account;
  /** The DN of `uid=<uid>` in ou=people. */
  userDn(uid: string): string;
  /** Replaces one attribute of an entry (as the root DN); no value removes the attribute. */
  setAttribute(dn: string, attribute: string, value?: string | string[]): Promise<void>;
  /** Adds the inetOrgPerson `uid=<uid>` to ou=people (as the root DN) and answers its DN. */
  addUser(uid: string, attributes?: NewUser): Promise<string>;
  /** Removes the user `uid=<uid>` of ou=people (as the root DN). */
  deleteUser(uid: string): Promise<void>;
  /** Whether a simple bind with this DN and password succeeds. */
  canBind(dn: string, password: string): Promise<boolean>;
  /** Stops slapd and removes its directory (a second call does nothing). */
  stop(): Promise<void>;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A value as it may stand in a DN (RFC 4514). */
export const escapeDnValue = (value: string): string =>
  value
    .replace(/[\\,+"<>;=\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/^[ #]/, (char) => `\\${char}`)
    .replace(/ $/, '\\ ');

/** The running servers of this process, killed if it exits without stopping them. */
const running = new Map<string, number>();
let exitHookInstalled = false;
const installExitHook = () => {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [dir, pid] of running) {
      try {
        process.kill(pid, 'SIGKILL');
        execFileSync('rm', ['-rf', dir]);
      } catch {
        // already gone
      }
    }
  });
};

/** Starts a slapd with `users` users; about 1.5 s for 10,000 (the bench), 0.3 s for 600. */
export async function startSlapd({ users }: { users: number }): Promise<Slapd> {
  let port = 0;
  let dir = '';
  // The free port is found, released, then taken by slapd: another process may take it in between.
  for (let attempt = 1; ; attempt++) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'slapd-'));
    port = await closedPort();
    try {
      await run('bash', [SCRIPT, 'start', dir, String(port), String(users)], { timeout: 120_000 });
      break;
    } catch (error) {
      await run('bash', [SCRIPT, 'stop', dir]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
      if (attempt === 3) {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        throw new Error(`slapd did not start: ${stderr || (error as Error).message}`);
      }
    }
  }
  const pid = Number((await readFile(path.join(dir, 'slapd.pid'), 'utf8')).trim());
  running.set(dir, pid);
  installExitHook();

  const baseDn = SLAPD_BASE_DN as 'dc=example,dc=test';
  const url = `ldap://127.0.0.1:${port}`;
  const peopleDn = `ou=people,${baseDn}`;
  const admin = { dn: `cn=admin,${baseDn}`, password: 'admin-secret' };
  const userDn = (uid: string) => `uid=${escapeDnValue(uid)},${peopleDn}`;
  const asAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 10_000, connectTimeout: 5000 });
    try {
      await client.bind(admin.dn, admin.password);
      return await work(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };
  let stopped: Promise<void> | null = null;

  return {
    pid,
    url,
    host: '127.0.0.1',
    port,
    baseDn,
    peopleDn,
    reader: { dn: `cn=portal-reader,ou=services,${baseDn}`, password: 'reader-secret' },
    writer: { dn: `cn=portal-writer,ou=services,${baseDn}`, password: 'writer-secret' },
    admin,
    userDn,
    setAttribute: (dn, attribute, value) =>
      asAdmin((client) =>
        client.modify(
          dn,
          new Change({
            operation: 'replace',
            modification: new Attribute({
              type: attribute,
              values: value === undefined ? [] : Array.isArray(value) ? value : [value],
            }),
          }),
        ),
      ),
    addUser: (uid, attributes = {}) =>
      asAdmin(async (client) => {
        const dn = userDn(uid);
        const entry: Record<string, string | string[]> = {
          objectClass: 'inetOrgPerson',
          uid,
          cn: uid,
          sn: uid,
        };
        for (const [name, value] of Object.entries(attributes)) if (value !== undefined) entry[name] = value;
        await client.add(dn, entry);
        return dn;
      }),
    deleteUser: (uid) => asAdmin((client) => client.del(userDn(uid))),
    canBind: async (dn, password) => {
      // An empty password is an anonymous bind, which succeeds whatever the DN.
      if (password === '') return false;
      const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
      try {
        await client.bind(dn, password);
        return true;
      } catch {
        return false;
      } finally {
        await client.unbind().catch(() => undefined);
      }
    },
    stop: () => {
      stopped ??= run('bash', [SCRIPT, 'stop', dir], { timeout: 30_000 }).then(() => {
        running.delete(dir);
      });
      return stopped;
    },
  };
}
