import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Kept } from '../../db/changes.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { oidcClients, oidcPayloads } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';

/** The models whose rows name their grant: revoking a grant deletes them all (a reused code, a sign-out). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);

/** A client as its connector's row gives it, or undefined (kept by the provider: see provider.ts). */
export type ClientRow = typeof oidcClients.$inferSelect | undefined;

/** The models a token call saves that nothing reads again within the same call. */
const DEFERRABLE = new Set(['AccessToken', 'RefreshToken']);

/** How long a record read with a code waits for the token endpoint to ask for it, and how many wait. */
const PREFETCH_MS = 2000;
const PREFETCH_MOST = 1000;

/** A record read beside another, as json_build_object gives it. */
interface Prefetched {
  payload: unknown;
  expiresAt: string | null;
}

/** A payload as the driver gives a jsonb value (PGlite an object, a json text in some paths). */
const payloadOf = (value: unknown): AdapterPayload =>
  (typeof value === 'string' ? JSON.parse(value) : value) as AdapterPayload;

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

/**
 * oidc-provider's storage for one realm (a customer), on the database: each model's rows in oidc_payloads,
 * in the customer's transaction (row-level security keeps them to it); the model `Client` is read from the
 * customer's OIDC clients (contract/oidc.ts), their secrets unsealed.
 */
export function adapterFor(db: Database, sealer: Sealer, customerId: string, clients: Kept<ClientRow>) {
  const inCustomer = <T>(work: (tx: Database) => Promise<T>) => withinCustomer(db, customerId, work);
  /**
   * The grant and the session of a code, read with it (#takeCode) because the token endpoint reads them
   * next (oidc-provider's Grant.find, then Session.findByUid for a token bound to its session): two calls
   * fewer per code. Each is taken once, within PREFETCH_MS, and dropped when this process changes it.
   */
  const prefetched = new Map<string, { payload: AdapterPayload; expiresAt: Date | null; until: number }>();
  const prefetch = (key: string, found: { payload: unknown; expiresAt: string | null } | null) => {
    if (!found) return;
    const now = Date.now();
    if (prefetched.size >= PREFETCH_MOST) {
      for (const [kept, entry] of prefetched) if (entry.until <= now) prefetched.delete(kept);
      if (prefetched.size >= PREFETCH_MOST) prefetched.clear();
    }
    prefetched.set(key, {
      payload: payloadOf(found.payload),
      expiresAt: found.expiresAt === null ? null : new Date(found.expiresAt),
      until: now + PREFETCH_MS,
    });
  };
  /** A prefetched record, once: undefined when there is none (read it), null when it has expired. */
  const takePrefetched = (key: string): AdapterPayload | null | undefined => {
    const entry = prefetched.get(key);
    if (!entry) return undefined;
    prefetched.delete(key);
    const now = Date.now();
    if (entry.until <= now) return undefined;
    return entry.expiresAt && entry.expiresAt.getTime() <= now ? null : entry.payload;
  };
  /** Rows written in one statement (each model and id once). */
  const write = (rows: (typeof oidcPayloads.$inferInsert)[]) =>
    inCustomer((tx) =>
      tx
        .insert(oidcPayloads)
        .values(rows)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: sql`excluded.payload`,
            grantId: sql`excluded.grant_id`,
            uid: sql`excluded.uid`,
            userCode: sql`excluded.user_code`,
            expiresAt: sql`excluded.expires_at`,
          },
        }),
    );
  /** The tokens a token call saves, written together when it has answered (writesAtEnd). */
  const deferred = new AsyncLocalStorage<Map<string, typeof oidcPayloads.$inferInsert>>();
  const forget = (model: string, id: string, payload?: AdapterPayload) => {
    prefetched.delete(`${model} ${id}`);
    if (model === 'Session' && typeof payload?.uid === 'string')
      prefetched.delete(`Session uid ${payload.uid}`);
    if (model === 'Session' && !payload) {
      for (const key of prefetched.keys()) if (key.startsWith('Session uid ')) prefetched.delete(key);
    }
  };

  /**
   * Koa middleware of the provider for the token endpoint: the access and refresh tokens it saves are
   * written in one statement once the endpoint has made its answer, before the answer is sent (Koa
   * responds after its middleware), so a client never holds a token that is not stored; one call fewer
   * per code.
   */
  const writesAtEnd = async (next: () => Promise<unknown>): Promise<void> => {
    const rows = new Map<string, typeof oidcPayloads.$inferInsert>();
    await deferred.run(rows, async () => {
      await next();
    });
    if (rows.size > 0) await write([...rows.values()]);
  };

  const DatabaseAdapter = class implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      forget(this.model, id, payload);
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
      const later = deferred.getStore();
      if (later && DEFERRABLE.has(this.model)) {
        later.set(`${this.model} ${id}`, values);
        return;
      }
      await write([values]);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return this.#client(id);
      if (this.model === 'AuthorizationCode') return this.#takeCode(id);
      if (this.model === 'Grant') {
        const kept = takePrefetched(`Grant ${id}`);
        if (kept !== undefined) return kept ?? undefined;
      }
      return this.#one(eq(oidcPayloads.id, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Session') {
        const kept = takePrefetched(`Session uid ${uid}`);
        if (kept !== undefined) return kept ?? undefined;
      }
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
      forget(this.model, id);
      await inCustomer((tx) =>
        tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      forget('Grant', grantId);
      await inCustomer((tx) => tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId)));
    }

    /**
     * An authorization code as it was, consumed in the same statement: only the token endpoint reads codes,
     * and it consumes each one it accepts, so reading is consuming (one call fewer per code). A code read
     * again is answered with its `consumed` mark: oidc-provider then revokes what it gave. A code whose
     * exchange fails after the read (a wrong PKCE verifier) is spent too, which RFC 6749 allows. Its grant
     * and session come with it (prefetched).
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
          returning old.payload, old.expires_at,
            (select json_build_object('payload', g.payload, 'expiresAt', g.expires_at)
              from ${oidcPayloads} g
              where g.model = 'Grant' and g.id = old.payload->>'grantId') as grant,
            (select json_build_object('payload', s.payload, 'expiresAt', s.expires_at)
              from ${oidcPayloads} s
              where s.model = 'Session' and s.uid = old.payload->>'sessionUid'
              limit 1) as session`),
      )) as unknown as {
        rows: {
          payload: AdapterPayload;
          expires_at: string | Date | null;
          grant: Prefetched | string | null;
          session: Prefetched | string | null;
        }[];
      };
      const [row] = taken.rows;
      if (!row) return undefined;
      const code = payloadOf(row.payload);
      const read = (value: Prefetched | string | null): Prefetched | null =>
        typeof value === 'string' ? (JSON.parse(value) as Prefetched) : value;
      if (typeof code.grantId === 'string') prefetch(`Grant ${code.grantId}`, read(row.grant));
      if (typeof code.sessionUid === 'string') prefetch(`Session uid ${code.sessionUid}`, read(row.session));
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
      if (expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
      return code;
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
  return { Adapter: DatabaseAdapter, writesAtEnd };
}
