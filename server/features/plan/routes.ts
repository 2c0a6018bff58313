import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { BILLING_ERRORS, paymentPlan, periodPlan, serviceFeature } from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { serviceFeatures } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { readPeriods, readTiers } from './plans.ts';

/**
 * Plans (contract/billing.ts): the tiers with their periods and the service features, public for the home
 * page; the periods of a tier, the tiers above one, and plans by id for the signed-in purchase flow.
 */

export const tierNotFound = () => notFound(BILLING_ERRORS.tierNotFound.key, BILLING_ERRORS.tierNotFound.text);

const uuids = (ids: readonly string[]) =>
  [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => UUID_PATTERN.test(id));

export const planRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tiers = async (ids?: readonly string[]) =>
    (await readTiers(db, ids)).map(({ rank: _rank, ...tier }) => tier);

  /** The tier named by a request, or its 404. */
  const tierOf = async (id: string) => {
    const [tier] = UUID_PATTERN.test(id) ? await readTiers(db, [id.toLowerCase()]) : [];
    if (!tier) throw tierNotFound();
    return tier;
  };

  app.route({
    ...routeOf(paymentPlan.base, { ...paymentPlan.list, method: 'GET' as const }, 'payment_plan.list'),
    handler: () => tiers(),
  });

  app.route({
    ...routeOf(paymentPlan.base, paymentPlan.actions.higherPlan, 'payment_plan.higherPlan'),
    handler: async (request) => {
      const { rank } = await tierOf(request.query.tierPlanId);
      return (await readTiers(db)).filter((tier) => tier.rank > rank).map(({ rank: _rank, ...tier }) => tier);
    },
  });

  app.route({
    ...routeOf(paymentPlan.base, paymentPlan.actions.details, 'payment_plan.details'),
    handler: async (request) => {
      const ids = uuids(request.body.ids);
      const all = await tiers();
      const periods = all.flatMap((tier) => tier.periods);
      return {
        tiers: all.filter((tier) => ids.includes(tier.id)),
        periods: periods.filter((period) => ids.includes(period.id)),
      };
    },
  });

  app.route({
    ...routeOf(periodPlan.base, { ...periodPlan.list, method: 'GET' as const }, 'period_plan.list'),
    handler: async (request) => readPeriods(db, (await tierOf(request.query.tierPlanId)).id),
  });

  app.route({
    ...routeOf(
      serviceFeature.base,
      { ...serviceFeature.list, method: 'GET' as const },
      'service_feature.list',
    ),
    handler: async () =>
      (await db.select().from(serviceFeatures).orderBy(asc(serviceFeatures.rank))).map(
        ({ id, name, description }) => ({ id, name, description }),
      ),
  });
};
