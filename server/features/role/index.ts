import { defineFeature } from '../../kit/feature.ts';
import { roleRoutes } from './routes.ts';

/** Roles and the permissions they grant. */
export default defineFeature({ name: 'role', routes: roleRoutes });
