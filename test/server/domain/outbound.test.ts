import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import {
  type Lookup,
  OutboundError,
  outboundPolicy,
  pinnedLookup,
  resolveOutbound,
} from '../../../server/domain/outbound.ts';

/**
 * The outbound guard (server/domain/outbound.ts): what a customer-aimed connection may reach. Names are
 * resolved by the system's resolver (`localhost` is a name that resolves to loopback) or, where a test needs
 * a name with several addresses, by a resolver the test gives.
 */

const NOTHING_ALLOWED = outboundPolicy([]);

/** The OutboundError `resolveOutbound` fails with (the test fails if it succeeds or fails otherwise). */
async function refusal(host: string, policy = NOTHING_ALLOWED, lookup?: Lookup): Promise<OutboundError> {
  const error = await resolveOutbound(host, policy, { lookup, timeoutMs: 3000 }).then(
    (resolved) => new Error(`'${host}' was let through to ${resolved.address}`),
    (failure: unknown) => failure,
  );
  if (!(error instanceof OutboundError)) throw error;
  return error;
}

const expectRefused = async (host: string, policy = NOTHING_ALLOWED, lookup?: Lookup) => {
  const error = await refusal(host, policy, lookup);
  expect(error.category, `${host}: ${error.message}`).toBe('notPermitted');
  return error;
};

describe('the outbound guard', () => {
  it('refuses loopback addresses without an allow list', async () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]']) await expectRefused(host);
  });

  it('refuses link-local addresses', async () => {
    for (const host of ['169.254.10.20', 'fe80::1', 'fe80::1%lo']) await expectRefused(host);
  });

  it('refuses private, shared, multicast, unspecified and broadcast addresses', async () => {
    for (const host of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      'fd12:3456::1',
      '224.0.0.251',
      'ff02::1',
      '0.0.0.0',
      '::',
      '255.255.255.255',
      '240.0.0.1',
    ]) {
      await expectRefused(host);
    }
  });

  it('refuses the cloud metadata addresses even when their range is allowed', async () => {
    const linkLocal = outboundPolicy(['169.254.0.0/16', 'fc00::/7']);
    expect(await resolveOutbound('169.254.10.20', linkLocal)).toMatchObject({
      address: '169.254.10.20',
      family: 4,
    });
    await expectRefused('169.254.169.254', linkLocal);
    await expectRefused('fd00:ec2::254', linkLocal);
    await expectRefused('169.254.169.254', outboundPolicy(['0.0.0.0/0']));
    await expectRefused('::ffff:169.254.169.254', linkLocal);
  });

  it('refuses a DNS name that resolves to loopback, and lets it through where loopback is allowed', async () => {
    const error = await expectRefused('localhost');
    expect(error.message).toContain("'localhost'");
    const allowed = await resolveOutbound('localhost', outboundPolicy(['127.0.0.0/8', '::1/128']));
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
  });

  it('refuses IPv4-mapped and NAT64 IPv6 forms of loopback and private addresses', async () => {
    for (const host of [
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '::127.0.0.1',
    ])
      await expectRefused(host);
  });

  it('lets a private address through when OUTBOUND_ALLOW lists its network, and no other', async () => {
    const office = outboundPolicy(['10.20.0.0/16', '192.168.1.5']);
    expect(await resolveOutbound('10.20.3.4', office)).toMatchObject({ address: '10.20.3.4', family: 4 });
    expect(await resolveOutbound('192.168.1.5', office)).toMatchObject({ address: '192.168.1.5', family: 4 });
    await expectRefused('10.21.0.1', office);
    await expectRefused('192.168.1.6', office);
    await expectRefused('127.0.0.1', office);
  });

  it('lets a public address through as it is', async () => {
    expect(await resolveOutbound('93.184.215.14', NOTHING_ALLOWED)).toEqual({
      address: '93.184.215.14',
      family: 4,
      addresses: [{ address: '93.184.215.14', family: 4 }],
    });
    expect(await resolveOutbound('2606:4700::1111', NOTHING_ALLOWED)).toMatchObject({
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('resolves a name once, and the connection goes to the addresses it checked, for the name', async () => {
    const asked: string[] = [];
    // A name no resolver knows, answered here: only the pinned lookup can take a connection to it.
    const lookup: Lookup = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const resolved = await resolveOutbound('directory.example.com', outboundPolicy(['127.0.0.0/8']), {
      lookup,
    });
    expect(resolved).toEqual({
      address: '127.0.0.1',
      family: 4,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    const hosts: string[] = [];
    const server = createServer((request, response) => {
      hosts.push(request.headers.host ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          { hostname: 'directory.example.com', port, agent: false, lookup: pinnedLookup(resolved) },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(body).toBe('ok');
      expect(hosts).toEqual([`directory.example.com:${port}`]);
      expect(asked).toEqual(['directory.example.com']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const lookup: Lookup = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expectRefused('split.example.com', NOTHING_ALLOWED, lookup);
    const metadata: Lookup = async () => [{ address: '::ffff:a9fe:a9fe', family: 6 }];
    await expectRefused('metadata.example.com', outboundPolicy(['169.254.0.0/16']), metadata);
  });

  it('names a host that does not resolve as unresolved', async () => {
    const nothing: Lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const error = await refusal('nowhere.example.com', NOTHING_ALLOWED, nothing);
    expect(error).toMatchObject({
      category: 'unresolved',
      message: "The host name 'nowhere.example.com' could not be resolved.",
    });
    expect((await refusal('nowhere.invalid')).category).toBe('unresolved');
  });
});

describe('OUTBOUND_ALLOW', () => {
  const env = {
    JWT_SECRET: 'a-jwt-secret-that-is-long-enough-0123456789',
    SECRETS_KEY: 'a-secrets-key-that-is-long-enough-0123456789',
  };

  it('is empty by default, and a list of addresses and CIDR ranges when set', () => {
    expect(loadConfig(env).outboundAllow).toEqual([]);
    expect(
      loadConfig({ ...env, OUTBOUND_ALLOW: '10.0.0.0/8, 192.168.10.5,fd12::/64' }).outboundAllow,
    ).toEqual(['10.0.0.0/8', '192.168.10.5', 'fd12::/64']);
  });

  it('stops the server at start on an entry that is not an address or a CIDR range', () => {
    for (const entry of ['ldap.example.com', '10.0.0.0/33', '10.0.0.0/8/1', 'loopback']) {
      expect(() => loadConfig({ ...env, OUTBOUND_ALLOW: `127.0.0.0/8,${entry}` })).toThrow(
        `OUTBOUND_ALLOW must be IP addresses or CIDR ranges separated by commas, as 10.0.0.0/8,192.168.10.5 (found "${entry}")`,
      );
    }
  });
});
