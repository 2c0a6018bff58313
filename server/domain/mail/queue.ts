import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';
import { storedImagesOf } from './render.ts';
import type { MailLogger, MailQueue, MailTransport, OutgoingMail, StoredImage } from './types.ts';

/**
 * The outgoing mail. `enqueue` writes the message in the caller's transaction: QUEUED when there is an SMTP
 * server to send it through (SMTP_URL), OUTBOX otherwise (kept for operators to read, never sent).
 *
 * The sender takes the due QUEUED rows in batches: one statement claims a batch (FOR UPDATE SKIP LOCKED, so
 * that several servers on one PostgreSQL database never take the same row) by moving its next attempt a
 * lease away, then the messages are sent outside any transaction, and each row is marked SENT, or counts
 * a failed attempt: retried after 1, 2, 4 and 8 minutes, FAILED after the fifth. A server that stops while
 * sending leaves its claimed rows to be taken again once the lease is over.
 *
 * It wakes shortly after an enqueue (once the caller's transaction has committed, on PGlite's single
 * connection) and polls every second; `stop` lets the batch in flight finish; `flush` sends everything due.
 */

/** Messages claimed by one statement. */
export const BATCH_SIZE = 50;
/** Attempts before a message is given up (FAILED). */
export const MAX_ATTEMPTS = 5;
/** The wait after the first failed attempt; it doubles after each further one. */
export const FIRST_RETRY_MS = 60_000;
/** A claimed message is due again after this (its sender stopped in the middle of the batch). */
export const LEASE_MS = 10 * 60_000;
const POLL_MS = 1_000;
/** The wait after an enqueue before looking for new rows. */
const WAKE_MS = 25;
/** What is kept of an error's message. */
const MAX_ERROR_LENGTH = 1000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number): number => FIRST_RETRY_MS * 2 ** (attempts - 1);

export interface MailQueueOptions {
  db: Database;
  config: Config;
  /** Where sending failures are reported (never with the message's body or the SMTP credentials). */
  logger?: MailLogger;
  /** The clock of due dates and retries (tests move it). */
  now?: () => Date;
  /** What sends; by default nodemailer's SMTP pool on config.smtp.url. Given: messages are sent through it. */
  transport?: MailTransport;
}

/** The stored form of a message's images. */
const storedImages = (message: OutgoingMail): StoredImage[] =>
  (message.images ?? []).map((image) => ({
    cid: image.cid,
    fileName: image.fileName,
    contentType: image.contentType,
    base64: image.content.toString('base64'),
  }));

/** nodemailer's SMTP pool on the configured URL (the URL's query may override any of these options). */
function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    // Attachments are the images the message carries, never files or URLs read by the sender.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/** The user and password of an SMTP URL, to keep out of recorded errors. */
function credentialsOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password)].filter((secret) => secret.length > 0);
  } catch {
    return [];
  }
}

/** The domain of an address (`Name <user@example.com>` → example.com), for Message-IDs. */
const domainOf = (address: string) => /@([^\s@<>"]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';

type Row = typeof mailMessages.$inferSelect;

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const sending = options.transport !== undefined || config.smtp !== undefined;
  const from = config.smtp?.from ?? 'no-reply@localhost';
  const secrets = credentialsOf(config.smtp?.url);

  /** An error as a row keeps it: its message, without credentials, not too long. */
  const describe = (error: unknown): string => {
    let text = error instanceof Error ? error.message : String(error);
    for (const secret of secrets) text = text.split(secret).join('***');
    text = text.trim() || 'Unknown error';
    return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
  };

  let transport: MailTransport | undefined = options.transport;
  const transportNow = (): MailTransport => {
    transport ??= smtpTransport(config.smtp!.url);
    return transport;
  };

  /** Claims a batch of due messages (one statement: no transaction is held while sending). */
  const claim = async (): Promise<Row[]> => {
    const at = now();
    const isDue = and(eq(mailMessages.status, 'QUEUED'), lte(mailMessages.nextAttemptDate, at));
    const due = db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(isDue)
      .orderBy(asc(mailMessages.nextAttemptDate), asc(mailMessages.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailMessages)
      .set({ nextAttemptDate: new Date(at.getTime() + LEASE_MS) })
      .where(and(inArray(mailMessages.id, due), isDue))
      .returning();
    return rows.sort((a, b) => a.createdDate.getTime() - b.createdDate.getTime());
  };

  const sendOne = async (row: Row): Promise<void> => {
    let failure: string | undefined;
    try {
      await transportNow().sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<${row.id}@${domainOf(from)}>`,
        attachments: storedImagesOf(row.attachments).map((image) => ({
          cid: image.cid,
          filename: image.fileName,
          contentType: image.contentType,
          content: Buffer.from(image.base64, 'base64'),
          contentDisposition: 'inline' as const,
        })),
      });
    } catch (error) {
      failure = describe(error);
    }
    const attempts = row.attempts + 1;
    const at = now();
    const stillQueued = and(eq(mailMessages.id, row.id), eq(mailMessages.status, 'QUEUED'));
    if (failure === undefined) {
      await db
        .update(mailMessages)
        .set({ status: 'SENT', attempts, sentDate: at, lastError: null })
        .where(stillQueued);
      return;
    }
    const givenUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(mailMessages)
      .set({
        status: givenUp ? 'FAILED' : 'QUEUED',
        attempts,
        lastError: failure,
        nextAttemptDate: givenUp ? at : new Date(at.getTime() + retryDelayMs(attempts)),
      })
      .where(stillQueued);
    logger?.warn(
      { mailId: row.id, attempts, error: failure },
      givenUp ? 'mail not sent: given up' : 'mail not sent: will retry',
    );
  };

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  /** The sender's work, one run after the other (a flush waits for the batch in flight). */
  let tail: Promise<void> = Promise.resolve();
  let kickWaiting = false;

  const exclusive = (work: () => Promise<void>): Promise<void> => {
    const run = tail.then(work);
    tail = run.catch((error: unknown) => {
      logger?.error({ error: describe(error) }, 'the mail sender failed');
    });
    return run;
  };

  /** Sends batches until none is due (or, unless `all`, until the sender stops). */
  const drain = async (all: boolean) => {
    while (all || !stopped) {
      const batch = await claim();
      if (batch.length === 0) return;
      await Promise.all(batch.map(sendOne));
    }
  };

  const kick = () => {
    if (stopped || kickWaiting) return;
    kickWaiting = true;
    void exclusive(async () => {
      kickWaiting = false;
      await drain(false);
    }).catch(() => {});
  };

  return {
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(mailMessages)
        .values({
          customerId: message.customerId,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: storedImages(message),
          status: sending ? 'QUEUED' : 'OUTBOX',
          nextAttemptDate: now(),
        })
        .returning({ id: mailMessages.id });
      if (sending && !stopped) setTimeout(kick, WAKE_MS).unref();
      return row!.id;
    },
    start() {
      if (!sending || !stopped) return;
      stopped = false;
      timer = setInterval(kick, POLL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await tail;
      // An injected transport is its giver's to close; the pool is made again if a flush needs it.
      if (transport !== options.transport) transport?.close?.();
      transport = options.transport;
    },
    async flush() {
      if (!sending) return;
      await exclusive(() => drain(true));
    },
  };
}
