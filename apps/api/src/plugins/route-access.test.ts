import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../modules/auth/auth.service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { accessPlugin } from './auth';
import { errorsPlugin } from './errors';

const mailer = { send: async () => {} };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('declared access', () => {
  it('every route declares who may call it', () => {
    const routes = t.app.routeTable.map((r) => ({
      route: `${[r.method].flat().join(',')} ${r.url}`,
      access: (r.config as { access?: unknown } | undefined)?.access,
    }));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.access === undefined).map((r) => r.route)).toEqual([]);
  });

  it('names only parameters its path has', () => {
    const wrong = t.app.routeTable.flatMap((r) => {
      const refs = JSON.stringify(r.config?.access ?? null).match(/params\.\w+/g) ?? [];
      return refs
        .filter((ref) => !r.url.includes(`:${ref.slice('params.'.length)}`))
        .map((ref) => `${r.url} ${ref}`);
    });
    expect(wrong).toEqual([]);
  });

  it('refuses a route without a declaration, whoever calls it', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(accessPlugin, {
      auth: createAuthService({ db: t.db, config: t.config, mailer }),
      db: t.db,
      clock: () => new Date(),
    });
    app.get('/undeclared', async () => ({ leaked: true }));
    app.get('/declared', { config: { access: 'public' } }, async () => ({ open: true }));
    const refused = await app.inject({ url: '/undeclared' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await app.inject({ url: '/declared' })).json()).toEqual({ open: true });
    await app.close();
  });
});
