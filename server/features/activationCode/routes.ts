import { Type } from '@fastify/type-provider-typebox';
import {
  ACTIVATION_ERRORS,
  ActivationCodeRecord,
  activationCode,
  appActivation,
  ZIP_ENTRIES_HEADER,
} from '../../../contract/activationCode.ts';
import { isEmail } from '../../../contract/rules.ts';
import { zipStream } from '../../domain/enrollment/zip.ts';
import { fail } from '../../errors.ts';
import type { CallBase } from '../../kit/call.ts';
import { DeleteManyAnswer } from '../../kit/deleteMany.ts';
import type { Kit } from '../../kit/kit.ts';
import { invalidField } from '../../validation.ts';
import { activateApp } from './activation.ts';
import {
  codeBulkActions,
  codeBulkSource,
  codeListing,
  deleteCodes,
  generateForPack,
  listCodes,
  qrEntries,
  regenerateForPack,
  reissueExpired,
  sendCodes,
  summaryOfPack,
  tidyCodes,
  type ZipAsk,
  zipDisposition,
  zipOfCodes,
  zipOfPack,
} from './activationCodes.ts';

/**
 * Activation codes and the app's activation (contract/activationCode.ts), in the customer of the call:
 * - the list of a token pack's codes (tokenPackId required), with EXPIRED read from the expiry date;
 * - generate (a code for each active user of the pack's primary directory the plan covers without one;
 *   the answer says how many were left out as over the plan), re-generate (the
 *   chosen codes, or all: the old ones are retired and refused as replaced), delete-many (all or none);
 * - send-mail (one message a code, with its QR code inline, queued in the same transaction);
 * - the zip of QR codes (PNG, one per code, named after the user), streamed as it is made;
 * - the mobile app's activation (public: the code is the credential, and names its customer).
 * Every write has one audit entry per token pack ('ActivationCode'), which names no code and no seed. After a
 * change of many codes, the table is tidied once the change has committed (tidyCodes): those calls open
 * their transaction themselves.
 */

/** The zip, streamed (each page of codes read in a short transaction of its own); X-Zip-Entries tells the portal how many files come, for its progress. */
const sendZip = (call: CallBase<unknown>, ask: ZipAsk) =>
  call.reply
    .type('application/zip')
    .header('content-disposition', zipDisposition(ask.pack))
    .header('cache-control', 'no-store')
    .header(ZIP_ENTRIES_HEADER, String(ask.entries))
    .send(zipStream(qrEntries(call.transaction, call.origin, ask)));

/** The chosen codes of a re-generation: `ids`, or `all`, never both. */
function chosenOf(body: { ids?: string[]; all?: boolean }) {
  if (body.all === true && body.ids !== undefined) throw invalidField('ids', "must be left out with 'all'");
  if (body.all !== true && body.ids === undefined) throw invalidField('ids', "is required without 'all'");
  return body;
}

/** The address a send-mail names for its one code, checked; undefined: each code's user's own. */
function addressOf(ids: readonly string[], email: string | undefined): string | undefined {
  if (email === undefined) return undefined;
  if (ids.length > 1) throw invalidField('email', 'is only for one code');
  const address = email.trim();
  if (address === '') throw fail(ACTIVATION_ERRORS.emailEmpty);
  if (!isEmail(address)) throw fail(ACTIVATION_ERRORS.emailInvalid);
  return address;
}

export function activationCodeRoutes(kit: Kit): void {
  kit.list(activationCode, 'list', {
    listing: codeListing,
    extra: { tokenPackId: Type.String({ maxLength: 100 }) },
    record: ActivationCodeRecord,
    find: (call, ask) => listCodes(call, (call.query as { tokenPackId: string }).tokenPackId, ask),
  });

  // Re-generate, send or delete every code the list's filters match (server/kit/bulk.ts), a batch at a time.
  kit.bulk(activationCode, codeBulkSource, codeBulkActions);

  kit.route(activationCode, 'generate', { transaction: false }, async (call) => {
    const answer = await call.transaction((tx, audit) =>
      generateForPack({ tx, audit, customer: call.customer, origin: call.origin }, call.params.tokenPackId),
    );
    await tidyCodes(call, answer.generated);
    return answer;
  });

  kit.route(activationCode, 'regenerate', { transaction: false }, async (call) => {
    const chosen = chosenOf(call.body);
    const answer = await call.transaction((tx, audit) =>
      regenerateForPack(
        { tx, audit, customer: call.customer, origin: call.origin },
        call.params.tokenPackId,
        chosen,
      ),
    );
    await tidyCodes(call, answer.regenerated);
    return answer;
  });

  kit.route(
    activationCode,
    'deleteMany',
    { transaction: false, schema: { response: { 200: DeleteManyAnswer } } },
    async (call) => {
      const { ids } = call.body;
      await call.transaction((tx, audit) =>
        deleteCodes({ tx, audit, customer: call.customer, origin: call.origin }, ids),
      );
      await tidyCodes(call, ids.length);
      return { ids: [...ids] };
    },
  );

  kit.route(activationCode, 'summary', (call) => summaryOfPack(call, call.params.tokenPackId));

  kit.route(activationCode, 'reissueExpired', { transaction: false }, async (call) => {
    const answer = await call.transaction((tx, audit) =>
      reissueExpired({ tx, audit, customer: call.customer, origin: call.origin }, call.params.tokenPackId, {
        mail: call.services.mail,
        productName: call.services.config.productName,
      }),
    );
    await tidyCodes(call, answer.reissued);
    return answer;
  });

  kit.route(activationCode, 'sendMail', (call) => {
    const ids = [...new Set(call.body.ids.map((id) => id.toLowerCase()))];
    const address = addressOf(ids, call.body.email);
    return sendCodes(call, ids, address, {
      mail: call.services.mail,
      productName: call.services.config.productName,
    });
  });

  // The zips stream after the handler has answered: each page of codes is read in a transaction of its own.
  kit.route(activationCode, 'zip', { transaction: false }, async (call) => {
    const ask = await call.transaction((tx) =>
      zipOfCodes(
        { tx, customer: call.customer, origin: call.origin },
        call.params.tokenPackId,
        call.body.ids,
      ),
    );
    return sendZip(call, ask);
  });

  kit.route(activationCode, 'downloadAll', { transaction: false }, async (call) => {
    const ask = await call.transaction((tx) =>
      zipOfPack({ tx, customer: call.customer, origin: call.origin }, call.params.tokenPackId),
    );
    return sendZip(call, ask);
  });

  // The mobile app: no token, the code is the credential; its work runs in the code's customer.
  kit.route(appActivation, 'activate', { transaction: false }, (call) =>
    activateApp(call, { sealer: call.services.sealer, issuer: call.services.config.productName }, call.body),
  );
}
