import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchema } from 'fastify';
import {
  OTP_API_KEY_HEADER,
  OTP_ERRORS,
  OtpRecord,
  otp,
  otpauthLink,
  otpVerification,
} from '../../../contract/otp.ts';
import { isEmail } from '../../../contract/rules.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findRows } from '../../db/listing.ts';
import { recordCountAudit } from '../../domain/enrollment/countAudit.ts';
import { qrPng } from '../../domain/enrollment/qrPng.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { recordSignInEvent } from '../../domain/signInEvents.ts';
import { badRequest } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { DeleteManyAnswer } from '../../kit/deleteMany.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { invalidField } from '../../validation.ts';
import {
  allSeedsOfService,
  deleteSeeds,
  generateSeeds,
  type OtpListRow,
  type OtpService,
  ofCustomer,
  otpListing,
  otpSelect,
  regenerateSeeds,
  seedCount,
  seedsOfService,
  seedsToSend,
  serviceOf,
  serviceOfApiKey,
  toOtpRecord,
  verifyCode,
} from './otp.ts';
import { otpMail } from './otpMail.ts';

/**
 * OTP seeds (contract/otp.ts), in the customer of the call, for one service of one of its token packs:
 * - the list of a service's seeds (serviceId required), each with its secret (seedNumber) unsealed;
 * - generate (a seed for each active user of the primary directory of the service's token pack without
 *   one), re-generate (the chosen seeds, or all: the old codes stop working), delete (all or none);
 * - send-mail (one message a seed, with its otpauth:// link and QR code, queued in the same transaction);
 * - the gateways' check of a code (public: the service's HTTPS connector API key names the service).
 * Every write runs in one transaction with one audit entry ('OtpCode', the service's id), which names no
 * seed. Neither the API key nor a code is ever logged.
 */

const ListQuery = pageSearchQuery(otpListing, {
  customerId: Type.String({ maxLength: 100 }),
  serviceId: Type.String({ maxLength: 100 }),
});

export const otpRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  sealer: Sealer;
  config: Config;
  mail: MailQueue;
}> = async (app, { db, sealer, config, mail }) => {
  /** One audit entry for a service's seeds: how many were generated, re-generated or deleted. */
  const audit = (
    tx: Database,
    request: FastifyRequest,
    service: OtpService,
    action: 'CREATE' | 'UPDATE' | 'DELETE',
    count: number,
  ) => recordCountAudit(tx, callerOf(request).account, 'OtpCode', service, action, count);

  // ——— The list ———
  const list = optionsOf(contractRoute(otp, 'list'));
  app.route({
    ...list,
    schema: {
      ...list.schema,
      querystring: ListQuery,
      response: { 200: pageAnswer(OtpRecord) },
    } as FastifySchema,
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const query = request.query as { serviceId: string };
      const service = await serviceOf(db, customerId, query.serviceId);
      const ask = readPageSearch(otpListing, query);
      // Every seed has its user and service: without other filters the total is the service's count, read
      // from otp_codes alone (counting the joined rows takes ten times as long at 100,000 seeds).
      const onlyService = Object.keys(ask.filters).every((name) => name === 'serviceId');
      const knownTotal = onlyService ? () => seedCount(db, service) : undefined;
      const found = await findRows(
        db,
        otpSelect(db),
        otpListing,
        { ...ask, knownTotal },
        ofCustomer(customerId),
      );
      return answerPage(found, ask, (row: OtpListRow) => toOtpRecord(sealer, row));
    },
  });

  // ——— Generate, re-generate, delete ———
  app.route({
    ...routeOf(otp.base, otp.actions.generate, 'otp.generate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      return db.transaction(async (tx) => {
        const service = await serviceOf(tx, customerId, request.body.serviceId, {
          tokenPackId: request.params.tokenPackId,
          forUpdate: true,
        });
        const generated = await generateSeeds(tx, sealer, service);
        if (generated > 0) await audit(tx, request, service, 'CREATE', generated);
        return { generated };
      });
    },
  });

  app.route({
    ...routeOf(otp.base, otp.actions.regenerate, 'otp.regenerate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { ids, all } = request.body;
      if (all === true && ids !== undefined) throw invalidField('ids', "must be left out with 'all'");
      if (all !== true && ids === undefined) throw invalidField('ids', "is required without 'all'");
      return db.transaction(async (tx) => {
        const service = await serviceOf(tx, customerId, request.body.serviceId, {
          tokenPackId: request.params.tokenPackId,
          forUpdate: true,
        });
        const chosen =
          ids === undefined ? await allSeedsOfService(tx, service) : await seedsOfService(tx, service, ids);
        const replaced = await regenerateSeeds(tx, sealer, chosen);
        // All: the users who came since the last generation get their first seed too (the toolbar offers
        // Re-generate all, not Generate, once the service has seeds).
        const added =
          all === true && service.primaryDirectoryId ? await generateSeeds(tx, sealer, service) : 0;
        const regenerated = replaced + added;
        if (regenerated > 0) await audit(tx, request, service, 'UPDATE', regenerated);
        return { regenerated };
      });
    },
  });

  const deleteMany = optionsOf(contractRoute(otp, 'deleteMany'));
  app.route({
    ...deleteMany,
    schema: { ...deleteMany.schema, response: { 200: DeleteManyAnswer } } as FastifySchema,
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { tokenPackId } = request.params as { tokenPackId: string };
      const body = request.body as { serviceId: string; ids: string[] };
      await db.transaction(async (tx) => {
        const service = await serviceOf(tx, customerId, body.serviceId, { tokenPackId });
        const found = await seedsOfService(tx, service, body.ids);
        await deleteSeeds(tx, found);
        await audit(tx, request, service, 'DELETE', found.length);
      });
      return { ids: [...body.ids] };
    },
  });

  // ——— Send by email ———
  app.route({
    ...routeOf(otp.base, otp.actions.sendMail, 'otp.sendMail'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      let address: string | undefined;
      if (request.body.email !== undefined) {
        if (ids.length > 1) throw invalidField('email', 'is only for one OTP code');
        address = request.body.email.trim();
        if (address === '') throw badRequest(OTP_ERRORS.emailEmpty.key, OTP_ERRORS.emailEmpty.text);
        if (!isEmail(address)) throw badRequest(OTP_ERRORS.emailInvalid.key, OTP_ERRORS.emailInvalid.text);
      }
      return db.transaction(async (tx) => {
        const service = await serviceOf(tx, customerId, request.body.serviceId);
        await seedsOfService(tx, service, ids, false);
        let queued = 0;
        const rows = await seedsToSend(tx, sealer, service, ids);
        for (const row of rows) {
          const to = address ?? row.email?.trim();
          if (!to) continue;
          const link = otpauthLink(config.productName, row.username, row.seedNumber);
          await mail.enqueue(
            tx,
            otpMail({
              customerId,
              to,
              productName: config.productName,
              serviceName: service.instanceName,
              username: row.username,
              seedNumber: row.seedNumber,
              link,
              qr: qrPng(link),
            }),
          );
          queued++;
        }
        return { queued, skipped: rows.length - queued };
      });
    },
  });

  // ——— The gateways' check of a code ———
  app.route({
    ...routeOf('', otpVerification.calls.verify, 'otp-verification.verify'),
    handler: async (request) => {
      const header = request.headers[OTP_API_KEY_HEADER];
      const service = await serviceOfApiKey(db, Array.isArray(header) ? undefined : header);
      // The dashboard's approvals: a code checked, right or not (locked out counts as not).
      let valid = false;
      try {
        const answer = await verifyCode(db, sealer, service, request.body);
        valid = answer.valid;
        return answer;
      } finally {
        await recordSignInEvent(db, request.log, {
          kind: 'approval',
          method: 'otp',
          outcome: valid ? 'success' : 'failure',
          customerId: service.customerId,
        });
      }
    },
  });
};
