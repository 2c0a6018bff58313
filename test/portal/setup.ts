import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

// DOM test environments lack scrollTo; react-admin calls it on navigation.
// (Transport tests may run in Vitest's node environment, where there is no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (typeof window !== 'undefined') window.localStorage.clear();
});
afterAll(() => server.close());
