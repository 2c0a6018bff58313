import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Kept } from '../../db/changes.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { oidcClients, oidcPayloads } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';

/** The models whose rows name their grant: revoking a grant deletes them all (a reused code, a sign-out). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);

/**
 * oidc-provider's storage for one realm (a customer), on the database: each model's rows in oidc_payloads,
 * in the customer's transaction (row-level security keeps them to it); the model `Client` is read from the
 * customer's OIDC clients (contract/oidc.ts), their secrets unsealed.
 */
/** A client as its connector's row gives it, or undefined (kept by the provider: see provider.ts). */
export type ClientRow = typeof oidcClients.$inferSelect | undefined;

/**
 * A client's secret, or none when it cannot be read (empty, or sealed with another SECRETS_KEY): such a
 * client is unknown to the protocol (`invalid_client`) rather than a server error.
 */
function readable(sealer: Sealer, sealed: string): string | undefined {
  if (sealed === '') return undefined;
  try {
    return sealer.open(sealed);
  } catch {
    return undefined;
  }
}

export function adapterFor(db: Database, sealer: Sealer, customerId: string, clients: Kept<ClientRow>) {
  const inCustomer = <T>(work: (tx: Database) => Promise<T>) => withinCustomer(db, customerId, work);

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        model: this.model,
        id,
        customerId,
        payload,
        grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await inCustomer((tx) =>
        tx
          .insert(oidcPayloads)
          .values(values)
          .onConflictDoUpdate({
            target: [oidcPayloads.model, oidcPayloads.id],
            set: {
              payload,
              grantId: values.grantId,
              uid: values.uid,
              userCode: values.userCode,
              expiresAt: values.expiresAt,
            },
          }),
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return this.#client(id);
      if (this.model === 'AuthorizationCode') return this.#takeCode(id);
      return this.#one(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.#one(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.#one(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      // A code is consumed as the token endpoint reads it (#takeCode): nothing left to do.
      if (this.model === 'AuthorizationCode') return;
      await inCustomer((tx) =>
        tx
          .update(oidcPayloads)
          .set({
            consumedAt: new Date(),
            payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::int)`,
          })
          .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id))),
      );
    }

    async destroy(id: string): Promise<void> {
      await inCustomer((tx) =>
        tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await inCustomer((tx) => tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId)));
    }

    /**
     * An authorization code as it was, consumed in the same statement: only the token endpoint reads codes,
     * and it consumes each one it accepts, so reading is consuming (one call fewer per code). A code read
     * again is answered with its `consumed` mark: oidc-provider then revokes what it gave. A code whose
     * exchange fails after the read (a wrong PKCE verifier) is spent too, which RFC 6749 allows.
     */
    async #takeCode(id: string): Promise<AdapterPayload | undefined> {
      const taken = (await inCustomer((tx) =>
        tx.execute(sql`
          with old as (
            select ${oidcPayloads.payload} as payload, ${oidcPayloads.expiresAt} as expires_at
            from ${oidcPayloads}
            where ${oidcPayloads.model} = 'AuthorizationCode' and ${oidcPayloads.id} = ${id}
            for update
          )
          update ${oidcPayloads}
          set consumed_at = coalesce(${oidcPayloads.consumedAt}, now()),
              payload = case when ${oidcPayloads.payload} ? 'consumed' then ${oidcPayloads.payload}
                else ${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::int) end
          from old
          where ${oidcPayloads.model} = 'AuthorizationCode' and ${oidcPayloads.id} = ${id}
          returning old.payload, old.expires_at`),
      )) as unknown as { rows: { payload: AdapterPayload; expires_at: string | Date | null }[] };
      const [row] = taken.rows;
      if (!row) return undefined;
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
      if (expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
      return typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
    }

    async #one(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await inCustomer((tx) =>
        tx
          .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.model, this.model), condition))
          .limit(1),
      );
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return row.payload as AdapterPayload;
    }

    /** A relying party as registered on its OIDC connector: the code flow, with its secret. */
    async #client(clientId: string): Promise<AdapterPayload | undefined> {
      const row = await clients.get(`${customerId} ${clientId}`, async () => {
        const [found] = await inCustomer((tx) =>
          tx.select().from(oidcClients).where(eq(oidcClients.clientId, clientId)).limit(1),
        );
        return found;
      });
      const secret = row ? readable(sealer, row.clientSecret) : undefined;
      if (!row || secret === undefined) return undefined;
      return {
        client_id: row.clientId,
        client_secret: secret,
        client_name: row.clientName,
        redirect_uris: row.redirectUrls,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    }
  };
}
