import { defineFeature } from '../../kit/feature.ts';
import { cardRoutes } from './routes.ts';

/** A customer's payment cards and the payments made with them. */
export default defineFeature({ name: 'card', routes: cardRoutes });
