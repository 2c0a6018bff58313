import { eq } from 'drizzle-orm';
import { otpauthLink } from '../../../contract/otp.ts';
import { mailMessages } from '../../../server/db/schema.ts';
import { addUsers, type Tenant, tenant } from '../activationCode/fixtures.ts';
import { type SmtpPeer, startSmtpPeer } from '../domain/mail/smtpPeer.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { newService, otpCalls, storedSeeds } from './fixtures.ts';

/**
 * OTP seeds emailed for real: with SMTP_URL set, the messages send-mail queues leave through the SMTP server
 * (smtp-server on a free local port, read back with mailparser) in the background, each with its user's
 * secret, otpauth:// link and the link's QR code inline; the rows then turn SENT.
 */

let peer: SmtpPeer;
let ctx: TestContext;
let acme: Tenant;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await createTestContext({
    config: { smtp: { url: peer.url, from: 'Gateway <no-reply@gateway.test>' } },
  });
  acme = await tenant(ctx, 'Acme');
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

it('sends each chosen seed to its user through the SMTP server, and marks it SENT', async () => {
  const calls = otpCalls(ctx);
  const serviceId = await newService(ctx, acme.id, acme.packId, 'Acme VPN');
  await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 2, { prefix: 'smtp' });
  await calls.generate(acme.admin, acme.id, acme.packId, serviceId);
  const seeds = await storedSeeds(ctx, serviceId);

  const answer = await calls.sendMail(acme.admin, acme.id, { serviceId, ids: seeds.map((seed) => seed.id) });
  expect(answer.body).toEqual({ queued: 2, skipped: 0 });

  const received = await peer.waitFor(2);
  expect([...peer.recipients].sort()).toEqual(['smtp-1@example.com', 'smtp-2@example.com']);
  for (const seed of seeds) {
    const mail = received.find((message) => message.text?.includes(`Hello ${seed.username},`))!;
    expect(mail.subject).toBe('Your Test Portal OTP key for Acme VPN');
    expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@gateway.test' }] });
    expect(mail.text).toContain(seed.seedNumber);
    expect(mail.text).toContain(otpauthLink('Test Portal', seed.username, seed.seedNumber));
    expect(mail.attachments).toHaveLength(1);
    const [image] = mail.attachments;
    expect(image!.contentType).toBe('image/png');
    expect(mail.html).toContain(`src="cid:${image!.cid}"`);
  }

  await vi.waitFor(async () => {
    const rows = await ctx.db.select().from(mailMessages).where(eq(mailMessages.customerId, acme.id));
    expect(rows.map((row) => row.status)).toEqual(['SENT', 'SENT']);
  });
});
