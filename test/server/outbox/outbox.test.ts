import { eq } from 'drizzle-orm';
import { MAIL_ERRORS } from '../../../contract/mail.ts';
import { mailMessages } from '../../../server/db/schema.ts';
import { createMailQueue, type OutgoingMail } from '../../../server/domain/mail/index.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { qrMail } from '../domain/mail/fixtures.ts';
import { builtInRoleId, signedIn, tokenWithRole } from '../fixtures/admin.ts';
import { sharedTestContext, UNKNOWN_ID as UNKNOWN } from '../helpers.ts';

/**
 * Without SMTP_URL (the embedded default) mail is kept in the outbox: nothing is sent, and the provider's
 * operators read it at GET /api/mail/outbox (contract/mail.ts), one message with its QR image inlined.
 */

const BASE = '/api/mail/outbox';

const ctx = sharedTestContext();
let operator: string;
let viewer: string;
let outsider: string;
let customerAdmin: string;
let acmeId: string;
/** The mail as the server writes it (the app's own queue, with no SMTP server configured). */
let enqueue: (message: OutgoingMail) => Promise<string>;

beforeAll(async () => {
  expect(ctx.config.smtp).toBeUndefined();
  operator = await ctx.signInOperator();
  viewer = await tokenWithRole(ctx, 'outbox-viewers', ['vos-cloud-configuration:view']);
  outsider = await tokenWithRole(ctx, 'templates-only', ['service_template:view']);
  const acme = await ctx.createCustomer({ companyName: 'Acme Mail' });
  acmeId = acme.id;
  const roleIds = [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)];
  customerAdmin = (await signedIn(ctx, { customerId: acme.id, roleIds })).token;
  const queue = createMailQueue({ db: ctx.db, config: ctx.config });
  enqueue = (message) => ctx.db.transaction((tx) => queue.enqueue(tx, message));
});
beforeEach(async () => {
  await ctx.db.delete(mailMessages);
});

const list = (query = '', token = operator) => ctx.call('GET', `${BASE}${query}`, { token });

describe('the outbox, without an SMTP server', () => {
  it('keeps the message (OUTBOX) and sends nothing, even when flushed', async () => {
    const queue = createMailQueue({ db: ctx.db, config: ctx.config });
    const id = await ctx.db.transaction((tx) => queue.enqueue(tx, qrMail()));
    queue.start();
    await queue.flush();
    await queue.stop();
    const [row] = await ctx.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ status: 'OUTBOX', attempts: 0, sentDate: null, lastError: null });
  });

  it('lists the messages, newest first, as summaries', async () => {
    const first = qrMail({ subject: 'First' });
    const firstId = await enqueue(first);
    // Made a minute earlier: two messages of one millisecond would sort by their ids.
    await ctx.db
      .update(mailMessages)
      .set({ createdDate: new Date(Date.now() - 60_000) })
      .where(eq(mailMessages.id, firstId));
    const secondId = await enqueue(qrMail({ subject: 'Second', customerId: acmeId }));
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalElements: 2, page: 0, pageSize: 25 });
    expect(answer.body.content.map((row: { id: string }) => row.id)).toEqual([secondId, firstId]);
    const summary = answer.body.content[1];
    expect(summary).toEqual({
      id: firstId,
      customerId: null,
      to: first.to,
      subject: 'First',
      status: 'OUTBOX',
      attempts: 0,
      lastError: null,
      createdDate: expect.any(String),
      sentDate: null,
    });
    expect(Number.isNaN(Date.parse(summary.createdDate))).toBe(false);
  });

  it('filters by text, status and customer, and sorts', async () => {
    await enqueue(qrMail({ to: 'zed@example.com', subject: 'Welcome aboard' }));
    await enqueue(qrMail({ to: 'amy@example.com', subject: 'Your code', customerId: acmeId }));
    const subjects = (body: { content: { subject: string }[] }) => body.content.map((row) => row.subject);

    expect(subjects((await list('?q=WELCOME')).body)).toEqual(['Welcome aboard']);
    expect(subjects((await list('?q=amy@')).body)).toEqual(['Your code']);
    expect(subjects((await list(`?customerId=${acmeId}`)).body)).toEqual(['Your code']);
    expect((await list('?status=SENT')).body.totalElements).toBe(0);
    expect((await list('?status=OUTBOX')).body.totalElements).toBe(2);
    expect(subjects((await list('?sort=to&order=ASC')).body)).toEqual(['Your code', 'Welcome aboard']);
    expect(subjects((await list('?sort=to&order=DESC')).body)).toEqual(['Welcome aboard', 'Your code']);
    expect((await list('?status=LOST')).status).toBe(400);
    expect((await list('?sort=html')).status).toBe(400);
  });

  it('shows the failures of a message the sender could not send', async () => {
    const id = await enqueue(qrMail({ subject: 'Bounced' }));
    await ctx.db
      .update(mailMessages)
      .set({ status: 'FAILED', attempts: 5, lastError: '550 No such user' })
      .where(eq(mailMessages.id, id));
    const answer = await list('?status=FAILED');
    expect(answer.body.content).toEqual([
      expect.objectContaining({ id, status: 'FAILED', attempts: 5, lastError: '550 No such user' }),
    ]);
  });

  it('answers one message with its text, and its HTML with the QR image as a data: URL', async () => {
    const message = qrMail();
    const id = await enqueue(message);
    const answer = await ctx.call('GET', `${BASE}/${id}`, { token: operator });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      to: message.to,
      subject: message.subject,
      status: 'OUTBOX',
      text: message.text,
    });
    const dataUrl = `data:image/png;base64,${message.qr.toString('base64')}`;
    expect(answer.body.html).toContain(`src="${dataUrl}"`);
    expect(answer.body.html).not.toContain('cid:');
    expect(answer.body.html).toBe(message.html.replace(`cid:${message.images![0]!.cid}`, dataUrl));
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN, 'not-an-id']) {
      const answer = await ctx.call('GET', `${BASE}/${id}`, { token: operator });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        messageKey: MAIL_ERRORS.notFound.key,
        message: MAIL_ERRORS.notFound.text,
      });
    }
  });
});

describe('who may read the outbox', () => {
  let id: string;
  beforeEach(async () => {
    id = await enqueue(qrMail({ customerId: acmeId }));
  });

  it('an operator with the cloud configuration view permission', async () => {
    expect((await list('', viewer)).body.totalElements).toBe(1);
    expect((await ctx.call('GET', `${BASE}/${id}`, { token: viewer })).status).toBe(200);
  });

  it('not an operator without it (403)', async () => {
    expect((await list('', outsider)).status).toBe(403);
    expect((await ctx.call('GET', `${BASE}/${id}`, { token: outsider })).status).toBe(403);
  });

  it("not a customer's administrator, even for its own customer's mail (403)", async () => {
    expect((await list('', customerAdmin)).status).toBe(403);
    expect((await list(`?customerId=${acmeId}`, customerAdmin)).status).toBe(403);
    const one = await ctx.call('GET', `${BASE}/${id}`, { token: customerAdmin });
    expect(one.status).toBe(403);
    expect(JSON.stringify(one.body)).not.toContain('ABCD');
  });

  it('no one without a token (401)', async () => {
    expect((await ctx.call('GET', BASE)).status).toBe(401);
    const one = await ctx.call('GET', `${BASE}/${id}`);
    expect(one.status).toBe(401);
    expect(JSON.stringify(one.body)).not.toContain('ABCD');
  });
});
