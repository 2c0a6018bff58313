import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { type Credentials, launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a customer administrator picks the Professional plan on /home, orders it for 25 users, pays with
 * a test Visa card and sees the thank-you page and the subscription with its token pack, extends it to fewer
 * users than are active (choosing who goes) and upgrades it to Enterprise; a second customer
 * orders Enterprise without paying, and the operator approves it in the orders list. axe on every screen.
 */
describe("a customer administrator's plan", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let operator: { email: string; password: string };
  let acme: { customer: { id: string }; email: string; password: string };
  let globex: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token, password } = await operatorWithOwnPassword(portal);
    operator = { email: portal.operator.email, password };
    acme = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Acme Billing',
      email: 'ada.billing@acme.example',
    });
    globex = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Globex Billing',
      email: 'gil.billing@globex.example',
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const signedIn = (who: Credentials, width = 1280) => signedInPage(browser, portal, who, width);

  /** Place Order on the review, then the thank-you of an order that waits for an operator. */
  const placeOrderAwaitingApproval = async (page: Page) => {
    await page
      .getByRole('dialog', { name: 'Review Subscription' })
      .getByRole('button', { name: 'Place Order' })
      .click();
    await page
      .getByRole('dialog', { name: 'Thanks for choosing our service!' })
      .getByText('not approved yet')
      .waitFor();
  };

  it('buys Professional for 25 users with a test Visa card', async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/home`);
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.waitForURL('**/subscription?**');
    const dialog = page.getByRole('dialog', { name: 'Create Subscription' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '12 months' }).click();
    await dialog.getByRole('spinbutton', { name: 'Number of Users' }).fill('5');
    await dialog.getByText('Minimum 10 users required').waitFor();
    await expectAccessible(page, 'purchase step 1, too few users');
    await dialog.getByRole('spinbutton', { name: 'Number of Users' }).fill('25');
    await dialog.getByRole('button', { name: 'Next' }).click();

    const review = page.getByRole('dialog', { name: 'Review Subscription' });
    await review.getByText('$750.00').waitFor();
    await expectAccessible(page, 'review subscription');
    await page.screenshot({ path: 'test-results/billing-review.png' });
    await review.getByRole('button', { name: 'Place Order' }).click();

    const payment = page.getByRole('dialog', { name: 'Create Subscription' });
    await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
    await payment.getByRole('textbox', { name: 'Security code' }).fill('123');
    await payment.getByRole('textbox', { name: 'Name on the card' }).fill('Ada Lovelace');
    await expectAccessible(page, 'card payment');
    await payment.getByRole('button', { name: 'Pay' }).click();

    const thanks = page.getByRole('dialog', { name: 'Thanks for choosing our service!' });
    await thanks.getByText('Your subscription is active').waitFor();
    await expectAccessible(page, 'thank-you');
    await page.screenshot({ path: 'test-results/billing-thanks.png' });
    await thanks.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('main').getByText('Professional').first().waitFor();
    await expectAccessible(page, '/subscription with one subscription');
    await page.getByRole('button', { name: 'Detail' }).first().click();
    await page.getByText('Professional Token Pack').waitFor();
  });

  it('extends with fewer users than are active, choosing the users to remove, and pays with the saved card', async () => {
    // 30 active users, from a CSV import into a REST directory of the customer's.
    const token = await apiToken(portal, acme);
    await csvDirectory(
      portal,
      token,
      acme.customer.id,
      Array.from(
        { length: 30 },
        (_, n) => [`user${n}@acme.example`, `user${n}@acme.example`, `User ${n}`] as const,
      ),
    );

    const page = await signedIn(acme);
    await page.goto(`${portal.url}/subscription`);
    await page.getByRole('button', { name: 'Extend' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' });
    await dialog.getByText('Current Active Users').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Number of Users' }).fill('20');
    await dialog.getByText('choose 10 users to remove').waitFor();
    await expectAccessible(page, 'extension below the active users');
    await dialog.getByRole('button', { name: 'Choose users to remove' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose users to remove' });
    const available = picker.getByRole('list', { name: 'Users' });
    for (let n = 0; n < 10; n += 1) await available.getByRole('checkbox').first().click();
    await expectAccessible(page, 'user picker');
    await page.screenshot({ path: 'test-results/billing-picker.png' });
    await picker.getByRole('button', { name: 'Select (10) users' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('dialog', { name: 'Review Subscription' })
      .getByRole('button', { name: 'Place Order' })
      .click();
    // The card saved by the first payment is chosen.
    await page.getByRole('radio', { name: /visa ending in 4242/ }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page
      .getByRole('dialog', { name: 'Thanks for choosing our service!' })
      .getByText('Your subscription is active')
      .waitFor();
    const users = await api<{ totalElements: number }>(
      portal,
      `/user-management/users/${acme.customer.id}/search?page=0&pageSize=1&status=INACTIVE`,
      { token },
    );
    expect(users.totalElements).toBe(10);
  });

  it("upgrades to Enterprise, an order that waits for an operator's approval", async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/subscription`);
    await page.getByRole('button', { name: 'Upgrade' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Subscription' });
    await dialog.getByText('Enterprise').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Number of Users' }).fill('100');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await placeOrderAwaitingApproval(page);
  });

  it('leaves an Enterprise order for the operator, who approves it', async () => {
    const page = await signedIn(globex);
    await page.goto(`${portal.url}/subscription`);
    await page.getByRole('dialog', { name: 'No subscription found!' }).waitFor();
    await expectAccessible(page, 'no subscription found');
    await page.goto(`${portal.url}/home`);
    await page.getByRole('button', { name: 'Choose Enterprise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Subscription' });
    await dialog.getByRole('spinbutton', { name: 'Number of Users' }).fill('120');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await placeOrderAwaitingApproval(page);

    const operatorPage = await signedIn(operator);
    await operatorPage.goto(`${portal.url}/my-account/orders`);
    const row = operatorPage.getByRole('row', { name: /Globex Billing/ });
    await row.getByRole('button', { name: 'Approve' }).click();
    await operatorPage
      .getByText('This action will create token pack, service instance. Are you sure?')
      .waitFor();
    await expectAccessible(operatorPage, 'approve confirmation');
    await operatorPage.getByRole('button', { name: 'Yes' }).click();
    await row.getByText('Approved').waitFor();
    await expectAccessible(operatorPage, 'orders after approval');
    await operatorPage.screenshot({ path: 'test-results/billing-orders.png' });

    await page.goto(`${portal.url}/subscription`);
    await page.getByRole('main').getByText('Enterprise').first().waitFor();
  });

  it('fits a phone: the plans and the subscriptions at 375 px', async () => {
    const page = await signedIn(acme, 375);
    await page.goto(`${portal.url}/home`);
    await page.getByRole('button', { name: 'Choose Professional' }).waitFor();
    await expectNoSideScroll(page, '/home at 375 px');
    await expectAccessible(page, '/home at 375 px');
    await page.goto(`${portal.url}/subscription`);
    await page.getByRole('main').getByText('Professional').first().waitFor();
    await expectNoSideScroll(page, '/subscription at 375 px');
    await expectAccessible(page, '/subscription at 375 px');
  });
});
