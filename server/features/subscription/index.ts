import { defineFeature } from '../../kit/feature.ts';
import { subscriptionRoutes } from './routes.ts';

/** A customer's subscriptions and the support features its plan includes. */
export default defineFeature({ name: 'subscription', routes: subscriptionRoutes });
