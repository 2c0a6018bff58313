import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalogue } from '../../src/i18n';
import { server } from './msw';

// DOM test environments lack scrollTo; react-admin calls it on navigation.
// (Transport tests may run in Vitest's node environment, where there is no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Whole screens render in these tests: a test's time bound catches a hang, not a slow machine (two workers
// share two cores).
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Screens are rendered as the signed-in portal draws them: with the whole catalogue (src/signedIn.ts).
  await loadCatalogue();
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
