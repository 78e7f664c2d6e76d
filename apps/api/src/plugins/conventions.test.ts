import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openapiDocument } from '../scripts/openapi-document';
import { createTestApp, type TestApp } from '../testing/test-app';

const root = path.resolve(import.meta.dirname, '../../../..');
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  t = await createTestApp();
  webDir = mkdtempSync(path.join(os.tmpdir(), 'verdant-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Verdant</title><div id="root"></div>',
  );
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('answers unknown /api paths with 404 JSON in the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Not found',
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
    expect(res.headers['x-request-id']).toBe(res.json().requestId);
  });

  it('falls back to the web app for other paths', async () => {
    const app = await buildApp({
      config: { ...t.config, webDist: webDir },
      db: t.db,
      mailer: { send: async () => {} },
      logger: false,
    });
    try {
      const root = await app.inject({ url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<div id="root">');
      expect(root.headers['cache-control']).toBe('no-cache');
      const page = await app.inject({ url: '/sites/42/settings' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      const api = await app.inject({ url: '/api/no-such-area/42' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // HSTS only over HTTPS (docs/decisions/sessions-and-security.md, Headers on every answer): this call is
    // plain HTTP.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document and a docs page', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(['/api/public/login', '/api/current-user/user-details']),
    );
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('keeps the committed OpenAPI document up to date (npm run openapi)', async () => {
    const committed = readFileSync(path.join(root, 'docs/openapi.json'), 'utf8');
    expect(committed).toBe(await openapiDocument());
  });

  it('keeps the OpenAPI document valid, so that anyone can generate a client from it', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const result = await new Validator().validate(JSON.parse(await openapiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('keeps the committed migrations up to date with the schema (npm run db:generate)', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'verdant-migrations-'));
    cpSync(path.join(root, 'packages/db/migrations'), out, { recursive: true });
    const before = readdirSync(out).sort();
    const config = path.join(mkdtempSync(path.join(os.tmpdir(), 'verdant-drizzle-')), 'drizzle.config.json');
    writeFileSync(
      config,
      JSON.stringify({ dialect: 'postgresql', schema: path.join(root, 'packages/db/src/schema/*.ts'), out }),
    );
    execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
      cwd: root,
      stdio: 'pipe',
    });
    expect(readdirSync(out).sort()).toEqual(before);
  });
});
