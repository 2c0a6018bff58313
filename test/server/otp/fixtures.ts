import { asc, eq } from 'drizzle-orm';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import { OTP_API_KEY_HEADER } from '../../../contract/otp.ts';
import {
  httpsConnectors,
  otpCodes,
  serviceConnectors,
  serviceInstances,
  users,
} from '../../../server/db/schema.ts';
import { totpCode } from '../../../server/domain/enrollment/totp.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { newApiKey } from '../../../server/features/connector/make.ts';
import type { JsonAnswer, TestContext } from '../helpers.ts';

/**
 * What the OTP tests share beside fixtures.ts: services in a token pack, an HTTPS connector with its API key
 * attached to a service (what a gateway names the service with), the calls as the portal and a gateway make
 * them, and the stored seeds read back (unsealed).
 */

export const OTP_BASE = '/api/idm-config/reactive/otp';
export const VERIFY = '/api/otp/verify';

export async function newService(
  ctx: TestContext,
  customerId: string,
  tokenPackId: string,
  instanceName = `Service ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const [service] = await ctx.db
    .insert(serviceInstances)
    .values({ customerId, tokenPackId, instanceName, status: 'STARTED' })
    .returning();
  return service!.id;
}

/** A new HTTPS connector of the customer's, given to `serviceId` when one is named; answers its API key. */
export async function apiKeyOf(ctx: TestContext, customerId: string, serviceId?: string): Promise<string> {
  const { apiKey, apiKeyHash, apiKeyHint } = newApiKey();
  const [connector] = await ctx.db
    .insert(httpsConnectors)
    .values({ customerId, name: `API ${apiKeyHint}`, apiKeyHash, apiKeyHint, serviceId: serviceId ?? null })
    .returning();
  if (serviceId) {
    await ctx.db.insert(serviceConnectors).values({
      serviceInstanceId: serviceId,
      customerId,
      typeId: CONNECTOR_TYPE_IDS.https,
      connectorId: connector!.id,
      kind: 'https',
    });
  }
  return apiKey;
}

/** The calls of the OTP list, its actions and the gateways' check, as the portal and a gateway send them. */
export function otpCalls(ctx: TestContext) {
  return {
    list: (token: string, customerId: string, query: Record<string, string>) =>
      ctx.call('GET', `${OTP_BASE}?${new URLSearchParams({ ...query, customerId })}`, { token }),
    generate: (token: string, customerId: string, packId: string, serviceId: string) =>
      ctx.call('POST', `${OTP_BASE}/${packId}/v2/generate?customerId=${customerId}`, {
        token,
        json: { serviceId },
      }),
    regenerate: (token: string, customerId: string, packId: string, json: unknown) =>
      ctx.call('POST', `${OTP_BASE}/${packId}/v2/re-generate?customerId=${customerId}`, { token, json }),
    deleteMany: (token: string, customerId: string, packId: string, json: unknown) =>
      ctx.call('DELETE', `${OTP_BASE}/${packId}/${customerId}`, { token, json }),
    sendMail: (token: string, customerId: string, json: unknown) =>
      ctx.call('POST', `${OTP_BASE}/${customerId}/send-mail`, { token, json }),
    verify: (apiKey: string | undefined, json: unknown): Promise<JsonAnswer> =>
      ctx.call('POST', VERIFY, {
        json,
        headers: apiKey === undefined ? {} : { [OTP_API_KEY_HEADER]: apiKey },
      }),
  };
}

/** The service's seeds as stored, by username, with the seed unsealed (seedNumber). */
export async function storedSeeds(ctx: TestContext, serviceId: string) {
  const sealer = createSealer(ctx.config.secretsKey);
  const rows = await ctx.db
    .select({ seed: otpCodes, username: users.username, email: users.email })
    .from(otpCodes)
    .innerJoin(users, eq(users.id, otpCodes.userId))
    .where(eq(otpCodes.serviceInstanceId, serviceId))
    .orderBy(asc(users.username));
  return rows.map((row) => ({
    ...row.seed,
    username: row.username,
    email: row.email,
    seedNumber: sealer.open(row.seed.seed),
  }));
}

/** The code of `seed` now (or `secondsAgo` before). */
export const codeOf = (seed: string, secondsAgo = 0) =>
  totpCode(seed, new Date(Date.now() - secondsAgo * 1000));

/** A code of 6 digits that is none of the codes of `seeds` around now. */
export async function wrongCodeOf(...seeds: string[]): Promise<string> {
  const codes = seeds.flatMap((seed) => [-60, -30, 0, 30, 60].map((ago) => codeOf(seed, ago)));
  const near = new Set(await Promise.all(codes));
  for (let value = 0; ; value++) {
    const code = String(value).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}
