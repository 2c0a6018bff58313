import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from './helpers.ts';

/** The portal's built files, as the server answers them to a browser. */
describe('the built assets', () => {
  let distDir: string;
  let ctx: TestContext;
  const script = `console.log(${JSON.stringify('the portal '.repeat(200))});\n`;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-assets-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>%PRODUCT_NAME%</title>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), script);
    ctx = await createTestContext({ config: { distDir } });
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers a hashed asset with its bytes, cached for a year', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toBe(script);
  });
});
