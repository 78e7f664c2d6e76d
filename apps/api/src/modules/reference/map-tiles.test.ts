import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The location maps' tile server is the installation's (MAP_TILE_URL, README's configuration table): the web
 * asks for it, and the Content-Security-Policy lets images come from its origin only.
 */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp({
    env: {
      MAP_TILE_URL: 'https://{s}.tiles.intranet.example/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Council GIS',
    },
  });
  const org = await createOrganisation(t.db, { name: 'Map Org' });
  await createMember(t.db, org.id, { loginId: 'map.viewer', accessId: 4 });
  token = await t.login('map.viewer');
});
afterAll(() => t.close());

describe('the map tile server', () => {
  it('is answered to anyone signed in, and allowed by the CSP img-src', async () => {
    const res = await t.app.inject({ url: '/api/lookups/map-tiles', headers: bearer(token) });
    expect(res.json()).toEqual({
      url: 'https://{s}.tiles.intranet.example/osm/{z}/{x}/{y}.png',
      attribution: 'Council GIS',
    });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.tiles\.intranet\.example;/,
    );
    expect((await t.app.inject({ url: '/api/lookups/map-tiles' })).statusCode).toBe(401);
  });

  it("defaults to OpenStreetMap, takes 'none' for no tiles, and refuses a URL without {z}/{x}/{y}", () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; OpenStreetMap contributors',
    });
    expect(loadConfig({ MAP_TILE_URL: 'none' }).mapTiles.url).toBeNull();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/map.png' })).toThrow(/MAP_TILE_URL/);
  });
});
