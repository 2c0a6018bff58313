import { defineFeature } from '../../kit/feature.ts';
import { reportRoutes } from './routes.ts';

/** The dashboards: a customer's and the provider's panels over a range. */
export default defineFeature({ name: 'report', routes: reportRoutes });
