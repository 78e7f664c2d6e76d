import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;

beforeAll(async () => {
  t = await createTestApp();
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'verdant-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Verdant</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDir, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(webDir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDir, 'assets/app-abc123.js.gz'), gzipSync(script));
  app = await buildApp({
    config: { ...t.config, webDist: webDir },
    db: t.db,
    mailer: { send: async () => {} },
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('compressed, cacheable web app', () => {
  it('serves a hashed asset precompressed as the browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // Document policies are left off scripts; nosniff stays.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never caches index.html', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('compresses API answers above 1 kB and leaves small ones plain', async () => {
    const big = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});
