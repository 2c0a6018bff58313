import { defineConfig } from 'vitest/config';

// Browser journeys: playwright-core drives Debian's chromium against the built server.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    // Builds dist/ once (test/e2e/globalSetup.ts), so that the journeys' servers can start side by side.
    globalSetup: ['test/e2e/globalSetup.ts'],
    // A failed journey prints what its browsers showed (test/e2e/failureEvidence.ts).
    setupFiles: ['test/e2e/setup.ts'],
    testTimeout: 120000,
    // As long as Playwright waits for an element: a value the page computes after a call on a loaded
    // machine (CI) comes later than Vitest's 1 s default.
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 180000,
    // Two journeys at a time, each with its own server, data folder and browser: one per core.
    maxWorkers: 2,
  },
});
