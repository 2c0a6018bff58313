import { defineFeature } from '../../kit/feature.ts';
import { gatewayRoutes } from './routes.ts';

/** The gateway's sign-ins (decision.ts): the app's answer to a held push, and the users' sign-in logs. */
export default defineFeature({ name: 'gateway', routes: gatewayRoutes });
