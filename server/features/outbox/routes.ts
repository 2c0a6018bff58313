import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import {
  MAIL_ERRORS,
  MAIL_LISTING,
  type MailMessage,
  MailSummary,
  type MailSummary as MailSummaryRecord,
  outbox,
} from '../../../contract/mail.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny } from '../../db/listing.ts';
import { mailMessages } from '../../db/schema.ts';
import { inlineImages, storedImagesOf } from '../../domain/mail/index.ts';
import { notFound } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * The outbox (contract/mail.ts): the mail the gateway sent, is sending or keeps (no SMTP server), for the
 * provider's operators. The list reads the summaries only; one message is answered with its text and its
 * HTML, whose inline images (`cid:`) become data: URLs so that it reads as the recipient sees it.
 */

const mailNotFound = () => notFound(MAIL_ERRORS.notFound.key, MAIL_ERRORS.notFound.text);

const outboxList = defineListing({
  filters: {
    q: ilikeAny([mailMessages.to, mailMessages.subject]),
    status: equals(mailMessages.status),
    customerId: equals(mailMessages.customerId),
  },
  sort: {
    createdDate: mailMessages.createdDate,
    to: mailMessages.to,
    subject: mailMessages.subject,
    status: mailMessages.status,
  },
  defaultSort: MAIL_LISTING.defaultSort,
  unique: mailMessages.id,
});

const summaryFields = {
  id: mailMessages.id,
  customerId: mailMessages.customerId,
  to: mailMessages.to,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  createdDate: mailMessages.createdDate,
  sentDate: mailMessages.sentDate,
};

type SummaryRow = {
  [K in keyof typeof summaryFields]: (typeof mailMessages.$inferSelect)[K];
};

const toSummary = (row: SummaryRow): MailSummaryRecord => ({
  id: row.id,
  customerId: row.customerId,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdDate: row.createdDate.toISOString(),
  sentDate: row.sentDate?.toISOString() ?? null,
});

/** The contract's names and the listing's must agree. */
function sameNames(): void {
  const filters = Object.keys(outboxList.filterSchema.properties).sort().join();
  const sorts = [...outboxList.sortFields].sort().join();
  if (filters !== [...MAIL_LISTING.filters].sort().join() || sorts !== [...MAIL_LISTING.sort].sort().join()) {
    throw new Error('The outbox listing differs from its contract (contract/mail.ts MAIL_LISTING)');
  }
}

export const mailRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  sameNames();

  const list = optionsOf(contractRoute(outbox, 'list'));
  app.route({
    ...list,
    schema: {
      ...list.schema,
      querystring: pageSearchQuery(outboxList),
      response: { 200: pageAnswer(MailSummary) },
    },
    handler: async (request) => {
      const ask = readPageSearch(outboxList, request.query);
      const query = db.select(summaryFields).from(mailMessages).$dynamic();
      return answerPage(await findRows(db, query, outboxList, ask), ask, toSummary);
    },
  });

  app.route({
    ...routeOf(outbox.base, outbox.getOne, 'outbox.getOne'),
    handler: async (request): Promise<MailMessage> => {
      const { id } = request.params;
      if (!UUID_PATTERN.test(id)) throw mailNotFound();
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id.toLowerCase()));
      if (!row) throw mailNotFound();
      return {
        ...toSummary(row),
        text: row.text,
        html: inlineImages(row.html, storedImagesOf(row.attachments)),
      };
    },
  });
};
