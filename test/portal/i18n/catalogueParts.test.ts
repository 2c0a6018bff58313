// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The catalogue in two parts (src/i18n/index.ts): the sign-in page's, loaded with it, and the whole one,
 * loaded with the signed-in portal. A fresh copy of the module each time (the setup file loads the whole
 * catalogue of the shared one).
 */
describe('the catalogue in two parts', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('speaks the sign-in page at once, and the resources once the whole catalogue is loaded', async () => {
    const { i18nProvider, loadCatalogue } = await import('../../../src/i18n');
    expect(i18nProvider.translate('portal.login.title')).toBe('Sign In');
    expect(i18nProvider.translate('error.default.internal.server.error', { _: 'missing' })).toBe(
      'The server encountered an internal error and was unable to complete your request',
    );
    expect(i18nProvider.translate('resources.customer.name', { smart_count: 2, _: 'missing' })).toBe(
      'missing',
    );
    await loadCatalogue();
    expect(i18nProvider.translate('resources.customer.name', { smart_count: 2, _: 'missing' })).toBe(
      'Customers',
    );
    expect(i18nProvider.translate('portal.login.title')).toBe('Sign In');
  });

  it('loads the whole catalogue once, however many ask for it', async () => {
    const { loadCatalogue } = await import('../../../src/i18n');
    const first = loadCatalogue();
    expect(loadCatalogue()).toBe(first);
    await first;
    expect(loadCatalogue()).toBe(first);
  });
});
