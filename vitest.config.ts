import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Both cores of the machine: the main process only coordinates (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'portal',
          globals: true,
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          include: ['test/portal/**/*.test.{ts,tsx}'],
          setupFiles: ['test/portal/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/globalSetup.ts'],
          // A worker keeps its modules and its one database (test/server/testDatabase.ts) from file to file:
          // each file then pays for a schema, not for loading the server code and a database again.
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
