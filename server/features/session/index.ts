import { defineFeature } from '../../kit/feature.ts';
import { accountRoutes } from './myAccountRoutes.ts';
import { authRoutes } from './routes.ts';

/** Sign-in, sign-out, the session's permissions and the signed-in account's own calls. */
export default defineFeature({
  name: 'session',
  plugin: async (app, options) => {
    await app.register(accountRoutes, options);
    await app.register(authRoutes, options);
  },
});
