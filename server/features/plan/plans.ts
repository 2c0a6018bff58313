import { asc, eq, inArray } from 'drizzle-orm';
import type { PeriodPlan, ServiceFeature, TierPlan, TierPlanType } from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { periodPlans, serviceFeatures, tierPlans } from '../../db/schema.ts';

/**
 * The plans the first start brings (README, "Plans and prices"): three tiers in USD, their periods and the
 * features they include. Only what is missing is added: an operator's later changes stay.
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

export const toPeriod = (row: PeriodRow): PeriodPlan => ({
  id: row.id,
  tierPlanId: row.tierPlanId,
  name: row.name,
  periodCount: row.periodCount,
  freeMonth: row.freeMonth,
  firstTimeFreeMonth: row.firstTimeFreeMonth,
});

/** Tiers (all, or those `where` keeps), cheapest first, each with its periods, shortest first. */
export async function readTiers(
  db: Database,
  ids?: readonly string[],
): Promise<(TierPlan & { rank: number })[]> {
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

export async function readPeriods(db: Database, tierPlanId: string): Promise<PeriodPlan[]> {
  const rows = await db
    .select()
    .from(periodPlans)
    .where(eq(periodPlans.tierPlanId, tierPlanId))
    .orderBy(asc(periodPlans.periodCount));
  return rows.map(toPeriod);
}
