import { defineFeature } from '../../kit/feature.ts';
import { assetRoutes } from './routes.ts';

/** Permission assets: the resources and actions roles grant. */
export default defineFeature({ name: 'asset', routes: assetRoutes });
