import { defineFeature } from '../../kit/feature.ts';
import { otpRoutes } from './routes.ts';

/** OTP codes (TOTP seeds) of a service's users, and the gateways' check of a code. */
export default defineFeature({ name: 'otp', routes: otpRoutes });
