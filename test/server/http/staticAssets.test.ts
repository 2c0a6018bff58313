import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../../../vite.config.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/** The portal's built files, as the server answers them to a browser. */
describe('the built assets', () => {
  let distDir: string;
  let ctx: TestContext;
  const script = `console.log(${JSON.stringify('the portal '.repeat(200))});\n`;
  const ASSET = '/assets/index-abc123.js';

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-assets-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>%PRODUCT_NAME%</title>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(distDir, 'assets', 'tiny-abc123.js'), 'export{};');
    // What the build does after writing its files (vite.config.ts).
    await precompressFiles(distDir, ['index.html', 'assets/index-abc123.js', 'assets/tiny-abc123.js']);
    ctx = await createTestContext({ config: { distDir } });
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('writes a brotli and a gzip copy of the assets worth compressing, and of nothing else', async () => {
    expect((await readdir(path.join(distDir, 'assets'))).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.js',
    ]);
    expect((await readdir(distDir)).filter((name) => name.startsWith('index.html'))).toEqual(['index.html']);
  });

  it('answers a hashed asset with its bytes, cached for a year', async () => {
    const answer = await get(ASSET);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });

  it('sends the brotli copy to a browser that accepts br', async () => {
    const answer = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const answer = await get(ASSET, 'gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(answer.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends the file itself when the browser accepts no encoding the build wrote', async () => {
    const answer = await get(ASSET, 'identity');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{};');
  });

  it('keeps answering pages with the filled-in index.html', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('<!doctype html><title>Test Portal</title>');
  });
});
