import { defineFeature } from '../../kit/feature.ts';
import { customerRoutes } from './routes.ts';

/** The provider's customers: their companies, plans' features and status. */
export default defineFeature({ name: 'customer', routes: customerRoutes });
