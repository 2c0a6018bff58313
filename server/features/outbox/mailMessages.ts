import { eq } from 'drizzle-orm';
import { MAIL_ERRORS, MAIL_LISTING, type MailMessage, type MailSummary } from '../../../contract/mail.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny, type ListAsk } from '../../db/listing.ts';
import { mailMessages } from '../../db/schema.ts';
import { inlineImages, storedImagesOf } from '../../domain/mail/index.ts';
import { fail } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * The outbox (contract/mail.ts): the mail the gateway sent, is sending or keeps (no SMTP server). The list
 * reads the summaries only; one message is answered with its text and its HTML, whose inline images
 * (`cid:`) become data: URLs so that it reads as the recipient sees it.
 */

export const outboxListing = defineListing({
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

/** The contract's names and the listing's must agree. */
export function checkOutboxListing(): void {
  const filters = Object.keys(outboxListing.filterSchema.properties).sort().join();
  const sorts = [...outboxListing.sortFields].sort().join();
  if (filters !== [...MAIL_LISTING.filters].sort().join() || sorts !== [...MAIL_LISTING.sort].sort().join()) {
    throw new Error('The outbox listing differs from its contract (contract/mail.ts MAIL_LISTING)');
  }
}

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

const toSummary = (row: SummaryRow): MailSummary => ({
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

/** One page of the messages' summaries. */
export async function mailSummaries(tx: Database, ask: ListAsk) {
  const found = await findRows(
    tx,
    tx.select(summaryFields).from(mailMessages).$dynamic(),
    outboxListing,
    ask,
  );
  return { ...found, rows: found.rows.map(toSummary) };
}

/** One message as it reads, or MAIL_ERRORS.notFound. */
export async function mailMessage(tx: Database, id: string): Promise<MailMessage> {
  if (!UUID_PATTERN.test(id)) throw fail(MAIL_ERRORS.notFound);
  const [row] = await tx.select().from(mailMessages).where(eq(mailMessages.id, id.toLowerCase()));
  if (!row) throw fail(MAIL_ERRORS.notFound);
  return {
    ...toSummary(row),
    text: row.text,
    html: inlineImages(row.html, storedImagesOf(row.attachments)),
  };
}
