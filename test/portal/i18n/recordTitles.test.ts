import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n';

/** The titles of a record's pages: the resource's name, unless the record's name already says it. */
describe("a record's page title", () => {
  const title = (key: string, name: string, recordRepresentation: unknown) =>
    i18nProvider.translate(key, { name, recordRepresentation, id: 'p1' });

  it('names the resource before the record', () => {
    expect(title('ra.page.show', 'Directory', 'Acme LDAP')).toBe('Directory Acme LDAP');
    expect(title('ra.page.edit', 'Customer', 'Acme')).toBe('Customer Acme');
  });

  it("does not repeat the resource's name when the record's name holds it", () => {
    expect(title('ra.page.show', 'Token Pack', 'Professional Token Pack')).toBe('Professional Token Pack');
    expect(title('ra.page.edit', 'Token Pack', 'professional token pack')).toBe('professional token pack');
  });

  it('leaves the other texts as the catalogue says', () => {
    expect(i18nProvider.translate('ra.page.create', { name: 'Token Pack' })).toBe('Create Token Pack');
  });
});
