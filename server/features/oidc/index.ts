import { defineFeature } from '../../kit/feature.ts';
import { oidcRoutes } from './routes.ts';

/** OpenID Connect relying parties of a customer. */
export default defineFeature({ name: 'oidc', routes: oidcRoutes });
