import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { HOOK_BOUND_MS, TEST_BOUND_MS } from './test/support/bounds.ts';

/**
 * The icons the portal and its tests import one by one (`@mui/icons-material/Name`): they are bundled with
 * the rest, and only those (the package has about 10,000).
 */
const importedIcons = () => {
  const icons = new Set<string>();
  for (const folder of ['src', 'test/portal']) {
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const [, name] of readFileSync(join(folder, file), 'utf8').matchAll(
        /'@mui\/icons-material\/(\w+)'/g,
      ))
        icons.add(`@mui/icons-material/${name}`);
    }
  }
  return [...icons].sort();
};

/**
 * Vitest's dependency optimizer bundles react-admin, MUI and what they share into a few files: a test file
 * then imports them in about 0.3 s instead of loading some 2,000 modules one by one (about 2 s).
 * Each package must still be loaded once, or its React contexts do not meet (a form input would find no
 * form, a route no router): what the portal or the tests import from a package that uses React is in
 * `include` (a new one goes there too), so that they get the bundle's copy. react-dom stays outside, because
 * @testing-library/react, outside, must use the same copy (Vitest keeps react itself outside too).
 */
const portalBundle = {
  enabled: true,
  include: [
    'react-admin',
    'ra-core',
    'ra-ui-materialui',
    'ra-data-simple-rest',
    '@mui/material',
    '@mui/material/styles',
    '@mui/utils',
    ...importedIcons(),
    '@tanstack/react-query',
    'qrcode.react',
    'react-router',
    'react-router-dom',
    'react-hook-form',
    'ra-i18n-polyglot',
    'ra-language-english',
  ],
  exclude: ['react-dom', 'react-dom/client'],
};

/**
 * With the optimizer on, Vite gives the npm files it resolves a version query (`…/index.mjs?v=1a2b3c4d`).
 * The tests load npm files with Node itself, and Node keys ES modules by their whole URL: the bundle's own
 * imports of the same files come without the query, so each such package would be loaded twice. Dropping
 * the query gives one copy.
 */
const oneCopyOfEachPackage = (): Plugin => ({
  name: 'portal-tests:one-copy-of-each-package',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!/^[@\w]/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.includes('/node_modules/')) return resolved;
    return { ...resolved, id: resolved.id.replace(/\?v=\w+$/, '') };
  },
});

export default defineConfig({
  test: {
    globals: true,
    // Both cores of the machine: the main process only coordinates (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react(), oneCopyOfEachPackage()],
        test: {
          name: 'portal',
          globals: true,
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          include: ['test/portal/**/*.test.{ts,tsx}'],
          setupFiles: ['test/portal/setup.ts'],
          // The node-environment files (the transport tests) import react-admin too.
          deps: { optimizer: { client: portalBundle, ssr: portalBundle } },
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
          // Bounds that end a hang, never a slow run (test/support/bounds.ts).
          testTimeout: TEST_BOUND_MS,
          hookTimeout: HOOK_BOUND_MS,
        },
      },
    ],
  },
});
