import { defineFeature } from '../../kit/feature.ts';
import { activationCodeRoutes } from './routes.ts';

/** Activation codes of a token pack: generated, sent by mail, downloaded as QR codes, and used by the app. */
export default defineFeature({ name: 'activationCode', routes: activationCodeRoutes });
