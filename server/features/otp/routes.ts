import { Type } from '@fastify/type-provider-typebox';
import { OTP_API_KEY_HEADER, OTP_ERRORS, OtpRecord, otp, otpVerification } from '../../../contract/otp.ts';
import { isEmail } from '../../../contract/rules.ts';
import { fail } from '../../errors.ts';
import { DeleteManyAnswer } from '../../kit/deleteMany.ts';
import type { Kit } from '../../kit/kit.ts';
import { invalidField } from '../../validation.ts';
import {
  checkGatewayCode,
  deleteForService,
  generateForService,
  listSeeds,
  otpBulkActions,
  otpBulkSource,
  otpListing,
  regenerateForService,
  sendSeeds,
} from './otp.ts';

/**
 * OTP seeds (contract/otp.ts), in the customer of the call, for one service of one of its token packs:
 * - the list of a service's seeds (serviceId required), each with its secret (seedNumber) unsealed;
 * - generate (a seed for each active user of the primary directory of the service's token pack without
 *   one), re-generate (the chosen seeds, or all: the old codes stop working), delete (all or none);
 * - send-mail (one message a seed, with its otpauth:// link and QR code, queued in the same transaction);
 * - the gateways' check of a code (public: the service's HTTPS connector API key names the service, and so
 *   the customer its work runs in).
 * Every write has one audit entry ('OtpCode', the service's id), which names no seed. Neither the API key nor
 * a code is ever logged.
 */

/** The address a send-mail names for its one seed, checked; undefined: each seed's user's own. */
function addressOf(ids: readonly string[], email: string | undefined): string | undefined {
  if (email === undefined) return undefined;
  if (ids.length > 1) throw invalidField('email', 'is only for one OTP code');
  const address = email.trim();
  if (address === '') throw fail(OTP_ERRORS.emailEmpty);
  if (!isEmail(address)) throw fail(OTP_ERRORS.emailInvalid);
  return address;
}

export function otpRoutes(kit: Kit): void {
  kit.list(otp, 'list', {
    listing: otpListing,
    extra: {
      customerId: Type.String({ maxLength: 100 }),
      serviceId: Type.String({ maxLength: 100 }),
    },
    record: OtpRecord,
    find: (call, ask) =>
      listSeeds(call.tx, call.services.sealer, (call.query as { serviceId: string }).serviceId, ask),
  });

  // Re-generate, send or delete every seed the list's filters match (server/kit/bulk.ts), a batch at a time.
  kit.bulk(otp, otpBulkSource, otpBulkActions);

  kit.route(otp, 'generate', (call) =>
    generateForService(call, call.services.sealer, call.params.tokenPackId, call.body.serviceId),
  );

  kit.route(otp, 'regenerate', async (call) => {
    const { ids, all } = call.body;
    if (all === true && ids !== undefined) throw invalidField('ids', "must be left out with 'all'");
    if (all !== true && ids === undefined) throw invalidField('ids', "is required without 'all'");
    return regenerateForService(call, call.services.sealer, call.params.tokenPackId, call.body);
  });

  kit.route(otp, 'deleteMany', { schema: { response: { 200: DeleteManyAnswer } } }, async (call) => {
    await deleteForService(call, call.params.tokenPackId, call.body);
    return { ids: [...call.body.ids] };
  });

  kit.route(otp, 'sendMail', (call) => {
    const ids = [...new Set(call.body.ids.map((id) => id.toLowerCase()))];
    const address = addressOf(ids, call.body.email);
    return sendSeeds(call, call.body.serviceId, ids, address, {
      mail: call.services.mail,
      sealer: call.services.sealer,
      productName: call.services.config.productName,
    });
  });

  // A gateway's call: no token, the API key names the service; the check runs in the service's customer.
  kit.route(otpVerification, 'verify', { transaction: false }, (call) => {
    const header = call.request.headers[OTP_API_KEY_HEADER];
    return checkGatewayCode(
      call,
      call.services.sealer,
      Array.isArray(header) ? undefined : header,
      call.body,
      call.request.log,
    );
  });
}
