import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

// A built back office as Vite leaves it: index.html and hashed assets, each with its .br and .gz.
const dir = mkdtempSync(path.join(os.tmpdir(), 'attar-admin-'));
const script = 'console.log("the back office");'.repeat(50);
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/admin/assets/index-abc.js"></script>');
writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync(script));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ ADMIN_DIR: dir });

describe('the built back office at /admin/', () => {
  it('answers every address under /admin/ with its index.html, never cached', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/12']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('/admin/assets/index-abc.js');
    }
  });

  it('sends a script as the build compressed it, brotli or gzip as the browser accepts, cached for a year', async () => {
    const brotli = await t.app.inject({ url: '/admin/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);

    const gzip = await t.app.inject({ url: '/admin/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url: '/admin/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a missing asset with 404, not the index', async () => {
    const response = await t.app.inject('/admin/assets/missing.js');
    expect(response.statusCode).toBe(404);
  });
});
