import { cloudConfig } from '../../../contract/cloudConfig.ts';
import { defineFeature } from '../../kit/feature.ts';
import { oidcSigningKeyInfo, rotateOidcSigningKey } from '../connector/gateway.ts';
import { oidcProviderSite, signingKeysRotated } from './provider.ts';

/**
 * The gateway's OpenID Connect provider, one issuer per customer realm (provider.ts), and its signing keys'
 * calls: read and rotated by the provider's operators (every instance signs with a new key within
 * OIDC_KEYS_CHECKED_SEC).
 */
export default defineFeature({
  name: 'oidcProvider',
  routes: (kit) => {
    kit.route(cloudConfig, 'oidcSigningKeys', (call) => oidcSigningKeyInfo(call.tx, call.services.sealer));
    kit.route(cloudConfig, 'rotateOidcSigningKey', async (call) => {
      const before = await oidcSigningKeyInfo(call.tx, call.services.sealer);
      await rotateOidcSigningKey(call.tx, call.services.sealer);
      const after = await oidcSigningKeyInfo(call.tx, call.services.sealer);
      await call.audit({
        table: 'CloudConfig',
        action: 'UPDATE',
        entityId: after.current.kid,
        customerId: null,
        entityName: 'OpenID Connect signing key',
        before: { kid: before.current.kid },
        after: { kid: after.current.kid },
      });
      signingKeysRotated(call.services);
      return after;
    });
  },
  site: oidcProviderSite,
});
