import { defineConfig } from 'vitest/config';

// Browser journeys: playwright-core drives Debian's chromium against the built server.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
