import { defineFeature } from '../../kit/feature.ts';
import { planRoutes } from './routes.ts';

/** The plans sold: tiers, periods and the features they include, and what a subscription costs. */
export default defineFeature({ name: 'plan', routes: planRoutes });
