import { memoryStorage } from '../../session';

/**
 * A browser that blocks the storage of other sites' frames (third-party cookies blocked) throws on the mere
 * reading of `window.localStorage` in an embedded screen, and react-admin reads it as it loads. Imported first
 * by src/main.tsx: where reading a storage throws, the window gets one kept in memory instead.
 */
for (const name of ['localStorage', 'sessionStorage'] as const) {
  try {
    window[name].getItem('portal');
  } catch {
    Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
  }
}
