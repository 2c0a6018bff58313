import { defineFeature } from '../../kit/feature.ts';
import { subscriptionRoutes } from './routes.ts';
import { billingRoutes } from './supportFeatureRoutes.ts';

/** A customer's subscriptions and the support features its plan includes. */
export default defineFeature({
  name: 'subscription',
  plugin: async (app, options) => {
    await app.register(subscriptionRoutes, options);
    await app.register(billingRoutes, options);
  },
});
