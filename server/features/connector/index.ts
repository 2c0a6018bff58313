import { defineFeature } from '../../kit/feature.ts';
import { connectorRoutes } from './routes.ts';

/** Every connector of a customer at once (the services' connector pickers), and what the protocols share. */
export default defineFeature({ name: 'connector', routes: connectorRoutes });
