import { defineFeature } from '../../kit/feature.ts';
import { listenRadius } from './listener.ts';
import { radiusRoutes } from './routes.ts';

/**
 * RADIUS connectors of a customer (a VPN's shared secret and addresses), and the gateway's RADIUS server
 * that answers those VPNs (listener.ts).
 */
export default defineFeature({ name: 'radius', routes: radiusRoutes, listen: listenRadius });
