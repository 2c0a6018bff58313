import { defineFeature } from '../../kit/feature.ts';
import { accountRoutes } from './routes.ts';

/** Administrator accounts: operators and customers' administrators, their roles, activation and passwords. */
export default defineFeature({ name: 'account', routes: accountRoutes });
