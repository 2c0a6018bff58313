import { paymentPlan, periodPlan, serviceFeature } from '../../../contract/billing.ts';
import type { Kit } from '../../kit/kit.ts';
import { higherTiers, periodsOfTier, plansById, serviceFeatureList, tierList } from './plans.ts';

/**
 * Plans (contract/billing.ts): the tiers with their periods and the service features, public for the home
 * page; the periods of a tier, the tiers above one, and plans by id for the signed-in purchase flow.
 */

export function planRoutes(kit: Kit): void {
  kit.route(paymentPlan, 'list', (call) => tierList(call.tx));
  kit.route(paymentPlan, 'higherPlan', (call) => higherTiers(call.tx, call.query.tierPlanId));
  kit.route(paymentPlan, 'details', (call) => plansById(call.tx, call.body.ids));
  kit.route(periodPlan, 'list', (call) => periodsOfTier(call.tx, call.query.tierPlanId));
  kit.route(serviceFeature, 'list', (call) => serviceFeatureList(call.tx));
}
