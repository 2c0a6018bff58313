import { defineFeature } from '../../kit/feature.ts';
import { secondFactorRoutes } from './routes.ts';

/** The second factor at sign-in and an account's 2FA configuration. */
export default defineFeature({ name: 'secondFactor', routes: secondFactorRoutes });
