import { eq } from 'drizzle-orm';
import type { Database } from '../../../../server/db/client.ts';
import { mailMessages } from '../../../../server/db/schema.ts';
import { createMailQueue, type MailQueue, type OutgoingMail } from '../../../../server/domain/mail/index.ts';
import { createTestContext, createTestDatabase, testConfig } from '../../helpers.ts';
import { qrMail } from './fixtures.ts';
import { REFUSAL, type SmtpPeer, startSmtpPeer } from './smtpPeer.ts';

/**
 * The sender (server/domain/mail): messages enqueued in a committed transaction reach a real SMTP server
 * (smtp-server on a free local port, read back with mailparser) with their inline QR image; a refused message
 * is retried with a growing wait and given up after the fifth attempt; a rolled-back transaction sends
 * nothing.
 */

const FROM = 'Gateway <no-reply@gateway.test>';
const START = new Date('2030-01-01T08:00:00.000Z');
const MINUTE = 60_000;

let db: Database;
let closeDb: () => Promise<void>;
let peer: SmtpPeer;
/** The queue's clock: tests move it instead of waiting. */
let clock: Date;
let queue: MailQueue;

const newQueue = (url = peer.url) =>
  createMailQueue({ db, config: testConfig({ smtp: { url, from: FROM } }), now: () => clock });

const enqueue = (message: OutgoingMail, into = queue) => db.transaction((tx) => into.enqueue(tx, message));
const rowOf = async (id: string) => (await db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;

beforeAll(async () => {
  ({ db, close: closeDb } = await createTestDatabase());
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.close();
  await closeDb?.();
});
beforeEach(async () => {
  await db.delete(mailMessages);
  peer.received.length = 0;
  peer.recipients.length = 0;
  peer.refuseRecipients(false);
  clock = START;
  queue = newQueue();
});
afterEach(async () => {
  await queue.stop();
});

describe('the mail sender, with an SMTP server', () => {
  it('queues the message, then sends it with its inline image, from MAIL_FROM, and marks it SENT', async () => {
    const message = qrMail();
    const id = await enqueue(message);
    expect(await rowOf(id)).toMatchObject({ status: 'QUEUED', attempts: 0, sentDate: null, lastError: null });
    expect(peer.received).toHaveLength(0);

    await queue.flush();

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.subject).toBe(message.subject);
    expect(mail!.to).toMatchObject({ value: [{ address: message.to }] });
    expect(mail!.from).toMatchObject({ value: [{ address: 'no-reply@gateway.test', name: 'Gateway' }] });
    expect(mail!.messageId).toBe(`<${id}@gateway.test>`);
    expect(mail!.text?.trim()).toBe(message.text);
    const cid = message.images![0]!.cid;
    expect(mail!.html).toContain(`src="cid:${cid}"`);
    expect(mail!.attachments).toHaveLength(1);
    const [image] = mail!.attachments;
    expect(image!.cid).toBe(cid);
    expect(image!.contentType).toBe('image/png');
    expect(image!.filename).toBe('qr.png');
    expect(Buffer.compare(image!.content, message.qr)).toBe(0);
    expect(peer.recipients).toEqual([message.to]);

    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, sentDate: START });
    // Sent once: a second flush finds nothing due.
    await queue.flush();
    expect(peer.received).toHaveLength(1);
  });

  it('sends more messages than one batch takes, each once', async () => {
    const messages = Array.from({ length: 120 }, () => qrMail());
    await db.transaction(async (tx) => {
      for (const message of messages) await queue.enqueue(tx, message);
    });
    await queue.flush();
    expect(peer.received).toHaveLength(120);
    expect(new Set(peer.received.map((mail) => mail.subject))).toEqual(
      new Set(messages.map((message) => message.subject)),
    );
    const statuses = await db.select({ status: mailMessages.status }).from(mailMessages);
    expect(statuses.every((row) => row.status === 'SENT')).toBe(true);
  });

  it('sends each message once when two servers send from the same database', async () => {
    const other = newQueue();
    try {
      const messages = Array.from({ length: 60 }, () => qrMail());
      await db.transaction(async (tx) => {
        for (const message of messages) await queue.enqueue(tx, message);
      });
      await Promise.all([queue.flush(), other.flush()]);
      expect(peer.received).toHaveLength(60);
      expect(new Set(peer.received.map((mail) => mail.messageId)).size).toBe(60);
      const rows = await db
        .select({ status: mailMessages.status, attempts: mailMessages.attempts })
        .from(mailMessages);
      expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it('sends nothing of a transaction that rolls back', async () => {
    const lost = qrMail({ subject: 'Never sent' });
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, lost);
        throw new Error('the request failed after the enqueue');
      }),
    ).rejects.toThrow('the request failed');
    const kept = qrMail({ subject: 'Committed' });
    await enqueue(kept);

    await queue.flush();

    expect(peer.received.map((mail) => mail.subject)).toEqual(['Committed']);
    const rows = await db.select({ subject: mailMessages.subject }).from(mailMessages);
    expect(rows).toEqual([{ subject: 'Committed' }]);
  });

  it('retries a refused message after 1, 2, 4 and 8 minutes, then marks it FAILED', async () => {
    peer.refuseRecipients(true);
    const id = await enqueue(qrMail());

    await queue.flush();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1, sentDate: null });
    expect(row.lastError).toContain(REFUSAL);
    expect(row.nextAttemptDate).toEqual(new Date(START.getTime() + MINUTE));

    // Not due yet: nothing is tried.
    clock = new Date(START.getTime() + MINUTE - 1000);
    await queue.flush();
    expect((await rowOf(id)).attempts).toBe(1);

    const waits = [2, 4, 8];
    for (const [index, wait] of waits.entries()) {
      clock = (await rowOf(id)).nextAttemptDate;
      await queue.flush();
      row = await rowOf(id);
      expect(row).toMatchObject({ status: 'QUEUED', attempts: index + 2 });
      expect(row.nextAttemptDate).toEqual(new Date(clock.getTime() + wait * MINUTE));
    }

    clock = row.nextAttemptDate;
    await queue.flush();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 5, sentDate: null });
    expect(row.lastError).toContain(REFUSAL);

    // Given up: even much later, nothing more is tried, and nothing arrived.
    peer.refuseRecipients(false);
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    await queue.flush();
    expect((await rowOf(id)).status).toBe('FAILED');
    expect(peer.received).toHaveLength(0);
  });

  it('sends a message refused once at its next attempt, and forgets the error', async () => {
    peer.refuseRecipients(true);
    const id = await enqueue(qrMail({ subject: 'Second time lucky' }));
    await queue.flush();
    expect((await rowOf(id)).lastError).toContain(REFUSAL);

    peer.refuseRecipients(false);
    clock = new Date(START.getTime() + MINUTE);
    await queue.flush();

    expect(peer.received.map((mail) => mail.subject)).toEqual(['Second time lucky']);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, sentDate: clock });
  });

  it('records a server that cannot be reached as a failed attempt', async () => {
    const unreachable = newQueue('smtp://127.0.0.1:1');
    try {
      const id = await enqueue(qrMail(), unreachable);
      await unreachable.flush();
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await unreachable.stop();
    }
  });

  it('once started, sends what a committed transaction enqueued without being asked', async () => {
    queue = createMailQueue({ db, config: testConfig({ smtp: { url: peer.url, from: FROM } }) });
    queue.start();
    const id = await enqueue(qrMail({ subject: 'Sent in the background' }));
    await peer.waitFor(1);
    expect(peer.received[0]!.subject).toBe('Sent in the background');
    await queue.stop();
    expect((await rowOf(id)).status).toBe('SENT');
  });
});

describe('stopping the sender', () => {
  it('waits for the message in flight, and leaves the rest for later', async () => {
    let release: () => void = () => {};
    const started: string[] = [];
    let closed = false;
    const slow = {
      sendMail: async (message: { subject?: unknown }) => {
        started.push(String(message.subject));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return {};
      },
      close: () => {
        closed = true;
      },
    };
    queue = createMailQueue({ db, config: testConfig(), now: () => clock, transport: slow });
    const id = await enqueue(qrMail({ subject: 'In flight' }));
    queue.start();
    while (started.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    const later = await enqueue(qrMail({ subject: 'After the stop' }));
    release();
    await stopping;

    expect(started).toEqual(['In flight']);
    expect((await rowOf(id)).status).toBe('SENT');
    expect((await rowOf(later)).status).toBe('QUEUED');
    // The transport it was given is its giver's to close.
    expect(closed).toBe(false);
  });
});

describe('the SMTP credentials', () => {
  let authPeer: SmtpPeer;
  const PASSWORD = 'S3cret:pa@ss';
  beforeAll(async () => {
    authPeer = await startSmtpPeer({ user: 'mailer', password: PASSWORD });
  });
  afterAll(async () => {
    await authPeer?.close();
  });

  it('signs in with the user and password of SMTP_URL', async () => {
    const authed = newQueue(authPeer.url);
    try {
      const id = await enqueue(qrMail({ subject: 'Signed in' }), authed);
      await authed.flush();
      expect(authPeer.received.map((mail) => mail.subject)).toEqual(['Signed in']);
      expect(authPeer.logins.at(-1)).toEqual({ username: 'mailer', password: PASSWORD });
      expect((await rowOf(id)).status).toBe('SENT');
    } finally {
      await authed.stop();
    }
  });

  it('never records the password in an error', async () => {
    const wrong = 'Wrong-Pass-77';
    const url = authPeer.url.replace(encodeURIComponent(PASSWORD), wrong);
    expect(url).toContain(wrong);
    const refused = newQueue(url);
    try {
      const id = await enqueue(qrMail(), refused);
      await refused.flush();
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
      // The server echoed the password it was given; the recorded error keeps the rest of its answer.
      expect(row.lastError).toContain('Invalid username or password (mailer:***)');
      expect(row.lastError).not.toContain(wrong);
      expect(authPeer.logins.at(-1)).toEqual({ username: 'mailer', password: wrong });
    } finally {
      await refused.stop();
    }
  });
});

describe('the app with SMTP_URL', () => {
  it('starts the sender with the app: a committed message is sent without a flush', async () => {
    const config = { smtp: { url: peer.url, from: FROM } };
    const ctx = await createTestContext({ config });
    try {
      // Written as a route would, in its own transaction: the app's sender finds it.
      const writer = createMailQueue({ db: ctx.db, config: ctx.config });
      await ctx.db.transaction((tx) => writer.enqueue(tx, qrMail({ subject: 'From the app' })));
      await peer.waitFor(1);
      expect(peer.received[0]!.subject).toBe('From the app');
    } finally {
      await ctx.close();
    }
  });
});
