import { defineFeature } from '../../kit/feature.ts';
import { cloudConfigRoutes } from './routes.ts';

/** The provider's cloud configurations (one active at a time). */
export default defineFeature({ name: 'cloudConfig', routes: cloudConfigRoutes });
