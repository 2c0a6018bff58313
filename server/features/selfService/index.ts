import { defineFeature } from '../../kit/feature.ts';
import { selfServiceRoutes } from './routes.ts';

/**
 * Self-service: sign-up and its activation, a forgotten password's reset, the recovery email, the
 * profile's read and the contact form.
 */
export default defineFeature({ name: 'selfService', routes: selfServiceRoutes });
