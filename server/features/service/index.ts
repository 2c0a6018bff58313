import { defineFeature } from '../../kit/feature.ts';
import { serviceRoutes } from './routes.ts';

/** Services launched from templates into a token pack, with their connectors, bypass and seamless lists. */
export default defineFeature({ name: 'service', routes: serviceRoutes });
