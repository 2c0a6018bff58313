import { defineFeature } from '../../kit/feature.ts';
import { userRoutes } from './routes.ts';

/** A customer's users, as its directories brought them. */
export default defineFeature({ name: 'user', routes: userRoutes });
