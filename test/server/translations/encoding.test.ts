import { describe, expect, it } from 'vitest';
import { encodingFor, etagIn, matches } from '../../../server/features/translations/overrides.ts';

/** How the merged catalogue is encoded and revalidated (GET /api/i18n/{locale}). */
describe('the catalogue’s encodings', () => {
  it('sends brotli, else gzip, and never a coding the client refuses with q=0', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('br; q=0.0, gzip;q=0')).toBe('identity');
    expect(encodingFor('gzip;q=0.5')).toBe('gzip');
    expect(encodingFor(undefined)).toBe('identity');
  });

  it('gives each coding its own ETag, and any of them revalidates the catalogue', () => {
    const etag = '"abc"';
    expect(new Set([etagIn(etag, 'identity'), etagIn(etag, 'br'), etagIn(etag, 'gzip')]).size).toBe(3);
    for (const coding of ['identity', 'br', 'gzip'] as const)
      expect(matches(etagIn(etag, coding), etag)).toBe(true);
    expect(matches('"abd-br"', etag)).toBe(false);
    expect(matches(undefined, etag)).toBe(false);
  });
});
