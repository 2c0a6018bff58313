import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AccessRule, CallFamily, CallInfo, ResourceContract } from '../../contract/kit.ts';
import type { Caller } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import type { AuditEntry, Modifier } from '../domain/audit.ts';
import type { Services } from './feature.ts';

/**
 * What a handler of the route kit receives (`kit.route(contract, call, handler)`): the call's checked
 * input, typed from its contract schemas; its caller; the customer the guard resolved, typed from the
 * contract's access rule (a string where the rule names a customer that is never the provider); the call's
 * transaction, in the customer's reach (server/db/reach.ts); the audit writer; the app's services.
 * A handler never reads `request.customer`, the guard's caller or the audit table itself.
 */

/** The ordinary calls of a resource contract. */
export type OrdinaryCall = 'list' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete' | 'deleteMany';

/** A contract the kit serves calls of. */
export type Served = ResourceContract | CallFamily;

type WithInfo<T> = { [K in keyof T]-?: NonNullable<T[K]> extends CallInfo ? K : never }[keyof T];

/** The names of a contract's calls: its ordinary calls and actions, or a family's calls. */
export type CallName<C extends Served> = C extends CallFamily
  ? WithInfo<C['calls']> & string
  : C extends ResourceContract
    ? (WithInfo<Pick<C, Extract<keyof C, OrdinaryCall>>> | WithInfo<NonNullable<C['actions']>>) & string
    : never;

/** The call of that name. */
export type CallAt<C extends Served, K extends string> = C extends CallFamily
  ? NonNullable<C['calls'][K]>
  : K extends OrdinaryCall
    ? NonNullable<C[K & keyof C]>
    : C extends { actions: infer A }
      ? NonNullable<A[K & keyof A]>
      : never;

type SchemaOf<C> = C extends { schema: infer S } ? S : object;
type Part<C, P extends string> =
  SchemaOf<C> extends { [Q in P]: infer T extends TSchema } ? Static<T> : unknown;

type RuleOf<C> = C extends { access: infer A } ? A : AccessRule;

/**
 * The customer a call acts in, as its rule declares it: `own` and a required path, query or body field
 * name a customer; an optional field, or one that may name the provider, may be null (the provider's own
 * records); a call that declares none has none.
 */
export type CustomerOf<C> =
  RuleOf<C> extends { customer: infer S }
    ? S extends { from: 'own' }
      ? string
      : S extends { optional: true }
        ? string | null
        : S extends { provider: string }
          ? string | null
          : S extends { from: 'path' | 'query' | 'body' }
            ? string
            : undefined
    : undefined;

/** The signed-in caller; null on public calls. */
export type CallerOf<C> = RuleOf<C> extends { public: true } ? null : Caller;

/**
 * An audit entry of the call: who made it is filled in (the caller; a public call says who, `by`); its
 * customer defaults to the call's.
 */
export type AuditWrite = Omit<AuditEntry, 'customerId'> & { customerId?: string | null; by?: Modifier };

/** Writes an audit entry in a transaction of the call. */
export type AuditWriter = (entry: AuditWrite) => Promise<void>;

/** What every handler receives. */
export interface CallBase<C> {
  params: Part<C, 'params'>;
  query: Part<C, 'querystring'>;
  body: Part<C, 'body'>;
  /** For what the contract's schemas do not carry: headers, the client's address, a multipart body. */
  request: FastifyRequest;
  /** For the answer's status, headers or stream. */
  reply: FastifyReply;
  caller: CallerOf<C>;
  customer: CustomerOf<C>;
  services: Services;
  /** The gateway's public address (PUBLIC_URL, else the address the call was made to). */
  origin: string;
  /**
   * Runs `work` in a new transaction of the call's reach (it commits when `work` resolves), with the audit
   * writer of that transaction.
   */
  transaction<T>(work: (tx: Database, audit: AuditWriter) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in a new transaction in the reach of `customer`: for a public call once it has found whose
   * call it is (an API key, an activation code), so that what it then reads and writes is that customer's.
   */
  asCustomer<T>(customer: string, work: (tx: Database, audit: AuditWriter) => Promise<T>): Promise<T>;
  /**
   * VACUUM (ANALYZE) of a table after a change of many rows, outside any transaction (a call made with
   * `transaction: false`, once its own has committed): its pages are all-visible again, so that a list
   * walks a covering index alone, and the planner's counts are fresh. PGlite runs no autovacuum.
   */
  vacuum(table: PgTable): Promise<void>;
}

/** A handler's context when the call runs in one transaction (the default). */
export interface CallContext<C = CallInfo> extends CallBase<C> {
  /** The call's transaction: every query of the call runs in it, and it commits with the answer. */
  tx: Database;
  /** Writes an audit entry in the call's transaction. */
  audit(entry: AuditWrite): Promise<void>;
}

/** What the data side needs of a call: its transaction and customer (the kit's rows read it). */
export interface Scope {
  tx: Database;
  customer: string | null | undefined;
  /** The gateway's public address, for records that show the gateway's URLs. */
  origin: string;
  /** The ports the gateway's listeners are bound to, for records that show them (a call's services). */
  services?: Pick<Services, 'listening'>;
}

/** A write's scope: with the audit writer. */
export interface WriteScope extends Scope {
  audit(entry: AuditWrite): Promise<void>;
}
