import { Client, SizeLimitExceededError } from 'ldapts';
import {
  findLdapUser,
  LdapError,
  type LdapSettings,
  readLdapUsers,
  testLdapConnection,
} from '../../server/domain/directories/ldapClient.ts';
import { type Slapd, startSlapd } from '../support/slapd.ts';

/** The LDAP client against a real OpenLDAP that caps a plain search at 500 entries, as directories do. */

let slapd: Slapd;
let settings: LdapSettings;

beforeAll(async () => {
  slapd = await startSlapd({ users: 600 });
  settings = {
    host: slapd.host,
    port: slapd.port,
    secured: false,
    baseDn: slapd.peopleDn,
    userDn: slapd.reader.dn,
    password: slapd.reader.password,
    userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username}))',
    loginProperty: 'uid',
    emailAttribute: 'mail',
    displayNameAttribute: 'displayName',
    phoneAttribute: 'mobile',
  };
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

describe('reading the users of a directory', () => {
  it('reads past the directory cap with paged searches, where one plain search cannot', async () => {
    const client = new Client({ url: slapd.url });
    await client.bind(slapd.reader.dn, slapd.reader.password);
    await expect(
      client.search(slapd.peopleDn, { filter: '(uid=*)', attributes: ['uid'] }),
    ).rejects.toBeInstanceOf(SizeLimitExceededError);
    await client.unbind();

    const progress: number[] = [];
    const entries = await readLdapUsers(settings, (read) => progress.push(read), { pageSize: 200 });
    expect(entries).toHaveLength(600);
    expect(new Set(entries.map((entry) => entry.username)).size).toBe(600);
    expect(progress).toEqual([200, 400, 600]);
    expect(entries.find((entry) => entry.username === 'user00007')).toEqual({
      dn: `uid=user00007,${slapd.peopleDn}`,
      username: 'user00007',
      email: 'user00007@example.test',
      displayName: expect.stringContaining('00007'),
      mobilePhone: '+15550000007',
    });
  });

  it('finds one user by login name, and nobody for a name holding filter syntax', async () => {
    expect(await findLdapUser(settings, 'user00042')).toMatchObject({ username: 'user00042' });
    expect(await findLdapUser(settings, '*')).toBeNull();
    expect(await findLdapUser(settings, 'user00042)(uid=*')).toBeNull();
  });

  it('counts every user the pattern finds when testing the connection, past the cap', async () => {
    expect(await testLdapConnection(settings)).toEqual({ entries: 600 });
  });

  it('does not hang on an address that never answers', async () => {
    const failure = await testLdapConnection({ ...settings, host: '10.255.255.1' }, { timeoutMs: 300 }).catch(
      (error) => error,
    );
    expect(failure).toBeInstanceOf(LdapError);
    expect(['timeout', 'refused']).toContain(failure.reason);
  });
});
