import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../../db/client.ts';

/** An inline image of a message, named in its HTML as `cid:<cid>`. */
export interface MailImage {
  cid: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A message to send: its text and HTML bodies, and the images its HTML shows. */
export interface OutgoingMail {
  /** The customer it is sent for (null: the provider's own). */
  customerId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  images?: MailImage[];
}

/**
 * The outgoing mail of the server (server/domain/mail): `enqueue` writes the message in the caller's
 * transaction (so that it is sent only if that transaction commits) and answers its id; the sender sends it
 * in the background through SMTP_URL, with retries, or keeps it in the outbox when no SMTP server is
 * configured. `start`/`stop` run the background sender; `flush` sends what is due now (tests, shutdown).
 */
export interface MailQueue {
  enqueue(tx: Database, message: OutgoingMail): Promise<string>;
  start(): void;
  stop(): Promise<void>;
  flush(): Promise<void>;
}

/** What sends a message: nodemailer's transporter, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  /** Closes its connections (nodemailer's pool). */
  close?(): void;
}

/** Where the sender reports what it could not do (the app's pino logger fits). */
export interface MailLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** An inline image as a message row keeps it (mail_messages.attachments). */
export interface StoredImage {
  cid: string;
  fileName: string;
  contentType: string;
  base64: string;
}
