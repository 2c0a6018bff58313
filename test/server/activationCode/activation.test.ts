import { eq } from 'drizzle-orm';
import { generate, verify } from 'otplib';
import { ACTIVATION_ERRORS } from '../../../contract/activationCode.ts';
import { APP_NOT_ACTIVATED, NO_FACE_TO_RESET, NO_PIN_TO_SEND } from '../../../contract/user.ts';
import { activationCodes, auditLog, userDevices, users } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { addUsers, codeSuite, errorOf, generated, newPack, storedCodes } from './fixtures.ts';

/**
 * The mobile app's activation (POST /api/v-key-app/activate, no token): a NEW code activates once. The code
 * turns ACTIVATED, the device is recorded with its TOTP seed sealed, the user is marked as having activated
 * the app, and the app receives the seed its codes are made from. A used, expired or replaced code is
 * refused with what happened to it; a deleted or unknown one is not found.
 */

// Acme, and Globex with one user and its code (see codeSuite).
const { ctx, calls, acme, globex } = codeSuite(1);

/** A new user of Acme's pack with its code. */
async function userWithCode() {
  const [user] = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
  await generated(ctx, acme);
  const code = (await storedCodes(ctx, acme.packId)).find((row) => row.userId === user!.id)!;
  return { user: user!, code };
}

const deviceRows = (userId: string) =>
  ctx.db.select().from(userDevices).where(eq(userDevices.userId, userId));

describe('activating the app with a code', () => {
  it("records the device with its seed sealed, marks the user, and answers the seed the app's codes come from", async () => {
    const { user, code } = await userWithCode();
    expect(user.appActivated).toBe(false);

    const answer = await calls.activate(code.code, 'Pixel 9 of Ada');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      username: user.username,
      tokenPackId: acme.packId,
      totpSeed: expect.stringMatching(/^[A-Z2-7]{32}$/),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      issuer: 'Test Portal',
    });
    const seed: string = answer.body.totpSeed;

    const [device] = await deviceRows(user.id);
    expect(device).toMatchObject({
      customerId: acme.id,
      tokenPackId: acme.packId,
      deviceName: 'Pixel 9 of Ada',
    });
    expect(device!.totpSeed).not.toContain(seed);
    const stored = createSealer(ctx.config.secretsKey).open(device!.totpSeed);
    // A code the app makes from the answered seed is one the server's stored seed accepts.
    const totp = { algorithm: 'sha1', digits: 6, period: 30, epoch: Math.floor(Date.now() / 1000) } as const;
    const token = await generate({ ...totp, secret: seed });
    expect(await verify({ ...totp, secret: stored, token })).toMatchObject({ valid: true });
    expect(
      await verify({ ...totp, secret: stored, token: token === '000000' ? '000001' : '000000' }),
    ).toMatchObject({ valid: false });

    const [row] = await ctx.db.select().from(activationCodes).where(eq(activationCodes.id, code.id));
    expect(row!.status).toBe('ACTIVATED');
    expect(row!.activatedDate!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [marked] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(marked!.appActivated).toBe(true);

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, code.id));
    expect(entry).toMatchObject({
      tableName: 'ActivationCode',
      action: 'ACTIVATE',
      customerId: acme.id,
      modifiedBy: `${user.username} (mobile app)`,
      changes: {
        status: { before: 'NEW', after: 'ACTIVATED' },
        device: { before: null, after: 'Pixel 9 of Ada' },
      },
    });
    expect(JSON.stringify(entry)).not.toContain(seed);
    expect(JSON.stringify(entry)).not.toContain(code.code);
  });

  it('activates once: the second time the code is refused as used, and no second device is recorded', async () => {
    const { user, code } = await userWithCode();
    expect((await calls.activate(code.code)).status).toBe(200);
    const again = await calls.activate(code.code, 'Another phone');
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorOf(ACTIVATION_ERRORS.used));
    expect(await deviceRows(user.id)).toHaveLength(1);
  });

  it('lets one of two simultaneous activations with the same code through', async () => {
    const { user, code } = await userWithCode();
    const answers = await Promise.all([calls.activate(code.code, 'One'), calls.activate(code.code, 'Two')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await deviceRows(user.id)).toHaveLength(1);
  });

  it('reads a code typed in lower case, with spaces for dashes, O for 0 and L for 1', async () => {
    const { code } = await userWithCode();
    const withLookalikes = `01${code.code.slice(2)}`;
    await ctx.db.update(activationCodes).set({ code: withLookalikes }).where(eq(activationCodes.id, code.id));
    const typed = `ol${withLookalikes.slice(2).toLowerCase().replaceAll('-', ' ')}`;
    expect((await calls.activate(` ${typed} `)).status).toBe(200);
  });

  it('refuses an expired code, writing nothing', async () => {
    const { user, code } = await userWithCode();
    await ctx.db
      .update(activationCodes)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(activationCodes.id, code.id));
    const answer = await calls.activate(code.code);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(errorOf(ACTIVATION_ERRORS.expired));
    expect(await deviceRows(user.id)).toEqual([]);
    const [row] = await ctx.db.select().from(activationCodes).where(eq(activationCodes.id, code.id));
    expect(row!.status).toBe('NEW');
  });

  it('answers 404 for an unknown code and for text that is no code', async () => {
    for (const text of ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'hello', 'UUUU-UUUU-UUUU-UUUU']) {
      const answer = await calls.activate(text);
      expect(answer.status, text).toBe(404);
      expect(answer.body).toEqual(errorOf(ACTIVATION_ERRORS.notFound));
    }
  });

  it('refuses a request without the code or the device name (400)', async () => {
    const { code } = await userWithCode();
    for (const json of [{ code: code.code }, { deviceName: 'x' }, { code: code.code, deviceName: '' }]) {
      const answer = await ctx.call('POST', '/api/v-key-app/activate', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
    }
    expect((await calls.activate(code.code)).status).toBe(200);
  });
});

describe("the user's troubleshooting log", () => {
  const devicesOf = (userId: string, packId: string, customerId = acme.id) =>
    ctx.call('GET', `/api/user-management/users/${packId}/get-device-id/${userId}?customerId=${customerId}`, {
      token: acme.admin,
    });

  it('lists the devices the user activated in the token pack, newest first', async () => {
    const { user, code } = await userWithCode();
    expect((await devicesOf(user.id, acme.packId)).body).toEqual([]);
    expect((await calls.activate(code.code, 'Pixel 9 of Bea')).status).toBe(200);
    // A second device, with the code re-generated for it.
    const again = await ctx.call(
      'PUT',
      `/api/idm-config/v2/reactive/activation-code/${acme.id}/re-generate/${acme.packId}`,
      { token: acme.admin, json: { ids: [code.id] } },
    );
    expect(again.status).toBe(200);
    const [renewed] = await ctx.db.select().from(activationCodes).where(eq(activationCodes.id, code.id));
    await ctx.db
      .update(userDevices)
      .set({ activatedDate: new Date(Date.now() - 60_000) })
      .where(eq(userDevices.userId, user.id));
    expect((await calls.activate(renewed!.code, 'iPhone 17 of Bea')).status).toBe(200);

    const answer = await devicesOf(user.id, acme.packId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        deviceId: expect.any(String),
        name: 'iPhone 17 of Bea',
        activatedDate: expect.any(String),
        lastSignIn: null,
        lastApproval: null,
      },
      expect.objectContaining({ name: 'Pixel 9 of Bea', lastSignIn: null }),
    ]);
    expect(Date.parse(answer.body[0].activatedDate)).toBeGreaterThan(
      Date.parse(answer.body[1].activatedDate),
    );
  });

  it("shows the activation in the user's history in the token pack, and not in another pack's", async () => {
    const { user, code } = await userWithCode();
    expect((await calls.activate(code.code, 'Pixel 9 of Cy')).status).toBe(200);
    const history = (packId: string, query = '') =>
      ctx.call(
        'GET',
        `/api/user-management/users/${packId}/history/${user.id}?customerId=${acme.id}&page=0&pageSize=10${query}`,
        { token: acme.admin },
      );
    const answer = await history(acme.packId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalElements: 1, page: 0, pageSize: 10 });
    expect(answer.body.content[0]).toMatchObject({
      action: 'ACTIVATE',
      actor: `${user.username} (mobile app)`,
      changes: {
        status: { before: 'NEW', after: 'ACTIVATED' },
        device: { before: null, after: 'Pixel 9 of Cy' },
      },
    });
    const otherPack = await newPack(ctx, acme.id, 'Another pack', acme.directoryId);
    const other = await history(otherPack);
    expect(other.status).toBe(200);
    expect(other.body.totalElements).toBe(0);
  });

  it("says why the app's PIN and face cannot be handled by the gateway once the app is activated", async () => {
    const { user, code } = await userWithCode();
    const pin = () =>
      ctx.call('PUT', `/api/user-management/users/send-ts-apin/${user.id}?customerId=${acme.id}`, {
        token: acme.admin,
      });
    const face = (tokenPackId: string) =>
      ctx.call('DELETE', '/api/user-management/users/reset-face-id', {
        token: acme.admin,
        json: { userId: user.id, tokenPackId, customerId: acme.id },
      });
    expect((await pin()).body.messageKey).toBe(APP_NOT_ACTIVATED.key);
    expect((await face(acme.packId)).body.messageKey).toBe(APP_NOT_ACTIVATED.key);
    expect((await calls.activate(code.code)).status).toBe(200);
    expect(await pin()).toMatchObject({ status: 409, body: errorOf(NO_PIN_TO_SEND) });
    expect(await face(acme.packId)).toMatchObject({ status: 409, body: errorOf(NO_FACE_TO_RESET) });
    expect((await face('00000000-0000-4000-8000-000000000009')).status).toBe(404);
  });

  it("answers 404 for a token pack of another customer's or an unknown one", async () => {
    const { user } = await userWithCode();
    for (const packId of [globex.packId, '00000000-0000-4000-8000-000000000009', 'nope']) {
      const answer = await devicesOf(user.id, packId);
      expect(answer.status, packId).toBe(404);
      expect(answer.body.messageKey).toBe('error.tokenPack.notFound');
    }
  });
});
