import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory } from '../../test/factories.js';

const t = useTestApp();
const dist = mkdtempSync(join(tmpdir(), 'ledgerly-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('compression', () => {
  it('compresses API answers over 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const { token } = await registerUser(t);
    for (let i = 0; i < 12; i++) await createCategory(t, token, { name: `Category number ${i}` });
    const url = '/api/categories';
    const plain = await t.request({ method: 'GET', url, token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // At the cheapest level (compression.ts): brotli's output is the same for the same input.
    const fast = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1 };
    expect(br.rawPayload.equals(brotliCompressSync(plain.body, { params: fast }))).toBe(true);

    const gz = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.equals(gzipSync(plain.body, { level: 1 }))).toBe(true);

    const small = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the build's pre-compressed asset files as they are", async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), js);
    // Marked so the test can tell the stored file from one compressed on the fly.
    writeFileSync(join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(`${js}//stored-br`));
    writeFileSync(join(dist, 'assets', 'main-abc123.js.gz'), gzipSync(`${js}//stored-gz`));
    const app = await buildApp(t.config, { database: t.db, logger: false, webDist: dist });
    try {
      const url = '/assets/main-abc123.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('//stored-br');
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('//stored-gz');
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await app.close();
    }
  });
});
