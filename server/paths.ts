import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, found upwards from this module: `server/` when the server runs from its sources
 * (tsx, the tests), `build/` when `npm start` runs its bundle (scripts/start.mjs). Files the server reads
 * at run time (the migrations, the database thread's script, the built portal) are named from here, so
 * both layouts find them.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const ROOT_DIR = findRoot();

/** A path inside the project's folder. */
export const fromRoot = (...segments: string[]) => path.join(ROOT_DIR, ...segments);
