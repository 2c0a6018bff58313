import { asc, eq, inArray } from 'drizzle-orm';
import {
  BILLING_ERRORS,
  type PeriodPlan,
  type ServiceFeature,
  type TierPlan,
  type TierPlanType,
} from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { periodPlans, serviceFeatures, tierPlans } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * Plans (contract/billing.ts): the tiers with their periods, the service features, and the plans the first
 * start brings (README, "Plans and prices"): three tiers in USD, their periods and the features they
 * include. Only what is missing is added: an operator's later changes stay.
 */

interface SeedTier {
  name: string;
  tierPlanType: TierPlanType;
  minUser: number;
  description: string;
  /** Cents per user and month. */
  pricePerUserMonth: number;
  featureIds: string[];
  periods: { name: string; periodCount: number; freeMonth: number; firstTimeFreeMonth: number }[];
}

export const SEED_FEATURES: readonly Omit<ServiceFeature, never>[] = [
  {
    id: 'radius',
    name: 'VPN second factor',
    description: 'Push or one-time-code approval for VPNs and firewalls, over RADIUS',
  },
  { id: 'directory', name: 'Directory users', description: 'Users from LDAP, Azure AD or a REST directory' },
  {
    id: 'saml',
    name: 'Single sign-on',
    description: 'SAML 2.0 applications and Office 365 with a second factor',
  },
  { id: 'oidc', name: 'OpenID Connect and APIs', description: 'OIDC applications and HTTPS APIs' },
  { id: 'theme', name: 'Branded app', description: "The mobile app in the company's colours and logo" },
  { id: 'support', name: 'Priority support', description: 'Answers within one business day' },
];

export const SEED_TIERS: readonly SeedTier[] = [
  {
    name: 'FREE',
    tierPlanType: 'FREE',
    minUser: 1,
    description: 'Try the second factor on a VPN with your directory users, free for a year.',
    pricePerUserMonth: 0,
    featureIds: ['radius', 'directory'],
    periods: [{ name: '12 months', periodCount: 12, freeMonth: 0, firstTimeFreeMonth: 0 }],
  },
  {
    name: 'PROFESSIONAL',
    tierPlanType: 'NORMAL',
    minUser: 10,
    description: 'Every connector and a branded app, paid by card.',
    pricePerUserMonth: 300,
    featureIds: ['radius', 'directory', 'saml', 'oidc', 'theme'],
    periods: [
      { name: '1 month', periodCount: 1, freeMonth: 0, firstTimeFreeMonth: 1 },
      { name: '12 months', periodCount: 12, freeMonth: 2, firstTimeFreeMonth: 1 },
      { name: '24 months', periodCount: 24, freeMonth: 6, firstTimeFreeMonth: 1 },
    ],
  },
  {
    name: 'ENTERPRISE',
    tierPlanType: 'ENTERPRISE',
    minUser: 100,
    description: 'Everything, with priority support; invoiced after approval.',
    pricePerUserMonth: 500,
    featureIds: ['radius', 'directory', 'saml', 'oidc', 'theme', 'support'],
    periods: [
      { name: '12 months', periodCount: 12, freeMonth: 2, firstTimeFreeMonth: 0 },
      { name: '24 months', periodCount: 24, freeMonth: 6, firstTimeFreeMonth: 0 },
    ],
  },
];

/** Adds the features, tiers and periods that are missing (inside the seed's transaction). */
export async function seedPlans(tx: Database): Promise<void> {
  await tx
    .insert(serviceFeatures)
    .values(SEED_FEATURES.map((feature, rank) => ({ ...feature, rank })))
    .onConflictDoNothing();
  for (const [rank, { periods, ...tier }] of SEED_TIERS.entries()) {
    const [inserted] = await tx
      .insert(tierPlans)
      .values({ ...tier, rank })
      .onConflictDoNothing()
      .returning({ id: tierPlans.id });
    if (inserted) {
      await tx.insert(periodPlans).values(periods.map((period) => ({ ...period, tierPlanId: inserted.id })));
    }
  }
}

type TierRow = typeof tierPlans.$inferSelect;
type PeriodRow = typeof periodPlans.$inferSelect;

const toPeriod = (row: PeriodRow): PeriodPlan => ({
  id: row.id,
  tierPlanId: row.tierPlanId,
  name: row.name,
  periodCount: row.periodCount,
  freeMonth: row.freeMonth,
  firstTimeFreeMonth: row.firstTimeFreeMonth,
});

/** Tiers (all, or those of `ids`), cheapest first, each with its periods, shortest first. */
async function readTiers(db: Database, ids?: readonly string[]): Promise<(TierPlan & { rank: number })[]> {
  if (ids?.length === 0) return [];
  const tiers = await db
    .select()
    .from(tierPlans)
    .where(ids ? inArray(tierPlans.id, [...ids]) : undefined)
    .orderBy(asc(tierPlans.rank));
  if (tiers.length === 0) return [];
  const periods = await db
    .select()
    .from(periodPlans)
    .where(
      inArray(
        periodPlans.tierPlanId,
        tiers.map((tier) => tier.id),
      ),
    )
    .orderBy(asc(periodPlans.periodCount));
  return tiers.map((tier: TierRow) => ({
    id: tier.id,
    name: tier.name,
    tierPlanType: tier.tierPlanType,
    minUser: tier.minUser,
    description: tier.description,
    pricePerUserMonth: tier.pricePerUserMonth,
    currency: tier.currency,
    featureIds: tier.featureIds,
    rank: tier.rank,
    periods: periods.filter((period) => period.tierPlanId === tier.id).map(toPeriod),
  }));
}

const withoutRank = ({ rank: _rank, ...tier }: TierPlan & { rank: number }): TierPlan => tier;

/** Every tier, cheapest first, with its periods. */
export const tierList = async (db: Database): Promise<TierPlan[]> => (await readTiers(db)).map(withoutRank);

/** The tier of an id, or its 404. */
async function tierOf(db: Database, id: string) {
  const [tier] = UUID_PATTERN.test(id) ? await readTiers(db, [id.toLowerCase()]) : [];
  if (!tier) throw fail(BILLING_ERRORS.tierNotFound);
  return tier;
}

/** The tiers above a tier (what an upgrade may move to), cheapest first. */
export async function higherTiers(db: Database, tierPlanId: string): Promise<TierPlan[]> {
  const { rank } = await tierOf(db, tierPlanId);
  return (await readTiers(db)).filter((tier) => tier.rank > rank).map(withoutRank);
}

/** Tiers and periods by id: unknown ids (and those that are no id) are left out. */
export async function plansById(db: Database, asked: readonly string[]) {
  const ids = [...new Set(asked.map((id) => id.toLowerCase()))].filter((id) => UUID_PATTERN.test(id));
  const all = await tierList(db);
  return {
    tiers: all.filter((tier) => ids.includes(tier.id)),
    periods: all.flatMap((tier) => tier.periods).filter((period) => ids.includes(period.id)),
  };
}

/** The periods of a tier, shortest first (the tier's 404 when there is none of that id). */
export async function periodsOfTier(db: Database, tierPlanId: string): Promise<PeriodPlan[]> {
  const { id } = await tierOf(db, tierPlanId);
  const rows = await db
    .select()
    .from(periodPlans)
    .where(eq(periodPlans.tierPlanId, id))
    .orderBy(asc(periodPlans.periodCount));
  return rows.map(toPeriod);
}

/** The service features plans may include, in their order. */
export async function serviceFeatureList(db: Database): Promise<ServiceFeature[]> {
  const rows = await db.select().from(serviceFeatures).orderBy(asc(serviceFeatures.rank));
  return rows.map(({ id, name, description }) => ({ id, name, description }));
}
