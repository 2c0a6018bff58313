// `npm start`: builds the portal when dist/ is missing or older than its sources, and the server's bundle
// (build/server, scripts/buildServer.mjs) likewise, then runs the API server (which also serves the
// portal) in this same process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuilt } from './buildServer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'index.html');

const newestSource = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
};

const sources = ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'].map(
  (name) => join(root, name),
);
const stale = !existsSync(built) || Math.max(...sources.map(newestSource)) > statSync(built).mtimeMs;

if (stale) {
  console.log('Building the portal (dist/)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // A production build whoever starts it: under a test runner (NODE_ENV=test) Vite would otherwise
    // bundle React's development build, twice the size and slower.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(await ensureServerBuilt()).href);
