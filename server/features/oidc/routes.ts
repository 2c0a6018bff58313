import { OIDC_LISTING, type OidcForm, oidc } from '../../../contract/oidc.ts';
import type { Kit } from '../../kit/kit.ts';
import { newOidcClientId, newOidcSecret } from '../connector/make.ts';
import { clientSecretOf, type OidcRow, oidcRows, oidcValues, regenerateClientSecret } from './oidcClients.ts';

/**
 * OIDC clients (contract/oidc.ts): a customer's administrators search, read, add, change and delete them,
 * read a client's secret and replace it. Every write has its audit entry ('OIDC').
 */
export function oidcRoutes(kit: Kit): void {
  kit.crud<OidcRow, unknown, OidcForm, typeof oidc>(oidc, oidcRows, {
    record: oidc.getOne.schema.response[200],
    listingNames: OIDC_LISTING,
    create: {
      values: (call, form) => ({
        customerId: call.customer,
        clientId: newOidcClientId(call.customer),
        clientSecret: newOidcSecret(call.services.sealer),
        ...oidcValues(form),
      }),
    },
    update: { values: (_, __, form) => oidcValues(form) },
    delete: {},
  });

  kit.route(oidc, 'getClientSecret', (call) => clientSecretOf(call, call.services.sealer, call.params.id));

  kit.route(oidc, 'regenerateSecret', (call) =>
    regenerateClientSecret(call, call.services.sealer, call.params.id),
  );
}
