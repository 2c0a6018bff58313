import { defineFeature } from '../../kit/feature.ts';
import { samlIdpSite } from './site.ts';

/** The gateway's SAML 2.0 identity provider for the customers' SAML 2.0 connectors (site.ts). */
export default defineFeature({
  name: 'samlIdp',
  routes: () => undefined,
  site: samlIdpSite,
});
