import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalogue } from '../../src/i18n';
import { APPEAR_BOUND_MS, HOOK_BOUND_MS, TEST_BOUND_MS } from '../support/bounds';
import { server } from './msw';

// DOM test environments lack scrollTo; react-admin calls it on navigation.
// (Transport tests may run in Vitest's node environment, where there is no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Whole screens render in these tests: a test's time bound catches a hang, not a slow machine
// (test/support/bounds.ts).
vi.setConfig({ testTimeout: TEST_BOUND_MS, hookTimeout: HOOK_BOUND_MS });
// Filters wait for a 500 ms debounce and screens load their parts lazily: findBy and waitFor give them time.
configure({ asyncUtilTimeout: APPEAR_BOUND_MS });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Screens are rendered as the signed-in portal draws them: with the whole catalogue (src/signedIn.ts).
  // (Transport tests, in Vitest's node environment, draw nothing: there is no page to load it for.)
  if (typeof window !== 'undefined') await loadCatalogue();
});
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  if (typeof window !== 'undefined') window.localStorage.clear();
  // react-admin defers some state changes by a zero-delay timer (useReferenceParams' changeParams): let the
  // ones a test left behind run now, while the DOM still exists, rather than after the file's environment
  // is torn down ("window is not defined").
  await new Promise((resolve) => setTimeout(resolve, 0));
});
afterAll(() => server.close());
