import { defineFeature } from '../../kit/feature.ts';
import { sessionRoutes } from './routes.ts';

/** Sign-in, sign-out, the session's permissions and the signed-in account's own calls. */
export default defineFeature({ name: 'session', routes: sessionRoutes });
