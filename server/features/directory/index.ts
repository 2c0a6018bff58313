import { defineFeature } from '../../kit/feature.ts';
import { directoryRoutes } from './routes.ts';

/** A customer's user directories (LDAP, REST, Azure AD, CSV), their connection test and synchronisation. */
export default defineFeature({ name: 'directory', routes: directoryRoutes });
