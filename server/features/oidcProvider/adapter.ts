import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
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

/**
 * The models a token call reads (a code, its grant and its session), remembered as this process writes
 * them for as long as a code lives (60 s, provider.ts), at most RECENT_MAX of them: a code redeemed at the
 * instance that made it is read from memory, and the statement that spends it checks what was read still
 * holds (see writesAtEnd).
 */
const RECENT = new Set(['AuthorizationCode', 'Grant', 'Session']);
const RECENT_MS = 60_000;
const RECENT_MAX = 10_000;

/** The transaction lock (with the grant id's hash) under which a grant's rows are deleted. */
const GRANT_LOCK = 727_340;

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
  /** The grants of the codes read (locked before the codes are spent: see writesAtEnd). */
  grants: Set<string>;
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
  /** What this process wrote lately of the models in RECENT, by `<model> <id>` (and `Session uid <uid>`). */
  const recent = new Map<string, { payload: AdapterPayload; expiresAt: number | null; until: number }>();
  const remember = (model: string, id: string, payload: AdapterPayload, expiresAt: Date | null) => {
    if (!RECENT.has(model)) return;
    const now = Date.now();
    if (recent.size >= RECENT_MAX) {
      for (const [key, entry] of recent) if (entry.until <= now) recent.delete(key);
      // Oldest first: a Map keeps its insertion order.
      for (const key of recent.keys()) {
        if (recent.size < RECENT_MAX) break;
        recent.delete(key);
      }
    }
    const entry = { payload, expiresAt: expiresAt?.getTime() ?? null, until: now + RECENT_MS };
    recent.set(`${model} ${id}`, entry);
    if (model === 'Session' && typeof payload.uid === 'string')
      recent.set(`Session uid ${payload.uid}`, entry);
  };
  /** A record remembered (a copy: the provider makes its models of it), or undefined. */
  const recalled = (key: string): { payload: AdapterPayload; expiresAt: string | null } | undefined => {
    const entry = recent.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      recent.delete(key);
      return undefined;
    }
    return {
      payload: structuredClone(entry.payload),
      expiresAt: entry.expiresAt === null ? null : new Date(entry.expiresAt).toISOString(),
    };
  };

  /**
   * Taken, in one order, before deleting what names grants. Revocations of one grant come at once
   * (oidc-provider revokes each model's rows in a call of its own, and several token calls may find the same
   * code spent), and two multi-row deletes that lock the same rows in different orders deadlock on
   * PostgreSQL.
   */
  const lockGrants = async (grants: string[], tx: Database) => {
    for (const grantId of grants)
      await tx.execute(sql`select pg_advisory_xact_lock(${GRANT_LOCK}, hashtext(${grantId}))`);
  };
  /** Deletes grants with everything that names them. */
  const revoke = async (grantIds: string[], tx: Database) => {
    const grants = [...new Set(grantIds)].sort();
    if (grants.length === 0) return;
    await lockGrants(grants, tx);
    await tx
      .delete(oidcPayloads)
      .where(
        or(
          inArray(oidcPayloads.grantId, grants),
          and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grants)),
        ),
      );
  };

  /** The statement that writes rows (each model and id once), replacing what they replace. */
  const upsert = (rows: (typeof oidcPayloads.$inferInsert)[], tx: Database) =>
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
      });
  /**
   * What a token call reads and saves, written together once it has answered (writesAtEnd): the codes it
   * read, to be spent, and the tokens it saved.
   */
  const deferred = new AsyncLocalStorage<TokenCall>();
  const forget = (model: string, id: string, payload?: AdapterPayload) => {
    const entry = recent.get(`${model} ${id}`);
    recent.delete(`${model} ${id}`);
    if (model === 'Session' && typeof entry?.payload.uid === 'string')
      recent.delete(`Session uid ${entry.payload.uid}`);
    if (model === 'Grant') {
      // Its codes too (revoked with it).
      for (const [key, each] of recent) if (each.payload.grantId === id) recent.delete(key);
    }
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
    const call: TokenCall = { codes: new Set(), grants: new Set(), rows: new Map(), prefetched: new Map() };
    try {
      await deferred.run(call, async () => {
        await next();
      });
    } finally {
      if (call.codes.size > 0 || call.rows.size > 0) {
        const codes = [...call.codes];
        const rows = [...call.rows.values()];
        const lost = await inCustomer(async (tx) => {
          if (codes.length === 0) {
            await upsert(rows, tx);
            return undefined;
          }
          // Every grant this transaction may revoke, locked before any of its rows: a revocation under way
          // elsewhere (another call that lost the same code) then ends before this one locks a row of it.
          for (const row of rows) if (row.grantId) call.grants.add(row.grantId);
          await lockGrants([...call.grants].sort(), tx);
          // One statement: the codes spent, and the tokens written. A code is spent while it is unspent
          // and what the call read with it still holds (it may have been read from memory: #remembered):
          // its grant, unexpired, and for a code bound to its session, that session, of the same user,
          // with the same grant for the client (oidc-provider's own checks, is_session_bound.js).
          const written = rows.length > 0 ? sql`, written as (${upsert(rows, tx).getSQL()})` : sql``;
          const result = (await tx.execute(sql`
            with spent as (
              update ${oidcPayloads} as code
              set consumed_at = now(),
                  payload = code.payload || jsonb_build_object('consumed', extract(epoch from now())::int)
              where code.model = 'AuthorizationCode' and code.id in ${codes} and code.consumed_at is null
                and exists (
                  select 1 from ${oidcPayloads} as g
                  where g.model = 'Grant' and g.id = code.payload->>'grantId'
                    and (g.expires_at is null or g.expires_at > now()))
                and (coalesce((code.payload->>'expiresWithSession')::boolean, false) = false or exists (
                  select 1 from ${oidcPayloads} as s
                  where s.model = 'Session' and s.uid = code.payload->>'sessionUid'
                    and (s.expires_at is null or s.expires_at > now())
                    and s.payload->>'accountId' = code.payload->>'accountId'
                    and s.payload->'authorizations'->(code.payload->>'clientId')->>'grantId'
                      = code.payload->>'grantId'))
              returning code.id
            )${written}
            select coalesce(array_agg(id), '{}') as spent from spent`)) as unknown as {
            rows: { spent: string[] }[];
          };
          const spent = new Set(result.rows[0]?.spent ?? []);
          const code = codes.find((each) => !spent.has(each));
          if (code === undefined || rows.length === 0) return undefined;
          // Spent by another call meanwhile, or its grant or session gone: what the code gave is revoked,
          // its grant with it (the tokens just written among them: they name it), and nothing is sent.
          const grants = new Set(rows.flatMap((row) => (row.grantId ? [row.grantId] : [])));
          const [row] = await tx
            .select({ grantId: oidcPayloads.grantId })
            .from(oidcPayloads)
            .where(and(eq(oidcPayloads.model, 'AuthorizationCode'), eq(oidcPayloads.id, code)));
          if (row?.grantId) grants.add(row.grantId);
          await revoke([...grants], tx);
          return code;
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
      await inCustomer((tx) => upsert([values], tx));
      remember(this.model, id, payload, values.expiresAt);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!isKey(id)) return undefined;
      if (this.model === 'Client') return this.#client(id);
      if (this.model === 'AuthorizationCode') {
        // In a token call, read now and spent when it answers; elsewhere, spent as it is read.
        const call = deferred.getStore();
        if (!call) return this.#code(id, true);
        call.codes.add(id);
        const code = this.#remembered(id) ?? (await this.#code(id, false));
        if (typeof code?.grantId === 'string') call.grants.add(code.grantId);
        return code;
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
      await inCustomer(async (tx) => {
        await lockGrants([grantId], tx);
        await tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      });
    }

    /**
     * A code this process made, with its grant and its session as it wrote them (prefetched, as #code does),
     * once: undefined when one of them is not remembered (read them all). writesAtEnd checks, as it spends
     * the code, that they still hold.
     */
    #remembered(id: string): AdapterPayload | undefined {
      const code = recalled(`AuthorizationCode ${id}`);
      if (!code) return undefined;
      recent.delete(`AuthorizationCode ${id}`);
      const { grantId, sessionUid } = code.payload;
      const grant = typeof grantId === 'string' ? recalled(`Grant ${grantId}`) : undefined;
      const session = typeof sessionUid === 'string' ? recalled(`Session uid ${sessionUid}`) : undefined;
      if (!grant || (typeof sessionUid === 'string' && !session)) return undefined;
      prefetch(`Grant ${grantId}`, grant);
      if (session) prefetch(`Session uid ${sessionUid}`, session);
      if (code.expiresAt && new Date(code.expiresAt).getTime() <= Date.now()) return undefined;
      return code.payload;
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
