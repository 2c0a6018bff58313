import { type AddressInfo, createServer, type Socket } from 'node:net';
import { AdminLimitExceededError, Client, SizeLimitExceededError } from 'ldapts';
import { outboundPolicy } from '../../../server/domain/outbound.ts';
import {
  findLdapUser,
  immutableIdOf,
  LdapError,
  type LdapFailure,
  type LdapSettings,
  readLdapUsers,
  setLdapPassword,
  testLdapConnection,
} from '../../../server/features/directory/ldapClient.ts';
import { closedPort, SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../../support/slapd.ts';
import { immutableIdInSlapd, readerSettings } from '../fixtures/ldap.ts';
import { TEST_OUTBOUND_ALLOW } from '../helpers.ts';

/**
 * The LDAP client against a real OpenLDAP (test/support/slapd.sh) holding 600 users, which caps a plain
 * search at 500 entries as directories do (Active Directory at 1,000).
 */

const USERS = 600;
/** The tests' OUTBOUND_ALLOW: slapd listens on loopback. */
const outbound = outboundPolicy(TEST_OUTBOUND_ALLOW);
let slapd: Slapd;
let settings: LdapSettings;

beforeAll(async () => {
  slapd = await startSlapd({ users: USERS });
  settings = {
    ...readerSettings(slapd),
    emailAttribute: 'mail',
    displayNameAttribute: 'displayName',
    phoneAttribute: 'mobile',
  };
});
afterAll(async () => {
  await slapd?.stop();
});

/** The LdapError a call fails with (the test fails if it succeeds or fails otherwise). */
async function failureOf(call: Promise<unknown>): Promise<LdapError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (failure: unknown) => failure,
  );
  if (!(error instanceof LdapError)) throw error;
  return error;
}

const expectFailure = async (call: Promise<unknown>, reason: LdapFailure, detail?: string | RegExp) => {
  const error = await failureOf(call);
  expect(error.reason).toBe(reason);
  if (detail !== undefined) expect(error.detail).toMatch(detail);
  return error;
};

const immutableIdFromSlapd = (uid: string) => immutableIdInSlapd(slapd, uid);

describe('the immutable identifier of an entry', () => {
  it("writes an entryUUID as the ImmutableID of the same GUID in Active Directory's objectGUID", () => {
    // The GUID {3F2504E0-4F89-11D3-9A0C-0305E82C3301}: in objectGUID's byte order E0 04 25 3F 89 4F D3 11 9A…
    expect(immutableIdOf({ dn: 'x', entryUUID: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' })).toBe(
      '4AQlP4lP0xGaDAMF6CwzAQ==',
    );
    const objectGuid = Buffer.from('e004253f894fd3119a0c0305e82c3301', 'hex');
    expect(immutableIdOf({ dn: 'x', objectGUID: objectGuid })).toBe('4AQlP4lP0xGaDAMF6CwzAQ==');
    expect(immutableIdOf({ dn: 'x', entryUUID: 'not a uuid' })).toBeNull();
    expect(immutableIdOf({ dn: 'x' })).toBeNull();
  });
});

describe('the test directory', () => {
  it('caps a plain search at 500 entries and pages of more than 500, and pages through everything', async () => {
    const client = new Client({ url: slapd.url, timeout: 5000 });
    try {
      await client.bind(slapd.reader.dn, slapd.reader.password);
      await expect(
        client.search(slapd.peopleDn, { filter: '(uid=*)', attributes: ['uid'] }),
      ).rejects.toBeInstanceOf(SizeLimitExceededError);
      await expect(
        client.search(slapd.peopleDn, { filter: '(uid=*)', attributes: ['uid'], paged: { pageSize: 501 } }),
      ).rejects.toBeInstanceOf(AdminLimitExceededError);
      const { searchEntries } = await client.search(slapd.peopleDn, {
        filter: '(uid=*)',
        attributes: ['uid'],
        paged: { pageSize: 500 },
      });
      expect(searchEntries).toHaveLength(USERS);
    } finally {
      await client.unbind();
    }
  });
});

describe('testing the connection', () => {
  it('binds, reads the base DN and counts the users the pattern finds, past the cap', async () => {
    // The reader's account may not write passwords (test/support/slapd.sh).
    expect(await testLdapConnection(settings, { outbound })).toEqual({
      entries: USERS,
      passwordWritable: false,
    });
  });

  it('names a refused password without repeating it', async () => {
    const error = await expectFailure(
      testLdapConnection({ ...settings, password: 'not-the-secret' }, { outbound }),
      'credentials',
      'The user DN or password was refused.',
    );
    expect(error.message).not.toContain('not-the-secret');
    await expectFailure(
      testLdapConnection({ ...settings, userDn: `cn=nobody,${slapd.baseDn}` }, { outbound }),
      'credentials',
    );
    // An empty password would be an anonymous bind, which succeeds.
    await expectFailure(testLdapConnection({ ...settings, password: '' }, { outbound }), 'credentials');
  });

  it('names a base DN that does not exist', async () => {
    await expectFailure(
      testLdapConnection({ ...settings, baseDn: `ou=nope,${slapd.baseDn}` }, { outbound }),
      'baseDn',
      "The base DN 'ou=nope,dc=example,dc=test' does not exist",
    );
  });

  it('names a port where nothing listens', async () => {
    const port = await closedPort();
    await expectFailure(
      testLdapConnection({ ...settings, port }, { outbound }),
      'refused',
      `The server at 127.0.0.1:${port} refused the connection.`,
    );
  });

  it('does not hang on an address that never answers', async () => {
    const started = Date.now();
    const error = await failureOf(
      testLdapConnection(
        { ...settings, host: '10.255.255.1' },
        { outbound: outboundPolicy(['10.255.255.1']), timeoutMs: 300 },
      ),
    );
    // Where the network answers "unreachable" at once the connection is refused instead of timing out.
    expect(['timeout', 'refused']).toContain(error.reason);
    if (error.reason === 'timeout')
      expect(error.detail).toBe('No answer from 10.255.255.1:389 within 300 ms.');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('times out on a server that accepts the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      await expectFailure(
        testLdapConnection({ ...settings, port }, { outbound, timeoutMs: 300 }),
        'timeout',
        `No answer from 127.0.0.1:${port} within 300 ms.`,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('names a secured connection to a server that does not speak TLS', async () => {
    await expectFailure(
      testLdapConnection({ ...settings, secured: true }, { outbound, timeoutMs: 2000 }),
      'tls',
    );
  });

  it('names a login pattern that is not a filter, before connecting', async () => {
    const port = await closedPort();
    await expectFailure(
      testLdapConnection(
        {
          ...settings,
          port,
          userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username})',
        },
        { outbound },
      ),
      'filter',
      /not a valid LDAP filter/,
    );
  });
});

describe('reading the users', () => {
  it('reads every user through pages, past the cap, with the mapped attributes', async () => {
    const progress: number[] = [];
    const entries = await readLdapUsers(settings, { outbound }, (read) => progress.push(read));
    expect(entries).toHaveLength(USERS);
    expect(new Set(entries.map((entry) => entry.username)).size).toBe(USERS);
    expect(progress).toEqual([500, 600]);
    expect(entries.find((entry) => entry.username === 'user00007')).toEqual({
      dn: `uid=user00007,${slapd.peopleDn}`,
      username: 'user00007',
      email: 'user00007@example.test',
      displayName: 'Hiro Smith 00007',
      mobilePhone: '+15550000007',
      immutableId: await immutableIdFromSlapd('user00007'),
    });
  });

  it('reports progress after each page of the size asked', async () => {
    const progress: number[] = [];
    await readLdapUsers(settings, { outbound, pageSize: 200 }, (read) => progress.push(read));
    expect(progress).toEqual([200, 400, 600]);
  });

  it('maps other attributes, and leaves out the entries without the login property', async () => {
    await slapd.addUser('badge1', { employeeNumber: 'E-1', telephoneNumber: '+33 1 23 45 67 89' });
    await slapd.addUser('badge2', { employeeNumber: 'E-2', cn: 'Second Badge' });
    try {
      const entries = await readLdapUsers(
        {
          ...settings,
          userLoginPattern: '(&(objectClass=inetOrgPerson)(cn={username}))',
          loginProperty: 'employeeNumber',
          displayNameAttribute: 'cn',
          phoneAttribute: 'telephoneNumber',
        },
        { outbound },
      );
      expect(entries.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
        {
          dn: slapd.userDn('badge1'),
          username: 'E-1',
          email: null,
          displayName: 'badge1',
          mobilePhone: '+33 1 23 45 67 89',
          immutableId: await immutableIdFromSlapd('badge1'),
        },
        {
          dn: slapd.userDn('badge2'),
          username: 'E-2',
          email: null,
          displayName: 'Second Badge',
          mobilePhone: null,
          immutableId: await immutableIdFromSlapd('badge2'),
        },
      ]);
    } finally {
      await slapd.deleteUser('badge1');
      await slapd.deleteUser('badge2');
    }
  });

  it('passes on what the progress callback throws', async () => {
    const stop = new Error('cancelled');
    await expect(
      readLdapUsers(settings, { outbound }, () => {
        throw stop;
      }),
    ).rejects.toBe(stop);
  });
});

describe('finding one user', () => {
  it('finds a user by login name', async () => {
    expect(await findLdapUser(settings, 'user00042', { outbound })).toEqual({
      dn: slapd.userDn('user00042'),
      username: 'user00042',
      email: 'user00042@example.test',
      displayName: 'Carlos Tanaka 00042',
      mobilePhone: '+15550000042',
      immutableId: await immutableIdFromSlapd('user00042'),
    });
    expect(await findLdapUser(settings, 'user99999', { outbound })).toBeNull();
  });

  it('escapes the login name: filter syntax in it matches nobody, or only the name itself', async () => {
    expect(await findLdapUser(settings, '*', { outbound })).toBeNull();
    expect(await findLdapUser(settings, '*)(uid=*', { outbound })).toBeNull();
    expect(await findLdapUser(settings, 'user00042)(uid=*', { outbound })).toBeNull();
    expect(await findLdapUser(settings, 'user0004*', { outbound })).toBeNull();
    expect(await findLdapUser(settings, 'user00042\\', { outbound })).toBeNull();
    await slapd.addUser('o(k)*\\x');
    try {
      expect(await findLdapUser(settings, 'o(k)*\\x', { outbound })).toMatchObject({ username: 'o(k)*\\x' });
    } finally {
      await slapd.deleteUser('o(k)*\\x');
    }
  });
});

describe('writing a password', () => {
  it('replaces the password with the writing account: the user then signs in with the new one', async () => {
    const dn = slapd.userDn('user00010');
    expect(await slapd.canBind(dn, SLAPD_USER_PASSWORD)).toBe(true);
    await setLdapPassword(
      { ...settings, userDn: slapd.writer.dn, password: slapd.writer.password },
      dn,
      'New-Pass-10',
      { outbound },
    );
    expect(await slapd.canBind(dn, 'New-Pass-10')).toBe(true);
    expect(await slapd.canBind(dn, SLAPD_USER_PASSWORD)).toBe(false);
  });

  it('names an account the directory does not let write passwords, without repeating the password', async () => {
    const dn = slapd.userDn('user00011');
    const error = await expectFailure(
      setLdapPassword(settings, dn, 'New-Pass-11', { outbound }),
      'notAllowed',
      'The directory does not let the configured account change passwords.',
    );
    expect(error.message).not.toContain('New-Pass-11');
    expect(await slapd.canBind(dn, SLAPD_USER_PASSWORD)).toBe(true);
  });

  it('names an entry that does not exist', async () => {
    await expectFailure(
      setLdapPassword(
        { ...settings, userDn: slapd.writer.dn, password: slapd.writer.password },
        slapd.userDn('user99999'),
        'New-Pass-99',
        { outbound },
      ),
      'other',
      /does not exist/,
    );
  });
});

describe('the outbound guard', () => {
  /** A TCP server on loopback that counts the connections it gets and answers nothing. */
  async function listener() {
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      connections: () => sockets.length,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('refuses loopback, by address or by a name that resolves to it, without connecting', async () => {
    const internal = await listener();
    const nothing = { outbound: outboundPolicy([]), timeoutMs: 300 };
    try {
      for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1']) {
        const error = await expectFailure(
          testLdapConnection({ ...settings, host, port: internal.port }, nothing),
          'notPermitted',
        );
        expect(error.detail).toBe(
          `Connections to '${host}' are not allowed: it is, or resolves to, a loopback, private, link-local or cloud metadata address.`,
        );
      }
      const at = { ...settings, port: internal.port };
      await expectFailure(readLdapUsers(at, nothing), 'notPermitted');
      await expectFailure(
        setLdapPassword(at, slapd.userDn('user00012'), 'New-Pass-12', nothing),
        'notPermitted',
      );
      expect(internal.connections()).toBe(0);
    } finally {
      await internal.close();
    }
  });

  it('refuses the cloud metadata address even where link-local is allowed', async () => {
    await expectFailure(
      testLdapConnection(
        { ...settings, host: '169.254.169.254' },
        { outbound: outboundPolicy(['169.254.0.0/16']), timeoutMs: 300 },
      ),
      'notPermitted',
    );
  });

  it('reaches slapd by a name that resolves to loopback where loopback is allowed', async () => {
    expect(await testLdapConnection({ ...settings, host: 'localhost' }, { outbound })).toMatchObject({
      entries: USERS,
    });
  });
});
