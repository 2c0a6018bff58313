import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The layers of the code, read from the imports: no import runs back up a layer. From the bottom: contract/
 * (both sides' words); on the server db/ and domain/ (data and shared rules), the route kit, the guard,
 * the features (their rules, then their routes), the app; in the portal the kit and layout below the pages
 * and resources, the public pages below the signed-in portal. A new file is checked without a new line.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Every source file under a folder, as a path from the root. */
function sourcesOf(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts)$/.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

/** The project files a source imports (static and dynamic imports, type imports included), from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
  }
  return found;
}

/** The imports of `files` that reach into any of `forbidden` (path prefixes), as `file → import`. */
function crossings(files: readonly string[], forbidden: readonly (string | RegExp)[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) =>
        forbidden.some((rule) => (typeof rule === 'string' ? target.startsWith(rule) : rule.test(target))),
      )
      .map((target) => `${file} → ${target}`),
  );
}

const server = sourcesOf('server');
const under = (prefix: string) => server.filter((file) => file.startsWith(prefix));
const isRoutes = (file: string) => /^server\/features\/[^/]+\/(routes|\w+Routes)\.ts$/.test(file);
const featureRules = server.filter(
  (file) => file.startsWith('server/features/') && !isRoutes(file) && !file.endsWith('/index.ts'),
);

/** The route kit's HTTP side (kit/rows.ts, call.ts and feature.ts are what rules and features may name). */
const KIT_HTTP = /^server\/kit\/(?!rows\.ts|call\.ts|feature\.ts)/;

describe('layers', () => {
  it('keeps the contract free of either side', () => {
    expect(crossings(sourcesOf('contract'), ['src/', 'server/'])).toEqual([]);
  });

  it('keeps the server free of the portal', () => {
    expect(crossings(server, ['src/'])).toEqual([]);
  });

  it('keeps the shared rules and the data layer below the kit, the guard, the features and HTTP', () => {
    const below = [...under('server/domain/'), ...under('server/db/')].filter(
      // The schema barrel names every feature's tables (made by npm run registry).
      (file) => file !== 'server/db/schema.ts',
    );
    expect(
      crossings(below, [KIT_HTTP, 'server/http/', 'server/auth/', /^server\/features\/.*\/(?!schema\.ts)/]),
    ).toEqual([]);
  });

  it('keeps the guard below HTTP, the kit and the features', () => {
    expect(crossings(under('server/auth/'), ['server/http/', 'server/kit/', 'server/features/'])).toEqual([]);
  });

  it('keeps the kit below the features', () => {
    expect(crossings(under('server/kit/'), ['server/features/', 'server/http/'])).toEqual([]);
  });

  it("keeps a feature's rules below HTTP: they hold the SQL, the routes call them", () => {
    expect(
      crossings(featureRules, [
        KIT_HTTP,
        'server/http/',
        /^server\/features\/[^/]+\/(routes|\w+Routes)\.ts$/,
      ]),
    ).toEqual([]);
  });

  it('keeps SQL out of the routes: no query builder and no table', () => {
    const routes = server.filter(isRoutes);
    const sql = routes.filter((file) =>
      /from 'drizzle-orm/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(sql).toEqual([]);
    expect(crossings(routes, [/\/schema\.ts$/, 'server/db/'])).toEqual([]);
  });
});

describe("the portal's layers", () => {
  const portal = sourcesOf('src');
  const inFolder = (prefix: string) => portal.filter((file) => file.startsWith(prefix));
  const screens = ['src/resources/', 'src/pages/', 'src/App', 'src/features'];

  it('keeps the data layer, the access rules, the kit, the shared components and the layout below the screens', () => {
    expect(crossings(inFolder('src/dataProviders/'), [...screens, 'src/kit/', 'src/layout/'])).toEqual([]);
    expect(crossings(inFolder('src/access/'), [...screens, 'src/kit/', 'src/layout/'])).toEqual([]);
    expect(crossings(inFolder('src/kit/'), [...screens, 'src/layout/'])).toEqual([]);
    expect(crossings(inFolder('src/components/'), screens)).toEqual([]);
    expect(crossings(inFolder('src/layout/'), screens)).toEqual([]);
  });

  it('keeps the public pages free of the signed-in portal (the sign-in page loads without it)', () => {
    const publicPages = ['login', 'docs', 'oauth2'].flatMap((page) => inFolder(`src/pages/${page}/`));
    expect(publicPages.length).toBeGreaterThan(0);
    expect(crossings(publicPages, ['src/signedIn', 'src/App', 'src/features', 'src/resources/'])).toEqual([]);
  });
});
