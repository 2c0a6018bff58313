import { defineFeature } from '../../kit/feature.ts';
import { samlRoutes } from './routes.ts';

/** SAML connectors for Office 365 of a customer. */
export default defineFeature({ name: 'saml', routes: samlRoutes });
