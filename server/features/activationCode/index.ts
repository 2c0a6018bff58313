import { defineFeature } from '../../kit/feature.ts';
import { listenReminders } from './reminders.ts';
import { activationCodeRoutes } from './routes.ts';

/**
 * Activation codes of a token pack: generated, sent by mail, downloaded as QR codes, and used by the app;
 * pending users reminded every N days where the pack asks for it (reminders.ts).
 */
export default defineFeature({
  name: 'activationCode',
  routes: activationCodeRoutes,
  listen: listenReminders,
});
