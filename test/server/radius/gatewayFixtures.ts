import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { desc, eq } from 'drizzle-orm';
import radius from 'radius';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import type { RadiusMode } from '../../../contract/gateway.ts';
import { listeningPorts } from '../../../server/app.ts';
import {
  directories,
  gatewaySignIns,
  otpCodes,
  radiusConnectors,
  serviceConnectors,
  serviceInstances,
  userDevices,
  users,
} from '../../../server/db/schema.ts';
import { newTotpSeed, totpCode } from '../../../server/domain/enrollment/totp.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import type { Slapd } from '../../support/slapd.ts';
import { newPack } from '../activationCode/fixtures.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { readerSettings } from '../fixtures/ldap.ts';
import type { TestContext } from '../helpers.ts';

/**
 * What the RADIUS server's tests share: a customer's world as the portal leaves it (a directory on the
 * test slapd with users synchronised, a token pack with a subscription, a started service with a RADIUS
 * connector of the given mode and address), and a RADIUS client made with the `radius` package that sends
 * real UDP packets and checks the answers' authenticators.
 */

export interface RadiusWorld {
  customerId: string;
  directoryId: string;
  packId: string;
  serviceId: string;
  connectorId: string;
  secret: string;
}

/** Adds the slapd user `uid` (generated: Password1!) as an ACTIVE LDAP user of the directory; answers its id. */
export async function syncedUser(
  ctx: TestContext,
  world: Pick<RadiusWorld, 'customerId' | 'directoryId'>,
  slapd: Slapd,
  uid: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
): Promise<string> {
  const [user] = await ctx.db
    .insert(users)
    .values({
      customerId: world.customerId,
      directoryId: world.directoryId,
      source: 'LDAP',
      username: uid,
      email: `${uid}@example.test`,
      externalId: slapd.userDn(uid),
      status,
    })
    .returning();
  return user!.id;
}

/** An OTP seed of the user for the world's service; answers the seed (base32). */
export async function withSeed(
  ctx: TestContext,
  world: Pick<RadiusWorld, 'customerId' | 'serviceId'>,
  userId: string,
): Promise<string> {
  const seed = newTotpSeed();
  await ctx.db.insert(otpCodes).values({
    customerId: world.customerId,
    serviceInstanceId: world.serviceId,
    userId,
    seed: createSealer(ctx.config.secretsKey).seal(seed),
  });
  return seed;
}

/** A V-Key app the user activated in the world's pack; answers its seed (base32). */
export async function withApp(
  ctx: TestContext,
  world: Pick<RadiusWorld, 'customerId' | 'packId'>,
  userId: string,
): Promise<string> {
  const seed = newTotpSeed();
  await ctx.db.insert(userDevices).values({
    customerId: world.customerId,
    userId,
    tokenPackId: world.packId,
    deviceName: 'Pixel 9',
    totpSeed: createSealer(ctx.config.secretsKey).seal(seed),
  });
  return seed;
}

/** The user's last entry in the gateway's sign-in log. */
export const lastLogOf = async (ctx: TestContext, userId: string) =>
  (
    await ctx.db
      .select()
      .from(gatewaySignIns)
      .where(eq(gatewaySignIns.userId, userId))
      .orderBy(desc(gatewaySignIns.id))
      .limit(1)
  )[0];

let worlds = 0;

/** A customer whose started service has a RADIUS connector at `address` in `mode`. */
export async function radiusWorld(
  ctx: TestContext,
  slapd: Slapd,
  options: { address?: string; mode?: RadiusMode; customerId?: string } = {},
): Promise<RadiusWorld> {
  worlds += 1;
  const customerId = options.customerId ?? (await ctx.createCustomer({ companyName: `Radius ${worlds}` })).id;
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId, name: `LDAP ${worlds}`, type: 'LDAP', ...readerSettings(slapd) })
    .returning();
  const packId = await newPack(ctx, customerId, `Pack ${worlds}`, directory!.id);
  const [service] = await ctx.db
    .insert(serviceInstances)
    .values({ customerId, tokenPackId: packId, instanceName: `VPN ${worlds}`, status: 'STARTED' })
    .returning();
  const secret = `secret-${randomBytes(6).toString('hex')}`;
  const sealer = createSealer(ctx.config.secretsKey);
  const [connector] = await ctx.db
    .insert(radiusConnectors)
    .values({
      customerId,
      name: `VPN connector ${worlds}`,
      ipAddress: options.address ?? '127.0.0.1',
      sharedSecret: sealer.seal(secret),
      mode: options.mode ?? 'challenge',
    })
    .returning();
  await ctx.db.insert(serviceConnectors).values({
    serviceInstanceId: service!.id,
    customerId,
    typeId: CONNECTOR_TYPE_IDS.radius,
    connectorId: connector!.id,
    kind: 'radius',
  });
  await heard(ctx.app);
  return {
    customerId,
    directoryId: directory!.id,
    packId,
    serviceId: service!.id,
    connectorId: connector!.id,
    secret,
  };
}

/**
 * Once the RADIUS server and the web sign-in page of each app have heard every change committed so far:
 * they keep what they read until a change is noticed, and on PostgreSQL the notice comes a moment after the
 * commit.
 */
export async function heard(...apps: object[]): Promise<void> {
  await Promise.all(
    apps.flatMap((app) => {
      const listening = listeningPorts.get(app);
      return [listening?.radiusCaughtUp?.(), listening?.webSignInCaughtUp?.()];
    }),
  );
}

export async function setMode(ctx: TestContext, world: RadiusWorld, mode: RadiusMode): Promise<void> {
  await ctx.db.update(radiusConnectors).set({ mode }).where(eq(radiusConnectors.id, world.connectorId));
  await heard(ctx.app);
}

/** An answer as the client read it: its code and attributes (State as the bytes the server sent). */
export interface RadiusAnswer {
  code: string;
  attributes: Record<string, unknown>;
  raw: Buffer;
}

export interface SendOptions {
  /** Sign with this secret instead of the world's. */
  secret?: string;
  /** Leave the Message-Authenticator out. */
  withoutMessageAuthenticator?: boolean;
  /** Spoil the Message-Authenticator after signing. */
  spoilMessageAuthenticator?: boolean;
  /** How long to wait for an answer (ms). */
  waitMs?: number;
  /** Send the same bytes again, this many times, while waiting. */
  retransmit?: number;
}

/**
 * A RADIUS client on its own UDP socket (one source port): Access-Requests with a Message-Authenticator, as
 * Debian's radclient sends them; an answer is checked against the request (Response Authenticator and
 * Message-Authenticator), else the test fails.
 */
export function radiusClient(port: number, secret: string, host = '127.0.0.1') {
  let identifier = Math.floor(Math.random() * 200);
  async function send(
    attributes: [string, string | Buffer | number][],
    options: SendOptions = {},
  ): Promise<{ answers: RadiusAnswer[]; request: Buffer }> {
    identifier = (identifier + 1) % 256;
    const signing = options.secret ?? secret;
    let request = radius.encode({
      code: 'Access-Request',
      identifier,
      secret: signing,
      attributes: [...attributes],
      add_message_authenticator: !options.withoutMessageAuthenticator,
    });
    if (options.spoilMessageAuthenticator) {
      request = Buffer.from(request);
      request[request.length - 1] ^= 0xff;
    }
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    const answers: RadiusAnswer[] = [];
    await new Promise<void>((resolve) => socket.bind(0, resolve));
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.waitMs ?? 3000);
      socket.on('message', (message) => {
        const raw = Buffer.from(message);
        if (!radius.verify_response({ request, response: Buffer.from(raw), secret: signing })) {
          throw new Error('the answer does not verify with the shared secret');
        }
        const decoded = radius.decode({ packet: raw, secret: signing });
        if (!decoded.attributes['Message-Authenticator'])
          throw new Error('the answer has no Message-Authenticator');
        answers.push({ code: decoded.code, attributes: decoded.attributes, raw });
        if (!options.retransmit) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    socket.send(request, port, host);
    for (let again = 0; again < (options.retransmit ?? 0); again++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.send(request, port, host);
    }
    await done;
    socket.close();
    return { answers, request };
  }
  return {
    send,
    /** One Access-Request of `userName` with `password` (PAP); its one answer, or null for none. */
    async ask(
      userName: string,
      password: string,
      extra: [string, string | Buffer | number][] = [],
      options: SendOptions = {},
    ): Promise<RadiusAnswer | null> {
      const { answers } = await send(
        [['User-Name', userName], ['User-Password', password], ['NAS-Port', 1], ...extra],
        options,
      );
      return answers[0] ?? null;
    },
  };
}

/** The current code of a TOTP seed (base32), as the app or an authenticator shows it. */
export const currentCode = (seed: string, at = new Date()) => totpCode(seed, at);

/** A token of an administrator of the customer (its built-in Customer Admin role), for the portal's calls. */
export async function customerAdminToken(ctx: TestContext, customerId: string): Promise<string> {
  const admin = await signedIn(ctx, { customerId, roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)] });
  return admin.token;
}
