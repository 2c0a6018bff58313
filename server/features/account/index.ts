import { defineFeature } from '../../kit/feature.ts';
import { accountAdminRoutes } from './routes.ts';

/** Administrator accounts: operators and customers' administrators, their roles, activation and passwords. */
export default defineFeature({
  name: 'account',
  plugin: accountAdminRoutes,
});
