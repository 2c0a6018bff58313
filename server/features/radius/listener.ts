import { createHmac, timingSafeEqual } from 'node:crypto';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIP } from 'node:net';
import { Counter, Histogram } from 'prom-client';
import radius from 'radius';
import { gateway as gatewayTexts } from '../../../contract/gatewayTexts.ts';
import { outboundPolicy } from '../../domain/outbound.ts';
import type { Listener, ListenerContext } from '../../kit/feature.ts';
import { Gateway, type GatewayAnswer, type GatewayConnector } from '../gateway/decision.ts';
import { canonicalIp } from './radiusConnectors.ts';

/**
 * The gateway's RADIUS server (RFC 2865, authentication only), on UDP RADIUS_HOST:RADIUS_PORT: the VPNs
 * the customers registered as RADIUS connectors send their users' Access-Requests here, and the gateway
 * decides (gateway/decision.ts).
 *
 * - A client is the address of a RADIUS connector. When several connectors (of one customer or several)
 *   have the packet's source address (a shared NAT), the packet's NAS-Identifier must be one of their ids.
 * - Every Access-Request must carry a right Message-Authenticator (RFC 2869 §5.14; required since
 *   BlastRADIUS, CVE-2024-3596), checked here byte for byte; every answer carries one. A packet from an
 *   unknown address, naming no connector, malformed, or without a right Message-Authenticator is dropped
 *   without an answer (RFC 2865 §3) and counted in /metrics (radius_dropped_total, by reason).
 * - A retransmission (same source, identifier and Request Authenticator within 30 s) gets the first answer
 *   again, or nothing while the first is being decided: it is never decided twice.
 * - An Access-Reject is sent RADIUS_REJECT_DELAY_MS after the request came, whatever the reason.
 * - Past RADIUS_MAX_PENDING requests being decided at once (held pushes aside), a new request is dropped
 *   (radius_dropped_total{reason="overloaded"}): a server that falls behind answers those it can in time,
 *   and the clients send the others again, rather than every answer coming after every client gave up.
 *
 * The packets are read and written by the `radius` package (node-radius: its dictionaries and attribute
 * codecs, PAP's User-Password, the Response Authenticator and Message-Authenticator of answers); the
 * request's Message-Authenticator is checked here, because the package compares it as text.
 */

const ACCESS_REQUEST = 1;
const HEADER_LENGTH = 20;
const MAX_PACKET = 4096;
const MESSAGE_AUTHENTICATOR = 80;
const NAS_IDENTIFIER = 32;
const RETRANSMISSION_WINDOW_MS = 30_000;

type DropReason =
  | 'malformed'
  | 'not_access_request'
  | 'unknown_client'
  | 'unknown_nas_identifier'
  | 'message_authenticator'
  | 'overloaded'
  | 'stopping';

/** An answer being decided (null) or sent (its bytes, null for a dropped packet). */
interface Seen {
  at: number;
  answer: Buffer | null | 'pending';
}

/** The attributes of a packet as (type, value start, value end), or null when they do not add up. */
function attributesOf(packet: Buffer, length: number): [number, number, number][] | null {
  const found: [number, number, number][] = [];
  let offset = HEADER_LENGTH;
  while (offset < length) {
    if (offset + 2 > length) return null;
    const type = packet[offset]!;
    const size = packet[offset + 1]!;
    if (size < 2 || offset + size > length) return null;
    found.push([type, offset + 2, offset + size]);
    offset += size;
  }
  return found;
}

/** Whether the request's Message-Authenticator is the HMAC-MD5 of the packet (with it zeroed) by the secret. */
function messageAuthenticatorRight(packet: Buffer, value: [number, number, number], secret: string): boolean {
  const [, start, end] = value;
  if (end - start !== 16) return false;
  const copy = Buffer.from(packet);
  copy.fill(0, start, end);
  const expected = createHmac('md5', secret).update(copy).digest();
  return timingSafeEqual(expected, packet.subarray(start, end));
}

/** An address as connectors keep it: IPv4-mapped IPv6 as IPv4, IPv6 compressed. */
const clientAddressOf = (address: string) =>
  canonicalIp(
    address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address,
  );

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : null;

export async function listenRadius({
  db,
  services,
  log,
  metrics,
}: ListenerContext): Promise<Listener | undefined> {
  const settings = services.config.radius;
  if (!settings) return undefined;

  const requests = new Counter({
    name: 'radius_requests_total',
    help: 'RADIUS Access-Requests answered, by answer (accept, reject, challenge).',
    labelNames: ['answer'] as const,
    registers: [metrics],
  });
  const dropped = new Counter({
    name: 'radius_dropped_total',
    help: 'RADIUS packets dropped without an answer, by reason.',
    labelNames: ['reason'] as const,
    registers: [metrics],
  });
  const retransmissions = new Counter({
    name: 'radius_retransmissions_total',
    help: 'RADIUS retransmissions received (answered again from the first answer, never decided twice).',
    registers: [metrics],
  });
  const decisionTime = new Histogram({
    name: 'radius_decision_seconds',
    help: 'Time from an Access-Request to its answer (without the reject delay).',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics],
  });

  const gateway = new Gateway({
    db,
    sealer: services.sealer,
    outbound: outboundPolicy(services.config.outboundAllow),
    log,
    now: services.now,
    pushTimeoutSec: settings.pushTimeoutSec,
  });
  const seen = new Map<string, Seen>();
  const working = new Set<Promise<void>>();
  /** Requests being decided now (held pushes among them: Gateway.holding). */
  let deciding = 0;
  let stopping = false;

  const socket: Socket = createSocket({ type: isIP(settings.host) === 6 ? 'udp6' : 'udp4' });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(settings.port, settings.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    socket.close();
    await gateway.close();
    const code = (error as { code?: string }).code ?? 'an error';
    throw new Error(
      `the RADIUS server cannot listen on UDP ${settings.host}:${settings.port} (${code}${code === 'EADDRINUSE' ? ': another program uses the port' : ''}): set RADIUS_PORT to a free port, or RADIUS_PORT=0 to turn the gateway's RADIUS server off`,
    );
  }
  socket.on('error', (error) => log.error({ err: error }, 'RADIUS server: socket error'));
  const port = socket.address().port;
  services.listening.radius = port;
  services.listening.radiusCaughtUp = () => gateway.caughtUp();
  log.info(
    `RADIUS server listening on udp ${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`,
  );

  const drop = (reason: DropReason) => {
    dropped.inc({ reason });
    return null;
  };

  /** Forgets what is older than the retransmission window (the map is in arrival order). */
  const forgetOld = (now: number) => {
    for (const [key, entry] of seen) {
      if (entry.at > now - RETRANSMISSION_WINDOW_MS) break;
      seen.delete(key);
    }
  };

  /** The connector the packet comes from, with its secret, or why it is dropped. */
  async function connectorOf(packet: Buffer, length: number, address: string) {
    const rows = await gateway.connectorsAt(address);
    if (rows.length === 0) return 'unknown_client' as const;
    if (rows.length === 1) return rows[0]!;
    const attributes = attributesOf(packet, length) ?? [];
    const named = attributes
      .filter(([type]) => type === NAS_IDENTIFIER)
      .map(([, start, end]) => packet.subarray(start, end).toString('utf8').trim().toLowerCase());
    return rows.find((row) => named.includes(row.id)) ?? ('unknown_nas_identifier' as const);
  }

  /** The answer to an Access-Request (its bytes), or null to drop it. */
  async function answerTo(packet: Buffer, remote: RemoteInfo, receivedAt: number): Promise<Buffer | null> {
    const length = packet.readUInt16BE(2);
    const address = clientAddressOf(remote.address);
    const found = await connectorOf(packet, length, address);
    if (typeof found === 'string') return drop(found);
    const attributes = attributesOf(packet, length);
    if (!attributes) return drop('malformed');
    const authenticators = attributes.filter(([type]) => type === MESSAGE_AUTHENTICATOR);
    const secret = found.secret;
    if (secret === null) {
      log.error({ connectorId: found.id }, 'RADIUS server: a shared secret could not be opened');
      return drop('message_authenticator');
    }
    if (authenticators.length !== 1 || !messageAuthenticatorRight(packet, authenticators[0]!, secret)) {
      return drop('message_authenticator');
    }
    let request: radius.RadiusPacket;
    try {
      request = radius.decode({ packet: packet.subarray(0, length), secret });
    } catch {
      return drop('malformed');
    }
    const attributesByName = request.attributes as Record<string, unknown>;
    const calling = textOf(attributesByName['Calling-Station-Id'])?.trim() ?? '';
    const connector: GatewayConnector = { id: found.id, customerId: found.customerId, mode: found.mode };
    const state = attributesByName.State;
    const decided: GatewayAnswer = await gateway.decide({
      protocol: 'RADIUS',
      connector,
      userName: (textOf(attributesByName['User-Name']) ?? '').trim(),
      password: textOf(attributesByName['User-Password']),
      state: state === undefined ? null : (textOf(state) ?? null),
      clientAddress: isIP(calling) ? canonicalIp(calling) : address,
    });
    decisionTime.observe((Date.now() - receivedAt) / 1000);
    requests.inc({ answer: decided.result.toLowerCase() });
    const reply: [string, string | Buffer][] = [];
    let code: string;
    if (decided.result === 'ACCEPT') {
      code = 'Access-Accept';
      reply.push(['Reply-Message', gatewayTexts.radius.accepted]);
    } else if (decided.result === 'CHALLENGE') {
      code = 'Access-Challenge';
      reply.push(['Reply-Message', gatewayTexts.radius.challenge]);
      reply.push(['State', Buffer.from(decided.state ?? '', 'utf8')]);
    } else {
      code = 'Access-Reject';
      reply.push(['Reply-Message', gatewayTexts.radius.refused]);
    }
    // Every answer carries a Message-Authenticator (the request had one: the package adds it then).
    return radius.encode_response({ packet: request, code, secret, attributes: reply });
  }

  async function onPacket(packet: Buffer, remote: RemoteInfo): Promise<void> {
    const receivedAt = Date.now();
    if (stopping) return void drop('stopping');
    if (packet.length < HEADER_LENGTH || packet.length > MAX_PACKET) return void drop('malformed');
    const length = packet.readUInt16BE(2);
    if (length < HEADER_LENGTH || length > packet.length) return void drop('malformed');
    if (packet[0] !== ACCESS_REQUEST) return void drop('not_access_request');

    const key = `${remote.address}|${remote.port}|${packet[1]}|${packet.subarray(4, HEADER_LENGTH).toString('hex')}`;
    forgetOld(receivedAt);
    const earlier = seen.get(key);
    if (earlier) {
      retransmissions.inc();
      if (earlier.answer !== 'pending' && earlier.answer !== null) {
        socket.send(earlier.answer, remote.port, remote.address);
      }
      return;
    }
    // Past RADIUS_MAX_PENDING requests being decided, a request would wait past its client's timeout: it is
    // dropped now (not kept as seen), and the client's retransmission is decided when there is room.
    if (deciding - gateway.holding >= settings!.maxPending) return void drop('overloaded');
    const entry: Seen = { at: receivedAt, answer: 'pending' };
    seen.set(key, entry);
    let answer: Buffer | null;
    deciding++;
    try {
      answer = await answerTo(packet, remote, receivedAt);
    } catch (error) {
      // No answer rather than a wrong one: the client retries, and is decided again.
      log.error({ err: error }, 'RADIUS server: a request could not be decided');
      seen.delete(key);
      return;
    } finally {
      deciding--;
    }
    if (answer && answer[0] === 3 /* Access-Reject */) {
      const wait = receivedAt + settings!.rejectDelayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    entry.answer = answer;
    if (answer && !stopping) socket.send(answer, remote.port, remote.address);
  }

  socket.on('message', (packet, remote) => {
    const work = onPacket(packet, remote).finally(() => working.delete(work));
    working.add(work);
  });

  return {
    async close() {
      stopping = true;
      services.listening.radius = null;
      services.listening.radiusCaughtUp = undefined;
      // Held pushes answer at once (as timed out); what is being decided finishes, unanswered.
      await gateway.close();
      await Promise.allSettled([...working]);
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
