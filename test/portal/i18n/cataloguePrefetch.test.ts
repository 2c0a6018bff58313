import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../contract/locales';
import type { Session } from '../../../src/session';
import { API, server } from '../msw';

/**
 * The sign-in page asks for its catalogue before its code has run (src/signIn/firstScript.js, a classic
 * script login.html runs first); the page's translator (src/i18n/catalogue.ts) takes that answer rather than
 * asking the server again, and asks again only when it failed or was for another address.
 */
const prefetchScript = readFileSync(
  path.resolve(import.meta.dirname, '../../../src/signIn/firstScript.js'),
  'utf8',
);
/** Runs the classic script as login.html does. */
const runPrefetch = () => new Function(prefetchScript)();

describe('the sign-in page’s catalogue asked for ahead', () => {
  const asked: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    asked.length = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/i18n/'))
        asked.push(new URL(request.url).pathname + new URL(request.url).search);
    });
  });
  afterEach(() => {
    server.events.removeAllListeners();
    window.localStorage.removeItem('RaStore.locale');
    delete (window as { portalCatalogueAhead?: unknown }).portalCatalogueAhead;
  });

  it('is the one request the page’s translator makes, in the language the browser chose', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('vi'));
    runPrefetch();
    await vi.waitFor(() => expect(asked).toEqual(['/api/i18n/vi']));
    const { createPhrasesProvider } = await import('../../../src/i18n/phrases');
    const { storedLocale } = await import('../../../src/i18n/catalogue');
    const translator = createPhrasesProvider();
    await translator.changeLocale(storedLocale());
    expect(translator.translate('portal.login.title')).toBe('Đăng nhập');
    expect(asked).toEqual(['/api/i18n/vi']);
  });

  it('is in one of the portal’s languages, English for any other, and not asked for with a session stored', async () => {
    for (const [stored, url] of [
      ...LOCALES.map((locale) => [JSON.stringify(locale), `/api/i18n/${locale}`]),
      [JSON.stringify('fr'), '/api/i18n/en'],
      ['not json', '/api/i18n/en'],
    ]) {
      window.localStorage.setItem('RaStore.locale', stored!);
      runPrefetch();
      expect((window as { portalCatalogueAhead?: { url: string } }).portalCatalogueAhead?.url).toBe(url);
    }
    delete (window as { portalCatalogueAhead?: unknown }).portalCatalogueAhead;
    // Stored as the portal stores it (src/session.ts), so that the script's key is held to the portal's.
    const { sessionStore } = await import('../../../src/session');
    sessionStore.set({ token: 'a', expiresAt: Date.now() + 60_000, customerId: 'b' } as Session);
    try {
      runPrefetch();
      expect((window as { portalCatalogueAhead?: unknown }).portalCatalogueAhead).toBeUndefined();
    } finally {
      sessionStore.clear();
    }
  });

  it('is asked for again when it failed', async () => {
    let failures = 1;
    server.use(
      http.get(`${API}/i18n/:locale`, () =>
        failures-- > 0 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : undefined,
      ),
    );
    runPrefetch();
    const { fetchCatalogue } = await import('../../../src/i18n/catalogue');
    const catalogue = (await fetchCatalogue('en', null)) as unknown as {
      portal: { login: { title: string } };
    };
    expect(catalogue.portal.login.title).toBe('Sign In');
    expect(asked).toEqual(['/api/i18n/en', '/api/i18n/en']);
  });

  it('is not what another address is answered with', async () => {
    runPrefetch();
    const { fetchCatalogue } = await import('../../../src/i18n/catalogue');
    await fetchCatalogue('en', 'c0ffee00-0000-4000-8000-000000000001');
    expect(asked).toEqual(['/api/i18n/en', '/api/i18n/en?customerId=c0ffee00-0000-4000-8000-000000000001']);
    // Taken once: a later ask of the same address goes to the server.
    await fetchCatalogue('en', null);
    expect(asked).toHaveLength(3);
  });

  it('says whether the page drawn ahead, English without a session on its Credentials Login tab, is the visitor’s', async () => {
    const metas = ['product-name', 'social-links'].map((name) => {
      const meta = document.createElement('meta');
      meta.name = name;
      document.head.append(meta);
      return meta;
    });
    const [productName, socialLinks] = metas as [HTMLMetaElement, HTMLMetaElement];
    const found = () => {
      runPrefetch();
      return document.documentElement.dataset.signIn;
    };
    const { sessionStore } = await import('../../../src/session');
    try {
      productName.content = 'Gateway Portal';
      expect(found()).toBe('ahead');
      window.history.replaceState(null, '', '/login?client_id=web&tab=qr');
      expect(found()).toBe('browser');
      window.history.replaceState(null, '', '/login?client_id=web');
      expect(found()).toBe('ahead');
      window.localStorage.setItem('RaStore.locale', JSON.stringify('vi'));
      expect(found()).toBe('browser');
      window.localStorage.setItem('RaStore.locale', JSON.stringify('en'));
      expect(found()).toBe('ahead');
      sessionStore.set({ token: 'a', expiresAt: Date.now() + 60_000 } as Session);
      expect(found()).toBe('browser');
      sessionStore.clear();
      socialLinks.content = 'GitHub=https://github.com/example';
      expect(found()).toBe('browser');
      socialLinks.content = '';
      productName.content = '';
      expect(found()).toBe('browser');
    } finally {
      sessionStore.clear();
      for (const meta of metas) meta.remove();
      delete document.documentElement.dataset.signIn;
      window.history.replaceState(null, '', '/');
    }
  });
});
