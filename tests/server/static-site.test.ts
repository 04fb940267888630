import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseKinds, type TestContext } from './harness';

// A build as `vite build` leaves it (vite.config.ts writes the .br and .gz copies).
const script = `export const site = ${JSON.stringify('Aurora '.repeat(400))};\n`;
function fakeBuild() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Aurora</title><div id="root"></div>');
  const file = path.join(dir, 'assets', 'site-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  return dir;
}

describe.each(databaseKinds)('the built site on %s', (kind) => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = fakeBuild();
    ctx = await createTestContext(kind, { env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a phone the compressed copy of a script, cached for good', async () => {
    const res = await ctx.app.inject({
      url: '/assets/site-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(res.rawPayload.equals(brotliCompressSync(script))).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await ctx.app.inject({
      url: '/assets/site-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/site-abc123.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a page address with the site shell, always revalidated', async () => {
    const res = await ctx.app.inject({ url: '/promotions', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
