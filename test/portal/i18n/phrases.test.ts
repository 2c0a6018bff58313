import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import en from '../../../contract/i18n/en.json';
import vi from '../../../contract/i18n/vi.json';
import { polyglotPluralRules } from '../../../src/i18n';
import { flattenMessages, translatePhrase } from '../../../src/i18n/phrases';

/**
 * The sign-in page's own translator (src/i18n/phrases.ts) says what react-admin's (ra-i18n-polyglot, as the
 * portal sets it up) says, for every text of every locale's catalogue.
 */
const CATALOGUES = { en, vi } as const;

/** Options a text may be given: none, counts for its plural forms, each placeholder filled or null. */
const optionsFor = (phrase: string): (Record<string, unknown> | number | undefined)[] => {
  const names = [...phrase.matchAll(/%\{(.*?)\}/g)].map((match) => match[1]);
  const filled = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
  return [
    undefined,
    {},
    filled,
    { ...filled, [names[0] ?? 'x']: null },
    ...[0, 1, 2, 21].flatMap((count) => [count, { ...filled, smart_count: count }]),
  ];
};

describe("the sign-in page's translator", () => {
  for (const [locale, messages] of Object.entries(CATALOGUES) as [keyof typeof CATALOGUES, object][]) {
    it(`says every ${locale} text as the portal's polyglot does`, () => {
      const polyglot = polyglotI18nProvider(() => messages as TranslationMessages, locale, [], {
        allowMissing: true,
        pluralRules: polyglotPluralRules,
      });
      const phrases = flattenMessages(messages);
      expect(phrases.size).toBeGreaterThan(1000);
      for (const [key, phrase] of phrases) {
        for (const options of optionsFor(phrase)) {
          expect(translatePhrase(phrases, locale, key, options), `${key} ${JSON.stringify(options)}`).toBe(
            polyglot.translate(key, options as object),
          );
        }
      }
    });
  }

  it('falls back to the `_` option, then to the key, for a key the catalogue lacks', () => {
    const phrases = flattenMessages(en);
    expect(
      translatePhrase(phrases, 'en', 'error.unknown.key', { _: 'The server says %{what}', what: 'no' }),
    ).toBe('The server says no');
    expect(translatePhrase(phrases, 'en', 'error.unknown.key')).toBe('error.unknown.key');
  });

  it('gives Vietnamese one plural form and English two', () => {
    const phrases = flattenMessages({ items: 'one item |||| %{smart_count} items' });
    expect(translatePhrase(phrases, 'en', 'items', 1)).toBe('one item');
    expect(translatePhrase(phrases, 'en', 'items', 3)).toBe('3 items');
    expect(translatePhrase(phrases, 'vi', 'items', 3)).toBe('one item');
  });
});
