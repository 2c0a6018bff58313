import { asc, eq } from 'drizzle-orm';
import { mailMessages } from '../../../server/db/schema.ts';
import { type TestContext, uniqueEmail } from '../helpers.ts';

/** What the self-service tests share: a movable clock, a sign-up form, the outbox's mails and their links. */

export const PUBLIC_URL = 'https://portal.example.com';
export const PASSWORD = 'Correct-Horse-9';
export const NEW_PASSWORD = 'Battery-Staple-7';

/** A clock the tests move on (token expiries, rate limits) instead of waiting. */
export function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    pass: (ms: number) => {
      at += ms;
    },
  };
}

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

let companyCounter = 0;

/** A complete sign-up form, with an address and a company name no other test uses. */
export function signupForm(overrides: Record<string, unknown> = {}) {
  companyCounter += 1;
  return {
    email: uniqueEmail('prospect'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Grace',
    lastName: 'Hopper',
    companyName: `Prospect ${companyCounter} ${Math.random().toString(36).slice(2, 8)}`,
    companyPhone: '+1 202 555 0100',
    agreement: true,
    ...overrides,
  };
}

/** The mails sent to an address, oldest first. */
export const mailsTo = (ctx: TestContext, to: string) =>
  ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)).orderBy(asc(mailMessages.createdDate));

/** The token of the link to `path` (`/signup-activate/`, `/account/reset-password?token=`…) in a mail's text. */
export function tokenIn(text: string, path: string): string {
  const at = text.indexOf(`${PUBLIC_URL}${path}`);
  if (at < 0) throw new Error(`no link to ${path} in the mail`);
  const match = /^[A-Za-z0-9_-]+/.exec(text.slice(at + PUBLIC_URL.length + path.length));
  if (!match) throw new Error(`the link to ${path} carries no token`);
  return match[0];
}

/** The token of the last mail sent to an address, from its link to `path`. */
export async function lastTokenTo(ctx: TestContext, to: string, path: string): Promise<string> {
  const mails = await mailsTo(ctx, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return tokenIn(last.text, path);
}
