import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until nothing on the page moves but what repeats forever (a spinner never stops). */
const stillness = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );

/** One axe run on the page as it is: its serious and critical violations. */
const analyse = async (page: Page): Promise<string[]> => {
  // A sandboxed frame runs no script, so axe cannot run inside it (it would wait for it): such a frame shows
  // content that is not the portal's (a mail message in the Outbox, as it was sent).
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
};

/**
 * The serious and critical axe violations of the page as it is now, each with the elements concerned.
 * A notification or dialog still fading in or out has the colours of neither state, and one may start to
 * move while axe reads the page: what axe finds is read again once the page is still, and only what it
 * finds every time is a violation. A real one is found every time, however slow the machine.
 */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  await stillness(page);
  let found = await analyse(page);
  for (let again = 0; again < 2 && found.length > 0; again++) {
    await stillness(page);
    const next = new Set(await analyse(page));
    found = found.filter((violation) => next.has(violation));
  }
  return found;
};

/**
 * Fails on any serious or critical axe violation of the page in its current state (empty, filled, error,
 * dialog…), named in the failure. Every journey calls it on every screen and state it visits.
 */
export const expectAccessible = async (page: Page, state: string) => {
  expect(await seriousViolations(page), `axe on ${state}`).toEqual([]);
};

/** The page is no wider than the window: nothing runs off the side of a phone. */
export const expectNoSideScroll = async (page: Page, state: string) => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `width of ${state}`).toBeLessThanOrEqual(innerWidth);
};

/**
 * Every date the page shows (its text, and the values of its inputs) is written dd/mm/yyyy, the one date
 * rule (src/kit/dates.tsx): a month-first date (11/25/2026) or an unpadded one (2/12/2027) fails.
 */
export const expectDayMonthYearDates = async (page: Page, state: string) => {
  const shown = await page.evaluate(() =>
    [document.body.innerText, ...Array.from(document.querySelectorAll('input'), (input) => input.value)].join(
      '\n',
    ),
  );
  const dates = shown.match(/\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g) ?? [];
  const wrong = dates.filter((date) => {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
    return (
      !match || Number(match[1]) < 1 || Number(match[1]) > 31 || Number(match[2]) < 1 || Number(match[2]) > 12
    );
  });
  expect(wrong, `dates of ${state}`).toEqual([]);
};
