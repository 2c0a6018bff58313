/**
 * What the builds weigh, read from their module graphs: the portal's resource chunks, the parts of what the
 * sign-in page loads, and the bare react-admin app the bench compares the portal with.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { precompressFiles } from '../vite.config.ts';
import { ROOT } from './servers.ts';

/** Gzip at the level of the build's .gz copies, in bytes. */
export const gzipSize = (content: Uint8Array | string): number =>
  gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/**
 * The largest chunk of a resource's own code: among the chunks the build's manifest names after a file of
 * src/resources/ (each screen is loaded on its own), the one of most gzip bytes.
 */
export const largestResourceChunk = async (distDir: string) => {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = Object.values(manifest).filter((chunk) => chunk.src?.startsWith('src/resources/'));
  let largest: { src: string; file: string; gzip: number } | undefined;
  for (const chunk of chunks) {
    const gzip = gzipSize(await readFile(path.join(distDir, chunk.file)));
    if (!largest || gzip > largest.gzip) largest = { src: chunk.src ?? chunk.file, file: chunk.file, gzip };
  }
  return largest;
};

/**
 * The bare react-admin app of bench/bare (or of `folder`: bench/bare-widgets), built (and precompressed, as
 * the portal is) into `outDir`.
 */
export const buildBareApp = async (outDir: string, folder: 'bare' | 'bare-widgets' = 'bare') => {
  const output = (await build({
    configFile: false,
    root: path.join(ROOT, 'bench', folder),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  })) as Rolldown.RolldownOutput;
  const files = output.output.map((item) => item.fileName);
  await precompressFiles(outDir, files);
  const scripts = output.output.filter((item) => item.type === 'chunk');
  return { files: scripts.length, gzip: scripts.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0) };
};

/** Library families of the sign-in page's code, in the order they are matched. */
const FAMILIES = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|react-transition-group|stylis|clsx|prop-types|react-is|hoist-non-react-statics)[\\/]/,
  },
  {
    name: 'router',
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  },
  { name: 'libraries', test: /[\\/]node_modules[\\/]/ },
  { name: 'own', test: /[\\/]src[\\/]/ },
] as const;

export type FamilyName = (typeof FAMILIES)[number]['name'];

/** Leaves every dynamic import out of the build, so that what remains is what the first page loads. */
const withoutLazyParts = (): Plugin => ({
  name: 'bench:without-lazy-parts',
  enforce: 'pre',
  resolveDynamicImport: () => '\0bench-lazy-part',
  resolveId: (id) => (id === '\0bench-lazy-part' ? id : null),
  load: (id) => (id === '\0bench-lazy-part' ? 'export default null;' : null),
});

/**
 * What the sign-in page's JavaScript is made of: its own entry (login.html) built again without its lazy parts
 * (what /login loads is exactly its statically imported code) and with one chunk per family of `FAMILIES`, gzipped.
 */
export const firstScreenParts = async (outDir: string): Promise<Record<FamilyName, number>> => {
  const output = (await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    plugins: [withoutLazyParts()],
    build: {
      outDir,
      emptyOutDir: true,
      write: false,
      rolldownOptions: {
        // The sign-in page's own entry alone (the portal's is index.html).
        input: path.join(ROOT, 'login.html'),
        output: { codeSplitting: { groups: FAMILIES.map(({ name, test }) => ({ name, test })) } },
      },
    },
  })) as Rolldown.RolldownOutput;
  const parts = Object.fromEntries(FAMILIES.map(({ name }) => [name, 0])) as Record<FamilyName, number>;
  for (const chunk of output.output) {
    if (chunk.type !== 'chunk') continue;
    const family = FAMILIES.find(({ name }) => chunk.name === name)?.name ?? 'own';
    parts[family] += gzipSize(chunk.code);
  }
  return parts;
};
