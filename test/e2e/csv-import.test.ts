import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a customer administrator imports a CSV file that Excel saved on a western Windows (semicolons,
 * Windows-1252) into a directory: the portal shows its columns with their first rows and a guessed mapping,
 * the administrator changes one field's column, checks the file (nothing written, each row's outcome
 * listed), then imports it; the API finds the users as the file meant them, and one row refused with its
 * reason. axe on the dialog at each step, at 1280 and at 375 px.
 */
describe("a customer administrator's CSV import with a mapping and a check", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let admin: { email: string; password: string };
  let customerId: string;
  let directoryId: string;

  // Written by Excel as "CSV (semicolon)" on a French Windows: Windows-1252, CRLF, a header of its own words.
  const FILE = Buffer.from(
    [
      'Prénom;Nom;Identifiant;Courriel;Portable;Service',
      'Zoë;Müller;zoe.muller;zoe@initech.example;+84 90 123 45 67;Ventes',
      'Renée;Faure;renee.faure;renee@initech.example;;Achats',
      'Éloi;Brûlé;=HYPERLINK("x");eloi@initech.example;;Achats',
      'Anaïs;Noël;existing.user;anais@initech.example;;Direction',
      '',
    ].join('\r\n'),
    'latin1',
  );

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token } = await operatorWithOwnPassword(portal);
    const made = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Import',
      email: 'casey.import@initech.example',
    });
    admin = made;
    customerId = made.customer.id;
    directoryId = await csvDirectory(portal, await apiToken(portal, admin), customerId, [
      ['existing.user', 'old@initech.example', 'Old Name'],
    ]);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report|users)/);
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** The directory's user of a username, as the API answers. */
  const userOf = async (username: string) => {
    const token = await apiToken(portal, admin);
    const found = await api<{ content: Record<string, unknown>[] }>(
      portal,
      `/idm-ldap/users/r-${customerId}/users/connectors/${directoryId}?q=${encodeURIComponent(username)}`,
      { token },
    );
    return found.content.find((user) => user.username === username);
  };

  it('reads the file, checks it without writing, then imports it as checked', async () => {
    await page.goto(`${portal.url}/ldap/${directoryId}/show/users`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from a CSV file' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'personnel.csv', mimeType: 'text/csv', buffer: FILE });
    await dialog.getByText('Read as Windows-1252, values separated by a semicolon, 6 columns.').waitFor();
    // The first rows, in the characters the file meant.
    const sample = dialog.getByRole('table', { name: 'The first rows of the file' });
    await sample.getByRole('cell', { name: 'Zoë', exact: true }).waitFor();
    await sample.getByRole('cell', { name: 'Müller', exact: true }).waitFor();
    // Guessed: Courriel the email, Prénom and Nom the names; Identifiant is not a name it knows.
    await expect(dialog.getByRole('combobox', { name: 'Email' }).textContent()).resolves.toBe(
      '4. Courriel (e.g. zoe@initech.example)',
    );
    await dialog.getByText('Choose the column that holds the username.').waitFor();
    await expectAccessible(page, 'CSV import, the file read');
    await page.screenshot({ path: 'test-results/csv-import-mapping.png' });

    await dialog.getByRole('combobox', { name: /^Username/ }).click();
    await page.getByRole('option', { name: '3. Identifiant (e.g. zoe.muller)' }).click();
    await dialog.getByRole('combobox', { name: 'Mobile phone' }).click();
    await page.getByRole('option', { name: /^5\. Portable/ }).click();
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog
      .getByText(
        'Checked, nothing written: 2 would be added, 1 updated, 0 unchanged, 1 refused. Import when it looks right.',
      )
      .waitFor();
    const checked = dialog.getByRole('table', { name: 'What each row would become' });
    await checked.getByText(/begins with =, which a spreadsheet reads as a formula/).waitFor();
    await expectAccessible(page, 'CSV import, checked');
    await page.screenshot({ path: 'test-results/csv-import-checked.png' });
    // Nothing written by the check.
    expect(await userOf('zoe.muller')).toBeUndefined();
    expect(await userOf('existing.user')).toMatchObject({ displayName: 'Old Name' });

    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Imported: 2 added, 1 updated, 0 unchanged, 1 not taken.').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download result' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('personnel-import.csv');

    expect(await userOf('zoe.muller')).toMatchObject({
      displayName: 'Zoë Müller',
      email: 'zoe@initech.example',
      mobilePhone: '+84 90 123 45 67',
      source: 'CSV',
    });
    expect(await userOf('existing.user')).toMatchObject({
      displayName: 'Anaïs Noël',
      email: 'anais@initech.example',
    });
  });

  it('follows a long import row by row, and stops it with the rows written kept', async () => {
    // Sixty batches: it is still running when Stop is clicked.
    const ROWS = 60_000;
    const long = Buffer.from(
      [
        'username,email',
        ...Array.from({ length: ROWS }, (_, index) => `bulk.${index},bulk.${index}@initech.example`),
      ].join('\n'),
    );
    const token = await apiToken(portal, admin);
    const directoryTotal = async () =>
      (
        await api<{ totalElements: number }>(
          portal,
          `/idm-ldap/users/r-${customerId}/users/connectors/${directoryId}?pageSize=1`,
          { token },
        )
      ).totalElements;
    const before = await directoryTotal();
    await page.goto(`${portal.url}/ldap/${directoryId}/show/users`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from a CSV file' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: long });
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText(/^Checked, nothing written: 60,000 would be added/).waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();

    // Rows of the file gone through, as the server tells, while it runs.
    const progress = dialog.getByRole('region', { name: /^Importing staff\.csv: [\d,]+ of 60,000 rows$/ });
    await progress.waitFor();
    await expect
      .poll(() => progress.textContent(), { timeout: 60_000 })
      .toMatch(/Importing staff\.csv: [1-9][\d,]* of 60,000 rows/);
    await expectAccessible(page, 'CSV import under way');
    await page.screenshot({ path: 'test-results/csv-import-running.png' });
    // Closed while it runs, the dialog follows it again once reopened.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await progress.waitFor();
    await progress.getByRole('button', { name: 'Stop' }).click();
    const stopped = dialog.getByText(/^The import was stopped after ([\d,]+) of 60,000 rows\./);
    await stopped.waitFor({ timeout: 60_000 });
    const done = Number(
      /after ([\d,]+) of/.exec((await stopped.textContent()) ?? '')![1]!.replaceAll(',', ''),
    );
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(ROWS);
    await dialog
      .getByText(`Imported: ${done.toLocaleString('en-US')} added, 0 updated, 0 unchanged, 0 not taken.`)
      .waitFor();
    await expectAccessible(page, 'CSV import stopped');
    await page.screenshot({ path: 'test-results/csv-import-stopped.png' });
    // The directory holds the rows written before the stop, and none after.
    expect(await directoryTotal()).toBe(before + done);
    const listed = await api<{ totalElements: number; totalCapped?: true }>(
      portal,
      `/idm-ldap/users/r-${customerId}/users/connectors/${directoryId}?q=bulk.&pageSize=1`,
      { token },
    );
    // A search counts up to 1,000 matches, then says there are more.
    expect(listed).toMatchObject(
      done > 1000 ? { totalElements: 1000, totalCapped: true } : { totalElements: done },
    );

    // The users list searches them: past 1,000 matches, its total says "more than".
    await page.goto(`${portal.url}/users`);
    await page.getByPlaceholder('Search').fill('bulk.');
    await page
      .getByText(done > 1000 ? '1-25 of more than 1,000' : `1-25 of ${done}`)
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'users searched past 1,000 matches');
    await page.screenshot({ path: 'test-results/users-search-more-than.png', fullPage: true });
  });

  it('fits the dialog on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${portal.url}/ldap/${directoryId}/show/users`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from a CSV file' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'personnel.csv', mimeType: 'text/csv', buffer: FILE });
    await dialog.getByText(/values separated by a semicolon/).waitFor();
    await expectAccessible(page, 'CSV import at 375 px');
    await expectNoSideScroll(page, 'CSV import at 375 px');
    await page.screenshot({ path: 'test-results/csv-import-375.png', fullPage: true });
  });
});
