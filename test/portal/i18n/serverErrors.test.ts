import { isErrorSet } from '../../../contract/kit';
import { CONTRACT_MODULES } from '../../../contract/registry';
import { en } from '../../../src/i18n/en';

/**
 * The server answers `{messageKey, message}` and the portal shows the catalogue's text for the key: for
 * every error a contract defines (found through contract/registry.ts), the catalogue has the key with the
 * very text the server sends (npm run registry writes it from them; this says the file is the one made).
 */
const lookUp = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

const cases = Object.entries(CONTRACT_MODULES).flatMap(([module, exported]) =>
  Object.values(exported as Record<string, unknown>)
    .filter(isErrorSet)
    .flatMap((errors) =>
      Object.values(errors).map(({ key, text }) => [`${module}: ${key}`, key, text] as const),
    ),
);

describe("the catalogue's texts of the server's answers", () => {
  it('covers the errors of every contract', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases)('%s', (_, key, text) => {
    expect(lookUp(key)).toBe(text);
  });
});
