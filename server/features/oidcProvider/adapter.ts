import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, or, sql } from 'drizzle-orm';
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

/**
 * Whether a text can name a stored record: what a request carries (an interaction's uid in its address, a
 * code) may hold anything, and a NUL no database text holds is not looked for.
 */
const isKey = (text: unknown): text is string =>
  typeof text === 'string' && text.length > 0 && text.length <= 2048 && !text.includes('\u0000');

/** What one token call read and saved (see writesAtEnd). */
interface TokenCall {
  codes: Set<string>;
  rows: Map<string, typeof oidcPayloads.$inferInsert>;
  prefetched: Map<string, { payload: AdapterPayload; expiresAt: Date | null }>;
}

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
   * The grant and the session of a code, read with it (#code) because the token call reads them next
   * (oidc-provider's Grant.find, then Session.findByUid for a token bound to its session): two calls fewer
   * per code. Kept in the call's own store (deferred), each taken once; nothing outlives the call.
   */
  const prefetch = (key: string, found: { payload: unknown; expiresAt: string | null } | null) => {
    const call = deferred.getStore();
    if (!found || !call) return;
    call.prefetched.set(key, {
      payload: payloadOf(found.payload),
      expiresAt: found.expiresAt === null ? null : new Date(found.expiresAt),
    });
  };
  /** A prefetched record, once: undefined when there is none (read it), null when it has expired. */
  const takePrefetched = (key: string): AdapterPayload | null | undefined => {
    const prefetched = deferred.getStore()?.prefetched;
    const entry = prefetched?.get(key);
    if (!entry) return undefined;
    prefetched!.delete(key);
    return entry.expiresAt && entry.expiresAt.getTime() <= Date.now() ? null : entry.payload;
  };
  /** Rows written in one statement (each model and id once), in `within` or a transaction of their own. */
  const write = (rows: (typeof oidcPayloads.$inferInsert)[], within?: Database) =>
    (within ? (work: (tx: Database) => Promise<unknown>) => work(within) : inCustomer)((tx) =>
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
  /**
   * What a token call reads and saves, written together once it has answered (writesAtEnd): the codes it
   * read, to be spent, and the tokens it saved.
   */
  const deferred = new AsyncLocalStorage<TokenCall>();
  const forget = (model: string, id: string, payload?: AdapterPayload) => {
    const prefetched = deferred.getStore()?.prefetched;
    if (!prefetched) return;
    prefetched.delete(`${model} ${id}`);
    if (model === 'Session') {
      if (typeof payload?.uid === 'string') prefetched.delete(`Session uid ${payload.uid}`);
      else for (const key of prefetched.keys()) if (key.startsWith('Session uid ')) prefetched.delete(key);
    }
  };

  /**
   * Koa middleware of the provider for the token endpoint. The codes it reads are spent, and the tokens it
   * saves written, in one transaction once the endpoint has made its answer and before the answer is sent
   * (Koa responds after its middleware): one commit per code. A code another call spent meanwhile (the same
   * code sent twice at once) makes this answer invalid_grant and revokes what the code gave, its tokens
   * unwritten and unsent; a code whose exchange failed (a wrong PKCE verifier) is spent too, as RFC 6749
   * allows.
   */
  const writesAtEnd = async (ctx: { status: number; body: unknown }, next: () => Promise<unknown>) => {
    const call: TokenCall = { codes: new Set(), rows: new Map(), prefetched: new Map() };
    try {
      await deferred.run(call, async () => {
        await next();
      });
    } finally {
      if (call.codes.size > 0 || call.rows.size > 0) {
        const lost = await inCustomer(async (tx) => {
          for (const code of call.codes) {
            const spent = (await tx.execute(sql`
              update ${oidcPayloads}
              set consumed_at = now(),
                  payload = ${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::int)
              where ${oidcPayloads.model} = 'AuthorizationCode' and ${oidcPayloads.id} = ${code}
                and ${oidcPayloads.consumedAt} is null
              returning 1`)) as unknown as { rows: unknown[] };
            if (spent.rows.length === 0 && call.rows.size > 0) {
              // Spent by another call meanwhile: what the code gave is revoked, the grant with it.
              const [row] = await tx
                .select({ grantId: oidcPayloads.grantId })
                .from(oidcPayloads)
                .where(and(eq(oidcPayloads.model, 'AuthorizationCode'), eq(oidcPayloads.id, code)));
              if (row?.grantId) {
                await tx
                  .delete(oidcPayloads)
                  .where(
                    or(
                      eq(oidcPayloads.grantId, row.grantId),
                      and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, row.grantId)),
                    ),
                  );
              }
              return code;
            }
          }
          if (call.rows.size > 0) await write([...call.rows.values()], tx);
          return undefined;
        });
        if (lost !== undefined) {
          ctx.status = 400;
          ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
        }
      }
    }
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
      const call = deferred.getStore();
      if (call && DEFERRABLE.has(this.model)) {
        call.rows.set(`${this.model} ${id}`, values);
        return;
      }
      await write([values]);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!isKey(id)) return undefined;
      if (this.model === 'Client') return this.#client(id);
      if (this.model === 'AuthorizationCode') {
        // In a token call, read now and spent when it answers; elsewhere, spent as it is read.
        const call = deferred.getStore();
        call?.codes.add(id);
        return this.#code(id, call === undefined);
      }
      if (this.model === 'Grant') {
        const kept = takePrefetched(`Grant ${id}`);
        if (kept !== undefined) return kept ?? undefined;
      }
      return this.#one(eq(oidcPayloads.id, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!isKey(uid)) return undefined;
      if (this.model === 'Session') {
        const kept = takePrefetched(`Session uid ${uid}`);
        if (kept !== undefined) return kept ?? undefined;
      }
      return this.#one(eq(oidcPayloads.uid, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (!isKey(userCode)) return undefined;
      return this.#one(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      // A code is spent by the token call that read it (writesAtEnd), or as it was read (#code).
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
     * An authorization code as it was (a code spent before carries its `consumed` mark: oidc-provider then
     * revokes what it gave), with its grant and session (prefetched: the token endpoint reads them next).
     * `take`: spent in the same statement (outside a token call, which spends its codes as it answers).
     */
    async #code(id: string, take: boolean): Promise<AdapterPayload | undefined> {
      const related = sql`
            (select json_build_object('payload', g.payload, 'expiresAt', g.expires_at)
              from ${oidcPayloads} g
              where g.model = 'Grant' and g.id = old.payload->>'grantId') as grant,
            (select json_build_object('payload', s.payload, 'expiresAt', s.expires_at)
              from ${oidcPayloads} s
              where s.model = 'Session' and s.uid = old.payload->>'sessionUid'
              limit 1) as session`;
      const read = sql`
          select old.payload, old.expires_at, ${related}
          from ${oidcPayloads} old
          where old.model = 'AuthorizationCode' and old.id = ${id}`;
      const taken = (await inCustomer((tx) =>
        tx.execute(
          take
            ? sql`
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
          returning old.payload, old.expires_at, ${related}`
            : read,
        ),
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
      const parsed = (value: Prefetched | string | null): Prefetched | null =>
        typeof value === 'string' ? (JSON.parse(value) as Prefetched) : value;
      if (typeof code.grantId === 'string') prefetch(`Grant ${code.grantId}`, parsed(row.grant));
      if (typeof code.sessionUid === 'string')
        prefetch(`Session uid ${code.sessionUid}`, parsed(row.session));
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
