import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  ACTIVATION_ERRORS,
  ActivationCodeRecord,
  activationCode,
  activationLink,
  appActivation,
  ZIP_ENTRIES_HEADER,
} from '../../../contract/activationCode.ts';
import { isEmail } from '../../../contract/rules.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { activationCodes, users } from '../../db/schema.ts';
import { recordCountAudit } from '../../domain/enrollment/countAudit.ts';
import { qrPng } from '../../domain/enrollment/qrPng.ts';
import { safeFileName, uniqueNames, type ZipEntry, zipStream } from '../../domain/enrollment/zip.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { badRequest } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { DeleteManyAnswer } from '../../kit/deleteMany.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { invalidField } from '../../validation.ts';
import { publicOrigin } from '../../kit/origin.ts';
import { activateApp } from './activation.ts';
import {
  allCodesOfPack,
  anyId,
  codeListing,
  codesOfCustomer,
  codesOfPack,
  deleteCodes,
  generateCodes,
  listCodes,
  ofCustomer,
  type PackRow,
  packOf,
  regenerateCodes,
  tidyCodes,
  toCodeRecord,
} from './activationCodes.ts';
import { activationMail } from './activationMail.ts';

/**
 * Activation codes and the app's activation (contract/activationCode.ts), in the customer of the call:
 * - the list of a token pack's codes (tokenPackId required), with EXPIRED read from the expiry date;
 * - generate (a code for each active user of the pack's primary directory without one), re-generate (the
 *   chosen codes, or all: the old ones are retired and refused as replaced), delete-many (all or none);
 * - send-mail (one message a code, with its QR code inline, queued in the same transaction);
 * - the zip of QR codes (PNG, one per code, named after the user), streamed as it is made;
 * - the mobile app's activation (public: the code is the credential).
 * Every write runs in one transaction with one audit entry per token pack ('ActivationCode'), which names
 * no code and no seed.
 */

/** How many codes the zip reads from the database at a time. */
const ZIP_PAGE = 1_000;

const ListQuery = pageSearchQuery(codeListing, { tokenPackId: Type.String({ maxLength: 100 }) });

/** `<pack name>-activation-codes.zip`, as a Content-Disposition (an ASCII name, and the exact one in UTF-8). */
function zipDisposition(pack: PackRow): string {
  const name = `${safeFileName(pack.name, 'token-pack')}-activation-codes.zip`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const activationCodeRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  sealer: Sealer;
  config: Config;
  mail: MailQueue;
}> = async (app, { db, sealer, config, mail }) => {
  const modifier = (request: FastifyRequest) => callerOf(request).account;

  /** One audit entry for a token pack's codes: how many were generated, re-generated or deleted. */
  const audit = (
    tx: Database,
    request: FastifyRequest,
    pack: { id: string; customerId: string },
    action: 'CREATE' | 'UPDATE' | 'DELETE',
    count: number,
  ) => recordCountAudit(tx, modifier(request), 'ActivationCode', pack, action, count);

  // ——— The list ———
  const list = optionsOf(contractRoute(activationCode, 'list'));
  app.route({
    ...list,
    schema: {
      ...list.schema,
      querystring: ListQuery,
      response: { 200: pageAnswer(ActivationCodeRecord) },
    } as FastifySchema,
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const query = request.query as { tokenPackId: string };
      await packOf(db, customerId, query.tokenPackId);
      const ask = readPageSearch(codeListing, query);
      const now = new Date();
      const found = await listCodes(db, customerId, ask);
      return answerPage(found, ask, (row) => toCodeRecord(row, now));
    },
  });

  // ——— Generate, re-generate, delete ———
  app.route({
    ...routeOf(activationCode.base, activationCode.actions.generate, 'activation-code.generate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const answer = await db.transaction(async (tx) => {
        const pack = await packOf(tx, customerId, request.params.tokenPackId, true);
        const generated = await generateCodes(tx, pack);
        if (generated > 0) await audit(tx, request, pack, 'CREATE', generated);
        return { generated };
      });
      await tidyCodes(db, answer.generated);
      return answer;
    },
  });

  app.route({
    ...routeOf(activationCode.base, activationCode.actions.regenerate, 'activation-code.regenerate'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { ids, all } = request.body;
      if (all === true && ids !== undefined) throw invalidField('ids', "must be left out with 'all'");
      if (all !== true && ids === undefined) throw invalidField('ids', "is required without 'all'");
      const answer = await db.transaction(async (tx) => {
        const pack = await packOf(tx, customerId, request.params.tokenPackId, true);
        const chosen = ids === undefined ? await allCodesOfPack(tx, pack) : await codesOfPack(tx, pack, ids);
        const replaced = await regenerateCodes(tx, chosen);
        // All: the users who came since the last generation get their first code too (the toolbar offers
        // Re-generate all, not Generate, once the pack has codes).
        const added = all === true && pack.primaryDirectoryId ? await generateCodes(tx, pack) : 0;
        const regenerated = replaced + added;
        if (regenerated > 0) await audit(tx, request, pack, 'UPDATE', regenerated);
        return { regenerated };
      });
      await tidyCodes(db, answer.regenerated);
      return answer;
    },
  });

  const deleteMany = optionsOf(contractRoute(activationCode, 'deleteMany'));
  app.route({
    ...deleteMany,
    schema: { ...deleteMany.schema, response: { 200: DeleteManyAnswer } } as FastifySchema,
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const asked = (request.body as { ids: string[] }).ids;
      await db.transaction(async (tx) => {
        const found = await codesOfCustomer(tx, customerId, asked);
        await deleteCodes(
          tx,
          found.map((row) => row.id),
        );
        const byPack = new Map<string, number>();
        for (const row of found) byPack.set(row.tokenPackId, (byPack.get(row.tokenPackId) ?? 0) + 1);
        for (const [tokenPackId, count] of byPack) {
          await audit(tx, request, { id: tokenPackId, customerId }, 'DELETE', count);
        }
      });
      await tidyCodes(db, asked.length);
      return { ids: [...asked] };
    },
  });

  // ——— Send by email ———
  app.route({
    ...routeOf(activationCode.base, activationCode.actions.sendMail, 'activation-code.sendMail'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      let address: string | undefined;
      if (request.body.email !== undefined) {
        if (ids.length > 1) throw invalidField('email', 'is only for one code');
        address = request.body.email.trim();
        if (address === '') {
          throw badRequest(ACTIVATION_ERRORS.emailEmpty.key, ACTIVATION_ERRORS.emailEmpty.text);
        }
        if (!isEmail(address)) {
          throw badRequest(ACTIVATION_ERRORS.emailInvalid.key, ACTIVATION_ERRORS.emailInvalid.text);
        }
      }
      const server = publicOrigin(request, config);
      return db.transaction(async (tx) => {
        await codesOfCustomer(tx, customerId, ids);
        const rows = await tx
          .select({
            code: activationCodes.code,
            expireDate: activationCodes.expireDate,
            username: users.username,
            email: users.email,
          })
          .from(activationCodes)
          .innerJoin(users, eq(users.id, activationCodes.userId))
          .where(and(ofCustomer(customerId), anyId(activationCodes.id, ids)))
          .orderBy(asc(users.username));
        let queued = 0;
        for (const row of rows) {
          const to = address ?? row.email?.trim();
          if (!to) continue;
          const link = activationLink(server, row.code);
          await mail.enqueue(
            tx,
            activationMail({
              customerId,
              to,
              productName: config.productName,
              username: row.username,
              code: row.code,
              link,
              expireDate: row.expireDate,
              qr: qrPng(link),
            }),
          );
          queued++;
        }
        return { queued, skipped: rows.length - queued };
      });
    },
  });

  // ——— The zip of QR codes ———

  /** The codes `where` keeps, by username, read a page at a time, as PNG entries named after their users. */
  async function* qrEntries(server: string, where: SQL): AsyncGenerator<ZipEntry> {
    const nameOf = uniqueNames();
    let after: { username: string; id: string } | undefined;
    for (;;) {
      const page = await db
        .select({
          id: activationCodes.id,
          code: activationCodes.code,
          username: activationCodes.username,
          lastModifiedDate: activationCodes.lastModifiedDate,
        })
        .from(activationCodes)
        .where(
          and(
            where,
            after
              ? sql`(${activationCodes.username}, ${activationCodes.id}) > (${after.username}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(activationCodes.username), asc(activationCodes.id))
        .limit(ZIP_PAGE);
      for (const row of page) {
        yield {
          name: nameOf(safeFileName(row.username, 'user'), '.png'),
          content: qrPng(activationLink(server, row.code)),
          modified: row.lastModifiedDate,
        };
      }
      if (page.length < ZIP_PAGE) return;
      after = page.at(-1)!;
    }
  }

  /** The zip, streamed; X-Zip-Entries tells the portal how many files come, for its progress. */
  const sendZip = (
    request: FastifyRequest,
    reply: FastifyReply,
    pack: PackRow,
    where: SQL,
    entries: number,
  ) =>
    reply
      .type('application/zip')
      .header('content-disposition', zipDisposition(pack))
      .header('cache-control', 'no-store')
      .header(ZIP_ENTRIES_HEADER, String(entries))
      .send(zipStream(qrEntries(publicOrigin(request, config), where)));

  app.route({
    ...routeOf(activationCode.base, activationCode.actions.zip, 'activation-code.zip'),
    handler: async (request, reply) => {
      const customerId = requiredCustomerOf(request);
      const pack = await packOf(db, customerId, request.params.tokenPackId);
      const ids = await codesOfPack(db, pack, request.body.ids, false);
      return sendZip(
        request,
        reply,
        pack,
        and(eq(activationCodes.tokenPackId, pack.id), anyId(activationCodes.id, ids))!,
        ids.length,
      );
    },
  });

  app.route({
    ...routeOf(activationCode.base, activationCode.actions.downloadAll, 'activation-code.downloadAll'),
    handler: async (request, reply) => {
      const pack = await packOf(db, requiredCustomerOf(request), request.params.tokenPackId);
      const where = eq(activationCodes.tokenPackId, pack.id);
      const [counted] = await db.select({ total: count() }).from(activationCodes).where(where);
      return sendZip(request, reply, pack, where, counted?.total ?? 0);
    },
  });

  // ——— The mobile app ———
  app.route({
    ...routeOf('', appActivation.calls.activate, 'app-activation.activate'),
    handler: async (request) => activateApp(db, { sealer, issuer: config.productName }, request.body),
  });
};
