import { defineFeature } from '../../kit/feature.ts';
import { seamlessRoutes } from './routes.ts';

/** QR sign-in: a session shown as a QR code, approved by the mobile app. */
export default defineFeature({ name: 'seamless', routes: seamlessRoutes });
