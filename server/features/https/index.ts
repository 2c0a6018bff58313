import { defineFeature } from '../../kit/feature.ts';
import { httpsRoutes } from './routes.ts';

/** HTTPS connectors: the API keys of a customer's gateways. */
export default defineFeature({ name: 'https', routes: httpsRoutes });
