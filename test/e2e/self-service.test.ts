import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { api, customerAdminWithOwnPassword, mailedLink, operatorWithOwnPassword } from './harness-api';

/** A phone's window. */
const PHONE = { width: 375, height: 812 };

/**
 * Journeys of self-service: a prospect signs up and activates the account from the mailed link, then goes on
 * with the plan chosen before; a user who forgot the password resets it from the mailed link (the old one
 * stops working, every other session ends); a user sets a recovery email, verifies it, and resets the
 * password through it. Mail is read in the operator's Outbox (no SMTP server). axe on every page, and the
 * forms on a phone.
 */
describe('self-service', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let operatorToken: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ token: operatorToken } = await operatorWithOwnPassword(portal, 'Self-Service-1'));
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  const newPage = async (viewport = { width: 1280, height: 900 }): Promise<Page> =>
    (await browser.newContext({ viewport })).newPage();

  const signinAnswer = async (email: string, password: string) =>
    (
      await fetch(`${portal.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: email, password }),
      })
    ).status;

  it('a prospect chooses a plan, signs up, activates the account from the mail and goes on with the plan', async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/home`);
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: 'Create a new account' }).click();
    await page.waitForURL(/\/signup/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, 'the sign-up form');

    // Sent empty: each field says what it needs; then a confirmation that does not match.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Email is required.').waitFor();
    await expectAccessible(page, 'the sign-up form with its errors');
    await page.getByRole('textbox', { name: 'Email' }).fill('pat.prospect@prospect.example');
    await page.getByLabel(/^Password/).fill('Prospect-Pass-1');
    await page.getByLabel('Confirm password').fill('Prospect-Pass-2');
    await page.getByRole('textbox', { name: 'First name' }).fill('Pat');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Prospect');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Prospect Ltd');
    await page.getByRole('textbox', { name: 'Company phone' }).fill('+1 202 555 0142');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Password and confirm password do not match.').waitFor();
    await page.getByLabel('Confirm password').fill('Prospect-Pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { name: 'Check your mailbox' }).waitFor();
    expect(await page.getByText('pat.prospect@prospect.example').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'sign-up completed');
    await page.screenshot({ path: 'test-results/self-service-signup-completed.png', fullPage: true });

    // Not active yet: the password does not sign in.
    expect(await signinAnswer('pat.prospect@prospect.example', 'Prospect-Pass-1')).not.toBe(200);

    const activation = await mailedLink(
      portal,
      operatorToken,
      'pat.prospect@prospect.example',
      '/signup-activate/',
    );
    await page.goto(activation);
    await page.getByRole('heading', { name: 'Your account is active' }).waitFor();
    await expectAccessible(page, 'the account activated');
    await page.screenshot({ path: 'test-results/self-service-activated.png', fullPage: true });

    // The link works once.
    const again = await newPage();
    await again.goto(activation);
    await again
      .getByText('This activation request has already been processed. Please contact your administrator.')
      .waitFor();
    await expectAccessible(again, 'an activation link used twice');
    await again.context().close();

    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByRole('textbox', { name: 'Email' }).fill('pat.prospect@prospect.example');
    await page.getByLabel('Password').first().fill('Prospect-Pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.has('tierId'));
    await page.getByText('You chose the Professional plan before signing in.').waitFor();
    await expectAccessible(page, 'the plans with the chosen one pending');
    await page.context().close();
  });

  it('on a phone, the sign-up form fits the screen and is accessible', async () => {
    const page = await newPage(PHONE);
    for (const path of ['/signup', '/forgot-password', '/contact-us', '/onboarding']) {
      await page.goto(`${portal.url}${path}`);
      await page.getByRole('heading').first().waitFor();
      await expectNoSideScroll(page, `${path} on a phone`);
      await expectAccessible(page, `${path} on a phone`);
    }
    await page.screenshot({ path: 'test-results/self-service-onboarding-phone.png', fullPage: true });
    await page.context().close();
  });

  it('a user resets a forgotten password from the mailed link: the old one stops working, every session ends', async () => {
    const ada = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Forgetful Inc',
      email: 'ada.forgets@forgetful.example',
    });
    // Signed in elsewhere before the reset.
    const elsewhere = await newPage();
    await signInOnPage(elsewhere, portal, ada);

    const page = await newPage();
    await page.goto(`${portal.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await page.getByRole('textbox', { name: 'Email' }).fill(ada.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your mailbox' }).waitFor();
    await expectAccessible(page, 'forgot password, sent');

    const reset = await mailedLink(portal, operatorToken, ada.email, '/account/reset-password');
    await page.goto(reset);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel(/^New password/).fill('Forgotten-Pass-2');
    await page.getByLabel('Confirm new password').fill('Forgotten-Pass-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password and Confirm New Password does not match').first().waitFor();
    await expectAccessible(page, 'reset password with a mismatch');
    await page.getByLabel('Confirm new password').fill('Forgotten-Pass-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Your password has been reset' }).waitFor();
    await expectAccessible(page, 'password reset');

    expect(await signinAnswer(ada.email, ada.password)).toBe(401);
    expect(await signinAnswer(ada.email, 'Forgotten-Pass-2')).toBe(200);

    // The link works once.
    await page.goto(reset);
    await page.getByLabel(/^New password/).fill('Forgotten-Pass-4');
    await page.getByLabel('Confirm new password').fill('Forgotten-Pass-4');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This reset link has already been used.', { exact: false }).waitFor();
    await expectAccessible(page, 'a reset link used twice');

    // The session opened before the reset has ended: its next page asks to sign in again, which the old
    // password no longer does; Sign out leads to the sign-in page.
    await elsewhere.goto(`${portal.url}/users`);
    const dialog = elsewhere.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Password/).fill(ada.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await elsewhere.getByText('Invalid Account Credential').first().waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await elsewhere.waitForURL(/\/login/);
    await elsewhere.context().close();
    await page.context().close();
  });

  it('a user sets a recovery email, verifies it, and resets the password through it', async () => {
    const bea = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Recovery Inc',
      email: 'bea.recovers@recovery.example',
    });
    const page = await newPage();
    await signInOnPage(page, portal, bea);
    await page.goto(`${portal.url}/my-account/profile`);
    await page.getByRole('textbox', { name: 'Recovery email' }).fill('bea.home@personal.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('bea.home@personal.example', { exact: false }).first().waitFor();
    await expectAccessible(page, 'the profile with a recovery email to verify');
    await page.screenshot({ path: 'test-results/self-service-profile.png', fullPage: true });

    const verify = await mailedLink(
      portal,
      operatorToken,
      'bea.home@personal.example',
      '/verify-personal-email/',
    );
    const visitor = await newPage();
    await visitor.goto(verify);
    await visitor.getByRole('heading', { name: 'Your recovery email is verified' }).waitFor();
    await expectAccessible(visitor, 'the recovery email verified');

    await visitor.goto(`${portal.url}/forgot-password`);
    await visitor.getByRole('textbox', { name: 'Email' }).fill(bea.email);
    await visitor.getByRole('checkbox').check();
    await visitor.getByRole('button', { name: 'Send the link' }).click();
    await visitor.getByRole('heading', { name: 'Check your mailbox' }).waitFor();

    const reset = await mailedLink(
      portal,
      operatorToken,
      'bea.home@personal.example',
      '/reset-user-by-backup-email/',
    );
    await visitor.goto(reset);
    await visitor.getByRole('heading', { name: 'Reset password' }).waitFor();
    await expectAccessible(visitor, 'reset by the recovery email');
    await visitor.getByLabel(/^New password/).fill('Recovered-Pass-1');
    await visitor.getByLabel('Confirm new password').fill('Recovered-Pass-1');
    await visitor.getByRole('button', { name: 'Reset password' }).click();
    await visitor.getByRole('heading', { name: 'Your password has been reset' }).waitFor();
    expect(await signinAnswer(bea.email, 'Recovered-Pass-1')).toBe(200);
    await visitor.context().close();
    await page.context().close();
  });

  it('a visitor writes to the operator, whose Outbox holds the message', async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/contact-us`);
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Vic Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill('vic@visitor.example');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Plans for 300 users');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you offer a yearly price for 300 users?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    await expectAccessible(page, 'contact sent');
    const { content } = await api<{ content: { subject: string }[] }>(
      portal,
      '/mail/outbox?page=0&pageSize=20&q=Plans%20for%20300%20users',
      { token: operatorToken },
    );
    expect(content.length).toBeGreaterThan(0);
    await page.context().close();
  });
});
