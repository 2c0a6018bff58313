import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { ACTIVATION_ERRORS, activationLink } from '../../../contract/activationCode.ts';
import { mailMessages, users } from '../../../server/db/schema.ts';
import { RECORD_NOT_FOUND } from '../../../server/kit/deleteMany.ts';
import { en } from '../../../src/i18n/en/index.ts';
import * as activation from './fixtures.ts';

/**
 * Sending activation codes by email: one message a code, queued in the outbox (no SMTP server here), to the
 * user's address or, for one code, to the address given; the code and its activation link in the text, its
 * QR code inline in the HTML. Codes whose user has no address are skipped.
 */

const PUBLIC_URL = 'https://gateway.acme.test';

const { ctx, calls, acme, globex } = activation.codeSuite(1, { config: { publicUrl: PUBLIC_URL } });
const { addUsers, errorOf, generated, newDirectory, newPack, readBitPng, storedCodes } = activation;

/** A pack of Acme's with `count` users with an address and `without` users without one, their codes made. */
async function codesOf(count: number, without = 0) {
  const directoryId = await newDirectory(ctx, acme.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, acme.id, `Pack ${randomUUID().slice(0, 8)}`, directoryId);
  await addUsers(ctx, { customerId: acme.id, directoryId }, count);
  if (without > 0) await addUsers(ctx, { customerId: acme.id, directoryId }, without, { email: false });
  await generated(ctx, { ...acme, packId });
  return storedCodes(ctx, packId);
}

const messagesTo = (to: string) =>
  ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)).orderBy(desc(mailMessages.createdDate));
const allMessages = () => ctx.db.select({ id: mailMessages.id }).from(mailMessages);

interface StoredImage {
  cid: string;
  fileName: string;
  contentType: string;
  base64: string;
}

describe('sending codes by email', () => {
  it('greets the user by display name, and by username when there is none', async () => {
    const codes = await codesOf(2);
    const [named, unnamed] = codes as [(typeof codes)[0], (typeof codes)[0]];
    await ctx.db.update(users).set({ displayName: 'Ann Smith' }).where(eq(users.username, named.username));
    await ctx.db.update(users).set({ displayName: null }).where(eq(users.username, unnamed.username));
    const answer = await calls.sendMail(acme.admin, acme.id, { ids: codes.map((code) => code.id) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await messagesTo(named.email!))[0]!.text).toMatch(/^Hello Ann Smith,$/m);
    expect((await messagesTo(unnamed.email!))[0]!.text).toMatch(
      new RegExp(`^Hello ${unnamed.username},$`, 'm'),
    );
  });

  it("queues one message a code to its user's address, with the code, the link and the QR code inline", async () => {
    const codes = await codesOf(2);
    const answer = await calls.sendMail(acme.admin, acme.id, { ids: codes.map((code) => code.id) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ queued: 2, skipped: 0 });

    for (const code of codes) {
      const [message] = await messagesTo(code.email!);
      const link = activationLink(PUBLIC_URL, code.code);
      expect(message).toMatchObject({
        customerId: acme.id,
        status: 'OUTBOX',
        subject: 'Your Test Portal activation code',
      });
      expect(message!.text).toContain(`Hello ${code.username},`);
      expect(message!.text).toContain(code.code);
      expect(message!.text).toContain(link);
      expect(message!.text).toContain(`expires on ${code.expireDate.toISOString().slice(0, 10)}`);
      const images = message!.attachments as StoredImage[];
      expect(images).toHaveLength(1);
      expect(images[0]).toMatchObject({ contentType: 'image/png', fileName: 'activation-code.png' });
      expect(message!.html).toContain(`src="cid:${images[0]!.cid}"`);
      expect(message!.html).toContain(code.code);
      expect(message!.html).toContain(link.replaceAll('&', '&#38;'));
      const png = readBitPng(Buffer.from(images[0]!.base64, 'base64'));
      expect([png.width, png.height]).toEqual([218, 218]);
    }
  });

  it("takes its texts from the catalogue's mail.activationCode", async () => {
    const [code] = await codesOf(1);
    await calls.sendMail(acme.admin, acme.id, { ids: [code!.id] });
    const [message] = await messagesTo(code!.email!);
    expect(message!.text).toContain(en.mail.activationCode.closing);
    expect(message!.html).toContain(`alt="${en.mail.activationCode.qrAlt}"`);
  });

  it('skips the codes whose user has no email address', async () => {
    const codes = await codesOf(1, 2);
    const before = (await allMessages()).length;
    const answer = await calls.sendMail(acme.admin, acme.id, { ids: codes.map((code) => code.id) });
    expect(answer.body).toEqual({ queued: 1, skipped: 2 });
    expect((await allMessages()).length).toBe(before + 1);
  });

  it('sends one code to the address given instead of the user’s own', async () => {
    const [code] = await codesOf(1, 0);
    const answer = await calls.sendMail(acme.admin, acme.id, {
      ids: [code!.id],
      email: ' Ada@Phone.example ',
    });
    expect(answer.body).toEqual({ queued: 1, skipped: 0 });
    const [message] = await messagesTo('Ada@Phone.example');
    expect(message!.text).toContain(code!.code);
    expect(await messagesTo(code!.email!)).toEqual([]);
  });

  it('refuses an empty or invalid address, and an address for more than one code, queueing nothing', async () => {
    const codes = await codesOf(2);
    const before = (await allMessages()).length;
    const send = (email: string, ids = [codes[0]!.id]) => calls.sendMail(acme.admin, acme.id, { ids, email });
    for (const empty of ['', '   ']) {
      const answer = await send(empty);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(errorOf(ACTIVATION_ERRORS.emailEmpty));
    }
    const invalid = await send('not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(errorOf(ACTIVATION_ERRORS.emailInvalid));
    const many = await send(
      'ada@example.com',
      codes.map((code) => code.id),
    );
    expect(many.status).toBe(400);
    expect(many.body.messageKey).toBe('error.validation.invalid');
    expect((await allMessages()).length).toBe(before);
  });

  it("answers 404 with another customer's code among the chosen ones, queueing nothing", async () => {
    const [mine] = await codesOf(1);
    const [theirs] = await storedCodes(ctx, globex.packId);
    const before = (await allMessages()).length;
    for (const ids of [[mine!.id, theirs!.id], [randomUUID()]]) {
      const answer = await calls.sendMail(acme.admin, acme.id, { ids });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(RECORD_NOT_FOUND));
    }
    expect((await allMessages()).length).toBe(before);
  });
});
