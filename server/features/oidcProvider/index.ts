import { defineFeature } from '../../kit/feature.ts';
import { oidcProviderSite } from './provider.ts';

/** The gateway's OpenID Connect provider, one issuer per customer realm (provider.ts). */
export default defineFeature({ name: 'oidcProvider', routes: () => undefined, site: oidcProviderSite });
