import { defineFeature } from '../../kit/feature.ts';
import { saml2Routes } from './routes.ts';

/** SAML 2.0 service providers of a customer. */
export default defineFeature({ name: 'saml2', routes: saml2Routes });
