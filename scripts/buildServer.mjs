// The server as `npm start` runs it: server/main.ts and the project's modules it imports (server/,
// contract/, the catalogues), compiled by esbuild into build/server/; packages stay in node_modules.
// Plain Node then runs it: no tsx loader thread and no compiled sources kept beside the code, about 60 MiB
// less at idle (README, "Memory"). Rebuilt when missing, or older than one of its sources (the list is kept
// in build/server/inputs.json) or than package-lock.json.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'build', 'server');
const inputsFile = join(outdir, 'inputs.json');

/** The bundle's entry: run it with `node` (or import it). */
export const serverEntry = join(outdir, 'main.js');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

function isStale() {
  if (!existsSync(serverEntry) || !existsSync(inputsFile)) return true;
  const built = mtime(serverEntry);
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return [...inputs, 'package-lock.json'].some((input) => mtime(join(root, input)) > built);
}

/** Builds the bundle when it is stale; answers the entry's path. */
export async function ensureServerBuilt() {
  if (!isStale()) return serverEntry;
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The PostgreSQL client (db/client.ts, with PGlite's code) stays a chunk of its own, loaded only
    // when DATABASE_URL is set, as server/main.ts imports it.
    splitting: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(outdir, { recursive: true });
  // Two servers started at once from this folder (README, "Running several instances") may both build:
  // each file is written whole under a name of its own and renamed, chunks before the entry that imports
  // them, so that neither reads half a file.
  const files = [...result.outputFiles].sort((a, b) => (a.path === serverEntry) - (b.path === serverEntry));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const temporary = `${inputsFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(Object.keys(result.metafile.inputs)));
  renameSync(temporary, inputsFile);
  // Chunks of earlier builds (their names carry a hash) are no longer imported.
  const current = new Set([...files.map((file) => basename(file.path)), basename(inputsFile)]);
  for (const name of readdirSync(outdir)) {
    if (!current.has(name) && name.endsWith('.js')) rmSync(join(outdir, name), { force: true });
  }
  return serverEntry;
}

// `node scripts/buildServer.mjs` (part of `npm run build`): builds the bundle ahead, for an install whose
// folder the server may not write to when it starts.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`The server's bundle: ${await ensureServerBuilt()}`);
}
