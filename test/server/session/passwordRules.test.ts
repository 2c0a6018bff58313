import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { accounts, directories, users } from '../../../server/db/schema.ts';
import { generatePasswordFor, isCommonPassword, passwordRefusal } from '../../../server/domain/passwords.ts';
import { CUSTOMER_ADMIN_ROLE, ensureSeed, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { closedPort } from '../../support/slapd.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext, testConfig, uniqueEmail } from '../helpers.ts';

/**
 * The rules of a new password (contract/rules.ts, server/domain/passwords.ts) on every path that sets one:
 * the signed-in account's change (the first sign-in's too), a directory user's password written to LDAP,
 * the initial operator of the first start, and the first password of an account an administrator creates.
 * Each refusal has its own catalogue text; the account's last 5 passwords are its own change's rule.
 */

const ctx = sharedTestContext();

/** Every path's email has this name: a password holding it is refused. */
const NAME = 'rule.tester';
const PASSWORD = 'Correct-Horse-9';

const POLICY =
  'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.';
const refusal = (messageKey: string, message: string) => ({ messageKey, message });
const policy = refusal('error.password.policy', POLICY);
const tooLong = refusal('error.password.tooLong', 'Password must be at most 128 characters.');
const common = refusal(
  'error.password.common',
  'This password is one of the most common passwords. Choose one that is harder to guess.',
);
const containsEmail = refusal(
  'error.password.containsEmail',
  'Password must not contain the part of the email address before the @.',
);

/** 129 characters that meet every other rule; one fewer is the longest password taken. */
const LONGEST = `Aa1-${'long-pass-phrase-'.repeat(8)}`.slice(0, 128);

const REFUSED: [string, string, { messageKey: string; message: string }][] = [
  ['of 7 characters', 'Short-1', policy],
  ['without an uppercase letter', 'no-capitals-9', policy],
  ['without a lowercase letter', 'NO-SMALL-LETTERS-9', policy],
  ['without a number', 'No-Numbers-Here', policy],
  ['of 129 characters', `${LONGEST}x`, tooLong],
  ['Password1, among the most common', 'Password1', common],
  ['Passw0rd, among the most common', 'Passw0rd', common],
  ['Aaaaaaa1, among the most common', 'Aaaaaaa1', common],
  ['a common password in other letters case', 'pASSWORD1', common],
  ["holding the email's name", 'My-Rule.Tester-9', containsEmail],
  ["holding the email's name in capitals", 'RULE.TESTER-the-9th', containsEmail],
];

interface Outcome {
  accepted: boolean;
  messageKey?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const answered = (answer: { status: number; body: Outcome }, acceptedStatus: number): Outcome =>
  answer.status === acceptedStatus
    ? { accepted: true }
    : {
        accepted: false,
        messageKey: answer.body.messageKey,
        message: answer.body.message,
        params: answer.body.params,
      };

/** The paths that set a password, each given the new password: what it answered. */
const PATHS: Record<string, { field?: string; attempt: (password: string) => Promise<Outcome> }> = {};

let ownToken: string;
PATHS["the signed-in account's change"] = {
  field: 'newPassword',
  attempt: async (password) =>
    answered(
      await ctx.call('POST', '/api/account/change-password', {
        token: ownToken,
        json: { oldPassword: PASSWORD, newPassword: password, confirmPassword: password },
      }),
      200,
    ),
};

let adminToken: string;
let resetUrl: string;
PATHS["a directory user's password reset"] = {
  field: 'password',
  attempt: async (password) => {
    const answer = await ctx.call('PUT', resetUrl, { token: adminToken, json: { password } });
    // Taken by the rules, the password goes to the directory, which does not answer here (502).
    return answered(answer, 502);
  },
};

PATHS['the initial operator (INITIAL_OPERATOR_PASSWORD)'] = {
  attempt: async (password) => {
    const config = testConfig({
      initialOperatorEmail: `${NAME}@example.com`,
      initialOperatorPassword: password,
    });
    try {
      // An operator exists already: a password the rules take changes nothing.
      await ensureSeed(ctx.db, config, () => undefined);
      return { accepted: true };
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toMatch(/^INITIAL_OPERATOR_PASSWORD is refused: /);
      return { accepted: false, message: text.replace(/^INITIAL_OPERATOR_PASSWORD is refused: /, '') };
    }
  },
};

beforeAll(async () => {
  await ctx.createAccount({ email: `${NAME}@example.com`, password: PASSWORD });
  ownToken = await ctx.signIn(`${NAME}@example.com`, PASSWORD);

  const acme = await ctx.createCustomer({ companyName: 'Acme' });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  adminToken = (await signedIn(ctx, { customerId: acme.id, roleIds: [role] })).token;
  const [directory] = await ctx.db
    .insert(directories)
    .values({
      customerId: acme.id,
      name: 'Head office',
      type: 'LDAP',
      host: '127.0.0.1',
      port: await closedPort(),
      baseDn: 'dc=example,dc=test',
      userDn: 'cn=writer,dc=example,dc=test',
      password: 'writer-secret',
      userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username}))',
      loginProperty: 'uid',
    })
    .returning();
  const [user] = await ctx.db
    .insert(users)
    .values({
      customerId: acme.id,
      directoryId: directory!.id,
      source: 'LDAP',
      username: NAME,
      email: `${NAME}@acme.example`,
      externalId: `uid=${NAME},dc=example,dc=test`,
    })
    .returning();
  resetUrl = `/api/idm-ldap/users/r-${acme.id}/users/connectors/${directory!.id}/users/${user!.id}/reset-password`;
});

describe.each(Object.entries(PATHS))('%s', (_, path) => {
  it.each(REFUSED)('refuses a password %s, with its own text', async (_, password, expected) => {
    const outcome = await path.attempt(password);
    expect(outcome.accepted).toBe(false);
    if (path.field) {
      expect(outcome).toMatchObject(expected);
      // The answer names the field, for the form to say it there.
      expect(outcome.params).toMatchObject({ field: path.field });
    } else {
      expect(outcome.message).toBe(expected.message);
    }
  });

  it('takes a password of 128 characters that meets every rule', async () => {
    expect(LONGEST).toHaveLength(128);
    expect(await path.attempt(LONGEST)).toEqual({ accepted: true });
  });
});

describe("the signed-in account's last passwords", () => {
  const change = async (token: string, oldPassword: string, newPassword: string) =>
    ctx.call('POST', '/api/account/change-password', {
      token,
      json: { oldPassword, newPassword, confirmPassword: newPassword },
    });

  it('refuses each of the last 5, and takes the 6th back', async () => {
    const email = uniqueEmail('history');
    const passwords = ['First-Pass-0', 'Second-Pass-1', 'Third-Pass-2', 'Fourth-Pass-3', 'Fifth-Pass-4'];
    const current = 'Sixth-Pass-5';
    await ctx.createAccount({ email, password: passwords[0]! });
    const token = await ctx.signIn(email, passwords[0]!);
    for (const [index, next] of [...passwords.slice(1), current].entries()) {
      expect((await change(token, passwords[index]!, next)).status).toBe(200);
    }
    const [row] = await ctx.db.select().from(accounts).where(eq(accounts.email, email));
    // The current password and the 4 before it: the 5 a new one may not be.
    expect(row!.previousPasswordHashes).toHaveLength(4);

    for (const earlier of passwords.slice(1)) {
      const answer = await change(token, current, earlier);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        messageKey: 'error.password.reused',
        message: 'The new password must be different from your last 5 passwords.',
        params: { field: 'newPassword', count: 5 },
      });
    }
    expect((await change(token, current, current)).body.messageKey).toBe('error.password.sameAsOld');
    expect(await ctx.passwordHashOf(email)).toBe(row!.passwordHash);

    // The first is the 6th password back: taken again.
    expect((await change(token, current, passwords[0]!)).status).toBe(200);
    const [after] = await ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(after!.previousPasswordHashes).toHaveLength(4);
    expect(after!.previousPasswordHashes[0]).toBe(row!.passwordHash);
  });
});

describe('the first password of an account an administrator creates', () => {
  it('is random, and drawn again until the rules take it', () => {
    const drawn = ['Xann-42-Qwerty', 'Password1', 'Kp7-Random-Pw'];
    const password = generatePasswordFor('ann@example.com', () => drawn.shift()!);
    expect(password).toBe('Kp7-Random-Pw');
    expect(drawn).toEqual([]);
  });

  it('meets every rule when the server makes it', async () => {
    const token = await ctx.signInOperator();
    const email = uniqueEmail('created');
    const answer = await ctx.call('POST', '/api/account/create_account_organization', {
      token,
      json: {
        email,
        roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)],
        firstName: 'Ann',
        lastName: 'Lee',
        mobilePhone: '+84 90 123 45 67',
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(passwordRefusal(answer.body.initialPassword, { email, field: 'password' })).toBeUndefined();
  });
});

describe('the list of common passwords', () => {
  it('holds the 10,000 most common passwords, lower-case, each once, with its source and licence', () => {
    const lines = readFileSync('server/domain/commonPasswords.txt', 'utf8').split('\n');
    const header = lines.filter((line) => line.startsWith('#')).join('\n');
    expect(header).toMatch(/zxcvbn 4\.4\.2/);
    expect(header).toMatch(/MIT/);
    const passwords = lines.filter((line) => line !== '' && !line.startsWith('#'));
    expect(passwords).toHaveLength(10_000);
    expect(new Set(passwords).size).toBe(10_000);
    expect(passwords.every((password) => password === password.toLowerCase())).toBe(true);
    expect(passwords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('is compared ignoring case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('PASSW0RD')).toBe(true);
    expect(isCommonPassword('Correct-Horse-9')).toBe(false);
  });
});
