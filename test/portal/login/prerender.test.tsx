// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderSignInPage } from '../../../src/signIn/prerender';

/**
 * The sign-in page as the build draws it, without a browser (src/signIn/prerender.tsx; vite.config.ts writes
 * it into login.html): what a new visitor sees before any script has loaded.
 */
describe('the sign-in page drawn at build time', () => {
  const { styles, markup } = renderSignInPage();

  it('is the English Credentials Login form, its product name the placeholder the server fills in', () => {
    expect(markup).toMatch(/<h1[^>]*>Sign In<\/h1>/);
    expect(markup).toContain('%PRODUCT_NAME%');
    expect(markup).toMatch(/<input[^>]*id="username"/);
    expect(markup).toMatch(/<input[^>]*id="password"[^>]*type="password"/);
    // Sent by its code only: the button waits for it.
    expect(markup).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(markup).toMatch(/<form[^>]*method="post"/);
    // Signed out: the top bar offers Sign In and Sign Up.
    expect(markup).toContain('href="/signup"');
  });

  it('is drawn whole, its styles apart for the head', () => {
    expect(markup).not.toContain('<style');
    // No part left to the browser (a Suspense boundary's fallback).
    expect(markup).not.toMatch(/<!--\$[!?]/);
    expect(styles).toMatch(/^<style data-emotion="css-global [^"]+">/);
    expect(styles).toMatch(/<style data-emotion="css [\w -]+">[^<]*\.css-[\w-]+\{/);
    // Each style the elements name is in the head.
    const named = new Set(
      [...markup.matchAll(/class="([^"]*)"/g)].flatMap(([, names = '']) =>
        names.split(' ').flatMap((name) => (name.startsWith('css-') ? [name.slice(4)] : [])),
      ),
    );
    const written = new Set(styles.match(/data-emotion="css ([\w -]+)"/)?.[1]?.split(' '));
    expect(named.size).toBeGreaterThan(10);
    // (css-0: Emotion's name for no style at all, which it writes nowhere.)
    for (const name of named) if (name !== '0') expect(written).toContain(name);
  });
});
