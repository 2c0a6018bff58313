import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The guard of every outbound connection a customer can aim (an LDAP server, a REST directory, Azure AD's
 * authority and Graph, and the connectors and webhooks to come): the name is resolved once, every address it
 * resolves to is checked, and the caller connects to those addresses only, never looking the name up again (a
 * second lookup could answer another address: DNS rebinding). `pinnedLookup` hands them to Node's
 * connections (net, tls, http and https take a `lookup`), which then try them as they would the system's
 * answer (IPv6 and IPv4 in turn), TLS still verifying the certificate for the host name.
 *
 * Refused: loopback, link-local, multicast, unspecified, broadcast and private addresses (the ranges of
 * SPECIAL_RANGES), unless OUTBOUND_ALLOW lists them (an on-premises install names its LDAP's network); and
 * the cloud metadata addresses, always, whatever OUTBOUND_ALLOW says.
 */

export type OutboundFailure = 'notPermitted' | 'unresolved';

/** A connection the guard refused (`notPermitted`), or a name that did not resolve (`unresolved`). */
export class OutboundError extends Error {
  readonly category: OutboundFailure;
  readonly host: string;
  constructor(category: OutboundFailure, host: string, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.category = category;
    this.host = host;
  }
}

/** What may be reached besides the public internet: the ranges of OUTBOUND_ALLOW. */
export interface OutboundPolicy {
  readonly allow: readonly string[];
  readonly allowed: BlockList;
}

/** The cloud metadata services (AWS, Azure, GCP, Oracle; AWS ECS; Alibaba; AWS over IPv6): never reached. */
export const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'];

/** What is not the public internet: refused unless OUTBOUND_ALLOW lists it. */
export const SPECIAL_RANGES = [
  '0.0.0.0/8', // "this network", 0.0.0.0 (unspecified)
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '172.16.0.0/12', // private
  '192.168.0.0/16', // private
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, 255.255.255.255 (broadcast)
  '::/128', // unspecified
  '::1/128', // loopback
  '::/96', // IPv4-compatible (deprecated)
  'fc00::/7', // unique local (private)
  'fe80::/10', // link-local
  'ff00::/8', // multicast
];

const familyName = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An address, or a CIDR range (`10.0.0.0/8`, `fd12::/64`), as OUTBOUND_ALLOW takes each entry. */
export function isAddressRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
}

/** A BlockList of addresses and CIDR ranges (entries checked by isAddressRange). */
export function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) list.addAddress(address, familyName(address));
    else list.addSubnet(address, Number(prefix), familyName(address));
  }
  return list;
}

const metadata = blockList(METADATA_ADDRESSES);
const special = blockList(SPECIAL_RANGES);

/** The policy of an allow list (entries checked by isAddressRange; config.ts refuses others at start). */
export function outboundPolicy(allow: readonly string[] = []): OutboundPolicy {
  for (const entry of allow) {
    if (!isAddressRange(entry)) throw new Error(`Not an address or CIDR range: "${entry}"`);
  }
  return { allow: [...allow], allowed: blockList(allow) };
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function groupsOf(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    const tail = `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
    text = text.slice(0, -dotted[1]!.length) + tail;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined) =>
    half ? half.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The address as it is checked: without brackets or zone, an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`) and a NAT64 one (`64:ff9b::a00:1`) as the IPv4 address they carry.
 */
export function plainAddress(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return bare;
  const groups = groupsOf(bare.toLowerCase());
  if (!groups) return bare;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return bare;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Why an address may not be reached (a short phrase), or null when it may. */
export function refusalOf(address: string, policy: OutboundPolicy): string | null {
  const plain = plainAddress(address);
  const family = isIP(plain);
  if (family === 0) return 'not an IP address';
  const name = family === 6 ? 'ipv6' : 'ipv4';
  if (metadata.check(plain, name)) return 'a cloud metadata address';
  if (special.check(plain, name) && !policy.allowed.check(plain, name)) {
    return 'a loopback, private, link-local, multicast or reserved address';
  }
  return null;
}

export interface Resolved {
  /** The first address to connect to. */
  address: string;
  family: 4 | 6;
  /** Every address the name resolved to, all checked, in the resolver's order (an IP literal: itself). */
  addresses: readonly { address: string; family: 4 | 6 }[];
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => lookup(host, { all: true });

export interface ResolveOptions {
  /** How long the name may take to resolve; 5000 ms by default. */
  timeoutMs?: number;
  /** The resolver (the system's, dns.lookup, by default). */
  lookup?: Lookup;
}

/**
 * Resolves `host` once (an IP literal as it is) and answers the address to connect to, or throws an
 * OutboundError: `unresolved` when the name does not resolve (in time), `notPermitted` when any of its
 * addresses is refused (a name answering a public and a private address is refused: the connection must not
 * depend on which one a later lookup answers first).
 */
export async function resolveOutbound(
  host: string,
  policy: OutboundPolicy,
  options: ResolveOptions = {},
): Promise<Resolved> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  const refused = () =>
    new OutboundError(
      'notPermitted',
      host,
      `Connections to '${host}' are not allowed: it is, or resolves to, a loopback, private, link-local or cloud metadata address.`,
    );
  const literal = isIP(name.replace(/%.*$/, ''));
  if (literal !== 0) {
    if (refusalOf(name, policy) !== null) throw refused();
    const family = literal === 6 ? 6 : 4;
    return { address: name, family, addresses: [{ address: name, family }] };
  }
  const unresolved = () =>
    new OutboundError('unresolved', host, `The host name '${host}' could not be resolved.`);
  if (name === '') throw unresolved();
  const timeoutMs = options.timeoutMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await Promise.race([
      (options.lookup ?? systemLookup)(name),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } catch {
    throw unresolved();
  } finally {
    clearTimeout(timer);
  }
  const checked = addresses.map(
    ({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }) as const,
  );
  const [first] = checked;
  if (!first) throw unresolved();
  if (checked.some(({ address }) => refusalOf(address, policy) !== null)) throw refused();
  return { address: first.address, family: first.family, addresses: checked };
}

/**
 * A `lookup` for net, tls, http and https that answers the addresses the guard checked, whatever name it is
 * asked for: the connection goes to them and nowhere else, without a second DNS query. (For an IP literal
 * Node does not call it: it connects to the literal, which the guard checked.)
 */
export function pinnedLookup(resolved: Resolved): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const answers = resolved.addresses.filter(({ family }) => !wanted || family === wanted);
    const [first] = answers;
    if (!first) {
      callback(Object.assign(new Error('No address of the family asked for'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, answers as LookupAddress[]);
    else callback(null, first.address, first.family);
  };
}
