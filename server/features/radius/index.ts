import { defineFeature } from '../../kit/feature.ts';
import { radiusRoutes } from './routes.ts';

/** RADIUS connectors of a customer (a VPN's shared secret and addresses). */
export default defineFeature({ name: 'radius', routes: radiusRoutes });
