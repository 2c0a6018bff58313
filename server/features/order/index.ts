import { defineFeature } from '../../kit/feature.ts';
import { orderRoutes } from './routes.ts';

/** Orders of a plan: submitted by a customer, approved or cancelled, paid by card. */
export default defineFeature({ name: 'order', routes: orderRoutes });
