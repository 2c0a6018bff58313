import { DEFAULT_RADIUS_MODE, RADIUS_LISTING, type RadiusForm, radius } from '../../../contract/radius.ts';
import type { Kit } from '../../kit/kit.ts';
import { newRadiusSecret } from '../connector/make.ts';
import { claimIp, type RadiusRow, radiusRows, regenerateSecret } from './radiusConnectors.ts';

/**
 * RADIUS connectors (contract/radius.ts): a customer's administrators search, read, add, change and delete
 * them, and replace a connector's shared secret. A new secret is answered once (the create and the
 * replacement); every write has its audit entry ('Radius').
 */
export function radiusRoutes(kit: Kit): void {
  kit.crud<RadiusRow, unknown, RadiusForm, typeof radius>(radius, radiusRows, {
    record: radius.getOne.schema.response[200],
    listingNames: RADIUS_LISTING,
    create: {
      values: async (call, form) => ({
        customerId: call.customer,
        name: form.name.trim(),
        ipAddress: await claimIp(call, form.ipAddress),
        mode: form.mode ?? DEFAULT_RADIUS_MODE,
        sharedSecret: newRadiusSecret(call.services.sealer),
      }),
      answer: (call, row) => ({ id: row.id, sharedSecret: call.services.sealer.open(row.sharedSecret) }),
    },
    update: {
      values: async (call, before, form) => ({
        name: form.name.trim(),
        ipAddress: await claimIp(call, form.ipAddress, before.id),
        mode: form.mode ?? before.mode,
      }),
    },
    delete: {},
  });

  kit.route(radius, 'regenerateSecret', (call) =>
    regenerateSecret(call, call.services.sealer, call.params.id),
  );
}
