import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlanCoverage } from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import {
  activationCodes,
  otpCodes,
  serviceInstances,
  subscriptions,
  tokenPacks,
  userDevices,
  users,
} from '../../db/schema.ts';

/**
 * The plan's user count (README, _Decisions_: "The plan's user count"), the one rule every place that
 * enrolls, admits or counts users reads:
 *
 * - a subscription in force (ACTIVE, its period not ended) covers `numberOfUsers` users: the ACTIVE users of
 *   the primary directories of its token packs, counted once each, in this order: those already enrolled in
 *   one of its packs (an activation code, an activated app, an OTP seed of one of its services), then the
 *   oldest (created first), then by id;
 * - a token pack covers the users its subscription covers; a pack without a subscription in force covers
 *   nobody;
 * - a user a pack does not cover is over the plan there: synchronised, listed, never given a code or a seed
 *   by that pack, and refused at a sign-in through its services.
 *
 * Written once, as SQL (a window function over each subscription's users), so that generation, the gateway's
 * check, the users list and the dashboard count the same users. Every query runs in the call's customer
 * (row-level security keeps it to that customer's packs, subscriptions and users).
 */

/** A timestamp parameter (ISO text cast in SQL: the same on PGlite and node-postgres). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A subscription in force at `now`, as a condition on the subscriptions aliased `s`. */
const inForce = (now: Date) => sql`s.status = 'ACTIVE' and s.expire_date > ${at(now)}`;

/**
 * Each user of the subscriptions chosen by `which` (a condition on the packs aliased `p`) with its place in
 * the subscription's order, and the subscription's number of users: (subscription_id, user_id, place,
 * number_of_users).
 */
function places(which: SQL, now: Date): SQL {
  // Who is enrolled in which subscription's packs, read set-wise (hash-joined), not user by user.
  const enrolled = sql`
    select a.user_id, ap.subscription_id from ${activationCodes} a
      join ${tokenPacks} ap on ap.id = a.token_pack_id
    union all
    select d.user_id, dp.subscription_id from ${userDevices} d
      join ${tokenPacks} dp on dp.id = d.token_pack_id
    union all
    select o.user_id, op.subscription_id from ${otpCodes} o
      join ${serviceInstances} si on si.id = o.service_instance_id
      join ${tokenPacks} op on op.id = si.token_pack_id`;
  return sql`
    select c.subscription_id, c.user_id, c.number_of_users,
      row_number() over (
        partition by c.subscription_id order by c.enrolled desc, c.created_date, c.user_id
      ) as place
    from (
      select p.subscription_id, s.number_of_users, u.id as user_id, u.created_date,
        bool_or(e.user_id is not null) as enrolled
      from ${tokenPacks} p
      join ${subscriptions} s on s.id = p.subscription_id and ${inForce(now)}
      join ${users} u on u.directory_id = p.primary_directory_id and u.status = 'ACTIVE'
      left join (${enrolled}) e on e.user_id = u.id and e.subscription_id = p.subscription_id
      where ${which}
      group by p.subscription_id, s.number_of_users, u.id, u.created_date
    ) c`;
}

/** The (subscription_id, user_id) pairs the subscriptions chosen by `which` cover. */
const coveredPairs = (which: SQL, now: Date): SQL =>
  sql`select r.subscription_id, r.user_id from (${places(which, now)}) r where r.place <= r.number_of_users`;

/** What a token pack's coverage depends on. */
export interface PackOfPlan {
  subscriptionId: string | null;
  primaryDirectoryId: string | null;
}

/**
 * The condition that the user `userId` (a column or an expression) is one the pack covers: false for a pack
 * without a subscription (and, in SQL, for one whose subscription is not in force).
 */
export function coveredBy(pack: PackOfPlan, userId: AnyPgColumn | SQL, now = new Date()): SQL {
  if (!pack.subscriptionId) return sql`false`;
  const which = sql`p.subscription_id = ${pack.subscriptionId}::uuid`;
  return sql`${userId} in (select covered.user_id from (${coveredPairs(which, now)}) covered)`;
}

/** What a generation says of the plan (contract PlanLeftOut). */
export interface PackPlan {
  /** The pack's subscription, to add users to (null: none in force), and its tier. */
  subscriptionId: string | null;
  tierId: string | null;
  /** How many users the subscription covers (0 without one in force). */
  planCovers: number;
  /** The ACTIVE users of the pack's primary directory the pack does not cover. */
  leftOut: number;
}

async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/** The pack's plan: its subscription in force, how many users it covers and how many of the pack's it leaves out. */
export async function planOfPack(db: Database, pack: PackOfPlan, now = new Date()): Promise<PackPlan> {
  const [row] = await rowsOf<{
    subscription_id: string | null;
    tier_id: string | null;
    plan_covers: number;
    left_out: number;
  }>(
    db.execute(sql`
      with held as (
        select s.id, s.tier_plan_id, s.number_of_users from ${subscriptions} s
        where s.id = ${pack.subscriptionId}::uuid and ${inForce(now)}
      )
      select
        (select id from held) as subscription_id,
        (select tier_plan_id from held) as tier_id,
        coalesce((select number_of_users from held), 0)::int as plan_covers,
        (select count(*) from ${users}
          where ${users.directoryId} = ${pack.primaryDirectoryId}::uuid and ${users.status} = 'ACTIVE'
            and not (${coveredBy(pack, users.id, now)}))::int as left_out`),
  );
  return {
    subscriptionId: row?.subscription_id ?? null,
    tierId: row?.tier_id ?? null,
    planCovers: Number(row?.plan_covers ?? 0),
    leftOut: Number(row?.left_out ?? 0),
  };
}

/**
 * The condition that the user aliased `u` is over the plan: ACTIVE, and a token pack of its directory does
 * not cover it (`covered` names the covered pairs of every pack's subscription).
 */
const overPlanOf = sql`u.status = 'ACTIVE' and exists (
  select 1 from ${tokenPacks} op where op.primary_directory_id = u.directory_id
    and not exists (
      select 1 from covered c where c.subscription_id = op.subscription_id and c.user_id = u.id))`;

/** Of the users `ids`, those over the plan (see overPlanOf). */
export async function overPlanAmong(
  db: Database,
  ids: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = `{${ids.join(',')}}`;
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`
      with covered as (${coveredPairs(
        sql`p.primary_directory_id in (select directory_id from ${users} where id = any(${list}::uuid[]))`,
        now,
      )})
      select u.id from ${users} u where u.id = any(${list}::uuid[]) and ${overPlanOf}`),
  );
  return new Set(rows.map((row) => row.id));
}

/** The customer's users against its plans (contract PlanCoverage). */
export async function customerPlan(db: Database, now = new Date()): Promise<PlanCoverage> {
  const [row] = await rowsOf<{ users: number; plan_covers: number; over_plan: number }>(
    db.execute(sql`
      with covered as (${coveredPairs(sql`true`, now)})
      select
        (select count(*) from ${users})::int as users,
        coalesce((select sum(s.number_of_users) from ${subscriptions} s where ${inForce(now)}), 0)::int
          as plan_covers,
        (select count(*) from ${users} u where ${overPlanOf})::int as over_plan`),
  );
  return {
    users: Number(row?.users ?? 0),
    planCovers: Number(row?.plan_covers ?? 0),
    overPlan: Number(row?.over_plan ?? 0),
  };
}

/**
 * Whether the pack covers the user `userId`: the same answer as `coveredBy`, for one user, without ranking
 * the whole subscription (the gateway asks it at every sign-in). The user's place is counted instead:
 * - a plan with room for every ACTIVE user of its packs' directories covers them all (one count);
 * - otherwise the users ahead of this one are the enrolled users created before it (when it is enrolled),
 *   or every enrolled user and the users not enrolled created before it (when it is not), and it is
 *   covered when fewer than the plan's number of users are ahead.
 */
export async function coversUser(db: Database, pack: PackOfPlan, userId: string, now = new Date()) {
  if (!pack.subscriptionId) return false;
  const subscription = sql`${pack.subscriptionId}::uuid`;
  const [row] = await rowsOf<{ covered: boolean | null }>(
    db.execute(sql`
      with plan as (
        select s.number_of_users as n from ${subscriptions} s where s.id = ${subscription} and ${inForce(now)}
      ),
      dirs as (
        select distinct p.primary_directory_id as d from ${tokenPacks} p
        where p.subscription_id = ${subscription} and p.primary_directory_id is not null
      ),
      me as (
        select u.id, u.created_date from ${users} u
        where u.id = ${userId}::uuid and u.status = 'ACTIVE' and u.directory_id in (select d from dirs)
      ),
      members as (
        select u.id, u.created_date from ${users} u
        where u.status = 'ACTIVE' and u.directory_id in (select d from dirs)
      ),
      enrolled as (
        select m.id, m.created_date from members m where m.id in (
          select a.user_id from ${activationCodes} a
            join ${tokenPacks} ap on ap.id = a.token_pack_id and ap.subscription_id = ${subscription}
          union
          select d.user_id from ${userDevices} d
            join ${tokenPacks} dp on dp.id = d.token_pack_id and dp.subscription_id = ${subscription}
          union
          select o.user_id from ${otpCodes} o
            join ${serviceInstances} si on si.id = o.service_instance_id
            join ${tokenPacks} op on op.id = si.token_pack_id and op.subscription_id = ${subscription})
      ),
      mine as (select exists (select 1 from enrolled e, me where e.id = me.id) as yes),
      ahead as (
        select case when (select yes from mine) then
          (select count(*) from enrolled e, me where (e.created_date, e.id) < (me.created_date, me.id))
        else
          (select count(*) from enrolled)
          + (select count(*) from members m, me where (m.created_date, m.id) < (me.created_date, me.id))
          - (select count(*) from enrolled e, me where (e.created_date, e.id) < (me.created_date, me.id))
        end as k
      )
      select case
        when not exists (select 1 from me) or not exists (select 1 from plan) then false
        when (select count(*) from members) <= (select n from plan) then true
        else (select k from ahead) < (select n from plan)
      end as covered`),
  );
  return row?.covered === true;
}

/**
 * How many users a subscription's plan is counted against: the ACTIVE users of its token packs' primary
 * directories (the `members` of coversUser). A plan with at least as many users covers every one of them: the
 * gateway keeps the count a few seconds, so that such a plan is not ranked at every sign-in.
 */
export async function planMembers(db: Database, subscriptionId: string): Promise<number> {
  const [row] = await rowsOf<{ members: number }>(
    db.execute(sql`
      select count(*)::int as members from ${users} u
      where u.status = 'ACTIVE' and u.directory_id in (
        select p.primary_directory_id from ${tokenPacks} p
        where p.subscription_id = ${subscriptionId}::uuid and p.primary_directory_id is not null)`),
  );
  return Number(row?.members ?? 0);
}
