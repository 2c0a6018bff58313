import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../msw';

/**
 * The catalogue (src/i18n/index.ts): the sign-in page's English part answers at once; the whole catalogue
 * of the browser's language comes from the server (GET /api/i18n/{locale}), the signed-in customer's when
 * there is one. A fresh copy of the module each time (the setup file loads the shared one's).
 */
describe('the catalogue', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('speaks the sign-in page at once, and the resources once the server’s catalogue is loaded', async () => {
    const { i18nProvider, loadCatalogue } = await import('../../../src/i18n');
    expect(i18nProvider.translate('portal.login.title')).toBe('Sign In');
    expect(i18nProvider.translate('resources.customer.name', { smart_count: 2, _: 'missing' })).toBe(
      'missing',
    );
    await loadCatalogue();
    expect(i18nProvider.translate('resources.customer.name', { smart_count: 2, _: 'missing' })).toBe(
      'Customers',
    );
  });

  it('loads it once, however many ask for it', async () => {
    const asked = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/i18n/')) asked(request.url);
    });
    const { loadCatalogue } = await import('../../../src/i18n');
    const first = loadCatalogue();
    expect(loadCatalogue()).toBe(first);
    await first;
    expect(loadCatalogue()).toBe(first);
    server.events.removeAllListeners();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('speaks the language the browser chose, with one form for a Vietnamese plural', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('vi'));
    const { i18nProvider, loadCatalogue } = await import('../../../src/i18n');
    await loadCatalogue();
    expect(i18nProvider.getLocale()).toBe('vi');
    expect(i18nProvider.translate('portal.locale.label')).toBe('Ngôn ngữ');
    expect(i18nProvider.translate('resources.customer.name', { smart_count: 2 })).toBe('Khách hàng');
    expect(i18nProvider.translate('ra.action.save')).toBe('Lưu');
  });

  it('asks for the signed-in customer’s catalogue, whose overrides it then shows', async () => {
    window.localStorage.setItem(
      'portal.session',
      JSON.stringify({ token: 't', expiresAt: Date.now() + 60_000, customerId: 'c-1' }),
    );
    const { BASE_CATALOGUES } = await import('../../../contract/i18n/catalogues');
    server.use(
      http.get(`${API}/i18n/en`, ({ request }) => {
        const customer = new URL(request.url).searchParams.get('customerId');
        const catalogue = structuredClone(BASE_CATALOGUES.en) as { portal: { login: { title: string } } };
        if (customer === 'c-1') catalogue.portal.login.title = 'Welcome to Acme';
        return HttpResponse.json(catalogue);
      }),
    );
    const { i18nProvider, loadCatalogue } = await import('../../../src/i18n');
    await loadCatalogue();
    expect(i18nProvider.translate('portal.login.title')).toBe('Welcome to Acme');
  });
});
