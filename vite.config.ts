import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const apiTarget = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Built files worth compressing. index.html is left out (the server fills it in and answers it itself), and so
 * is the build's manifest under .vite/, which is not served.
 */
const COMPRESSIBLE = /^(?!\.).*\.(js|mjs|css|svg|json|txt|map|wasm)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each of `files` (paths relative to `dir`), at the
 * highest levels, once at build time; the server sends the copy the browser accepts. A copy that would not
 * be smaller is not written. Answers the files that got copies.
 */
export const precompressFiles = async (dir: string, files: readonly string[]): Promise<string[]> => {
  const done = await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const source = await readFile(path.join(dir, file));
        if (source.length < MIN_BYTES) return null;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await writeFile(path.join(dir, `${file}.br`), br);
        if (gz.length < source.length) await writeFile(path.join(dir, `${file}.gz`), gz);
        return file;
      }),
  );
  return done.filter((file) => file !== null);
};

/** The Vite side of precompression: every build writes the copies of what it emitted. */
const precompress = (): Plugin => ({
  name: 'portal:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    if (options.dir) await precompressFiles(options.dir, Object.keys(bundle));
  },
});

const INDEX_HTML = path.resolve(import.meta.dirname, 'index.html');
/**
 * The sign-in page's first script, written into its head (the server allows it by its hash): it runs before
 * the page is shown, without a request of its own.
 */
const FIRST_SCRIPT = path.resolve(import.meta.dirname, 'src/signIn/firstScript.js');
const LOGIN_HTML = path.resolve(import.meta.dirname, 'login.html');
const PORTAL_ENTRY = '/src/main.tsx';

/**
 * The sign-in page's own page (login.html, which the server answers at /login): index.html with the sign-in
 * entry (src/signIn/main.tsx) in place of the portal's, made at build time so that the two keep one head.
 */
const signInPage = (): Plugin => ({
  name: 'portal:sign-in-page',
  enforce: 'pre',
  apply: 'build',
  resolveId: (id) => (id === LOGIN_HTML ? id : null),
  async load(id) {
    if (id !== LOGIN_HTML) return null;
    const index = await readFile(INDEX_HTML, 'utf8');
    const entry = `<script type="module" src="${PORTAL_ENTRY}"></script>`;
    const title = '<title>%PRODUCT_NAME%</title>';
    if (!index.includes(entry) || !index.includes(title))
      throw new Error(`index.html no longer has ${title} and ${entry}`);
    // Its first script, in its head without its comment lines: run as the parser reaches it, before the page
    // is shown and before the page's module (which runs once the page is parsed). It asks for the catalogue.
    // Its line ends are LF, as the browser reads them when it checks the script's hash.
    const firstScript = (await readFile(FIRST_SCRIPT, 'utf8'))
      .replace(/\r\n/g, '\n')
      .replace(/^\s*\/\/.*\n/gm, '');
    if (firstScript.includes('</script') || PLACEHOLDER.test(firstScript))
      throw new Error(`${FIRST_SCRIPT} cannot be written inline (a </script> or a server placeholder)`);
    return index
      .replace(
        title,
        () => `${title}\n    <script>${firstScript}</script>\n    <style>${HIDDEN_AHEAD}</style>`,
      )
      .replace(entry, () => '<script type="module" src="/src/signIn/main.tsx"></script>');
  },
  // The page drawn ahead goes into the written login.html's root.
  async writeBundle(options, bundle) {
    if (!options.dir || !('login.html' in bundle)) return;
    const page = path.join(options.dir, 'login.html');
    const html = await readFile(page, 'utf8');
    if (!html.includes(EMPTY_ROOT) || !html.includes(HEAD_END))
      throw new Error(`login.html no longer has ${EMPTY_ROOT} and ${HEAD_END}`);
    const { styles, markup } = await drawSignInPage();
    // Drawn whole: no part left to the browser (a Suspense fallback), no style among the elements, and no
    // placeholder of the server's in a style (it fills them in as HTML text) but the product name's.
    if (/<!--\$[!?]/.test(markup) || markup.includes('<style') || PLACEHOLDER.test(styles))
      throw new Error('The sign-in page drawn at build time is not whole: see src/signIn/prerender.tsx');
    await writeFile(
      page,
      html
        .replace(HEAD_END, () => `  ${styles}\n  ${HEAD_END}`)
        .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`),
    );
  },
});

/** A placeholder the server fills in (server/app.ts, builtPage). */
const PLACEHOLDER = /%[A-Z_]+%/;
/** The year the page drawn at build time shows in its footer (src/layout/public/PublicFooter.tsx). */
const BUILD_YEAR = new Date().getFullYear();
const BUILD_DEFINES = { __BUILD_YEAR__: JSON.stringify(BUILD_YEAR) };

/** The empty root of index.html, where the sign-in page drawn ahead goes in login.html. */
const EMPTY_ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';
/** The page drawn ahead, while it is not the visitor's (src/signIn/firstScript.js says so), stays hidden. */
const HIDDEN_AHEAD = "html[data-sign-in='browser'] #root{visibility:hidden}";

/**
 * The sign-in page drawn at build time (src/signIn/prerender.tsx), its markup and styles: that module is built
 * for Node (its packages left in node_modules) into a folder of this build's under build/, run, then removed.
 * What the page loads later (its dynamic imports: the portal, the QR tab) is left out of that build.
 */
const drawSignInPage = async () => {
  await mkdir(path.resolve(import.meta.dirname, 'build'), { recursive: true });
  const outDir = await mkdtemp(path.resolve(import.meta.dirname, 'build/sign-in-page-'));
  try {
    await build({
      configFile: false,
      root: import.meta.dirname,
      logLevel: 'warn',
      publicDir: false,
      define: BUILD_DEFINES,
      plugins: [{ name: 'portal:sign-in-page:drawn-only', resolveDynamicImport: () => false }],
      build: { ssr: 'src/signIn/prerender.tsx', outDir, minify: false },
    });
    const drawn = (await import(
      pathToFileURL(path.join(outDir, 'prerender.js')).href
    )) as typeof import('./src/signIn/prerender.tsx');
    return drawn.renderSignInPage();
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
};

// The portal is built into dist/ and served by the API server on the same port.
// `npm run dev` serves it with hot reload on 5173 and forwards /api to a running server.
// The build's manifest (dist/.vite/manifest.json) maps each source file to its chunk: `npm run bench` reads it.
export default defineConfig({
  plugins: [react(), precompress(), signInPage()],
  define: BUILD_DEFINES,
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    manifest: true,
    // Two pages: the portal's (index.html), and the sign-in page's own, smaller one (login.html, made by
    // signInPage), which the server answers at /login.
    rolldownOptions: { input: { index: INDEX_HTML, login: LOGIN_HTML } },
  },
});
