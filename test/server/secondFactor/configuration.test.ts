import { and, eq } from 'drizzle-orm';
import { APP_NOT_ACTIVATED } from '../../../contract/user.ts';
import { accounts, auditLog, users } from '../../../server/db/schema.ts';
import { uniqueEmail } from '../helpers.ts';
import { accountWithApp, activateFor, addUser, errorOf, PASSWORD, secondFactorSuite } from './fixtures.ts';

/**
 * My Account → Security: the signed-in account's second factor and the V-Key app devices it can use. The
 * account's devices are those its user activated: a user of the account's customer with the account's
 * email address (any case), still active. Turning it on needs one (docs/requirements/error-messages.md's text); only one's own.
 */

const { ctx, calls, acme, globex } = secondFactorSuite(true);

/** A new account of Acme, signed in. */
async function signedInAccount(customerId: string | null = acme.id) {
  const email = uniqueEmail('sec');
  const account = await ctx.createAccount({ email, password: PASSWORD, customerId });
  return { email, id: account.id, token: await ctx.signIn(email, PASSWORD) };
}

describe('GET /api/account/security/configuration/2fa', () => {
  it("lists the devices of the account's user, found by its email address whatever the case", async () => {
    const owner = await accountWithApp(ctx, acme);
    const token = await ctx.signIn(owner.email, PASSWORD);
    const answer = await calls.configuration(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      enable2fa: false,
      appActivated: true,
      devices: [
        {
          name: 'Pixel 9',
          tokenPackName: 'Acme Pack',
          activatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
  });

  it('has no device for an account without a user, nor for an operator', async () => {
    const plain = await signedInAccount();
    expect((await calls.configuration(plain.token)).body).toEqual({
      enable2fa: false,
      appActivated: false,
      devices: [],
    });
    const operator = await ctx.signInOperator();
    expect((await calls.configuration(operator)).body).toEqual({
      enable2fa: false,
      appActivated: false,
      devices: [],
    });
  });

  it("does not count another customer's user with the same email, nor an inactive user", async () => {
    const account = await signedInAccount();
    const foreign = await addUser(ctx, globex, account.email);
    await activateFor(ctx, globex, foreign.id);
    expect((await calls.configuration(account.token)).body.appActivated).toBe(false);

    const own = await addUser(ctx, acme, account.email.toUpperCase());
    await activateFor(ctx, acme, own.id, 'iPhone');
    expect(
      (await calls.configuration(account.token)).body.devices.map((d: { name: string }) => d.name),
    ).toEqual(['iPhone']);
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, own.id));
    expect((await calls.configuration(account.token)).body.appActivated).toBe(false);
  });

  it('needs a session', async () => {
    expect((await ctx.call('GET', '/api/account/security/configuration/2fa')).status).toBe(401);
  });
});

describe('POST /api/account/{accountId}/security/configure/2fa', () => {
  it('refuses to turn it on before the app is activated, with the spec text (409)', async () => {
    const account = await signedInAccount();
    const answer = await calls.configure(account.token, account.id, true);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(errorOf(APP_NOT_ACTIVATED));
    expect(answer.body.message).toBe(
      'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
    );
    const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.enable2fa).toBe(false);
  });

  it("refuses it while only another customer's same-email user activated the app", async () => {
    const account = await signedInAccount();
    const foreign = await addUser(ctx, globex, account.email);
    await activateFor(ctx, globex, foreign.id);
    const answer = await calls.configure(account.token, account.id, true);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(errorOf(APP_NOT_ACTIVATED));
  });

  it('turns it on once the app is activated, audited, and off again', async () => {
    const owner = await accountWithApp(ctx, acme);
    const token = await ctx.signIn(owner.email, PASSWORD);
    const on = await calls.configure(token, owner.accountId.toUpperCase(), true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ enable2fa: true, appActivated: true });
    expect((await calls.configuration(token)).body.enable2fa).toBe(true);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owner.accountId), eq(auditLog.tableName, 'Account')));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        customerId: acme.id,
        modifiedBy: owner.email,
        modifiedById: owner.accountId,
        changes: { enable2fa: { before: false, after: true } },
      }),
    ]);
    // The sign-in now asks for the app.
    expect((await calls.signin(owner.email)).body).toHaveProperty('secondFactor');

    const off = await calls.configure(token, owner.accountId, false);
    expect(off.status).toBe(200);
    expect(off.body.enable2fa).toBe(false);
    // Turning it off needs no device; the same value again changes nothing and writes no entry.
    const again = await calls.configure(token, owner.accountId, false);
    expect(again.status).toBe(200);
    const after = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, owner.accountId));
    expect(after).toHaveLength(2);
  });

  it("answers another account's id, or no id at all, as unknown (404), changing nothing", async () => {
    const caller = await signedInAccount();
    const other = await accountWithApp(ctx, acme, { enable2fa: true });
    for (const id of [other.accountId, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const answer = await calls.configure(caller.token, id, false);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        messageKey: 'error.account.idNotFound',
        message: 'Account ID not found',
      });
    }
    const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, other.accountId));
    expect(row!.enable2fa).toBe(true);
  });

  it('refuses a malformed body (400)', async () => {
    const account = await signedInAccount();
    for (const json of [{}, { enable2fa: 'yes' }, { enable2fa: true, extra: 1 }]) {
      const answer = await ctx.call('POST', `/api/account/${account.id}/security/configure/2fa`, {
        token: account.token,
        json,
      });
      expect(answer.status).toBe(400);
    }
  });
});
