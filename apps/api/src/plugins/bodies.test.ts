import { gzipSync } from 'node:zlib';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { ACCESS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESSED_BODY_MAX } from './bodies';

/*
 * Request bodies (docs/decisions/security.md, "Request bodies: inflated size and UTF-8"): a compressed body is
 * limited after inflation, on every route, the import upload included; JSON that is not valid UTF-8 is refused,
 * not stored with substitutions.
 */

let t: TestApp;
let token: string;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganisation(t.db, { name: 'Bodies Org' })).id;
  await createMember(t.db, orgId, { loginId: 'bodies.admin', accessId: ACCESS.primaryContact, admin: true });
  token = await t.login('bodies.admin');
});
afterAll(() => t?.close());

const jobs = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from import_jobs`)).rows[0]?.n;

describe('compressed bodies', () => {
  it('refuses a small gzip that inflates past the limit on the import route, storing nothing', async () => {
    const line = 'Meter,Start,kWh\n';
    const big = Buffer.from(line.repeat(Math.ceil((COMPRESSED_BODY_MAX * 2) / line.length)));
    const gz = gzipSync(big);
    expect(gz.length).toBeLessThan(1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/meter-load',
      headers: {
        ...bearer(token),
        'content-type': 'application/octet-stream',
        'content-encoding': 'gzip',
        'x-filename': 'bomb.csv',
      },
      payload: gz,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: MSG.bodyTooLarge });
    expect(await jobs()).toBe(0);
  });

  it('refuses the same on a JSON route, and takes a small gzip body as it is', async () => {
    const huge = gzipSync(Buffer.from(JSON.stringify({ name: 'x'.repeat(COMPRESSED_BODY_MAX + 10) })));
    const url = `/api/organisations/${orgId}/site-groups`;
    const headers = { ...bearer(token), 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const refused = await t.app.inject({ method: 'POST', url, headers, payload: huge });
    expect(refused.statusCode).toBe(413);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: gzipSync(JSON.stringify({ name: 'Zipped' })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('text', () => {
  it('refuses JSON that is not valid UTF-8, and changes nothing', async () => {
    const payload = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${orgId}/site-groups`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.notUtf8);
    const stored = await t.db.execute(sql`select 1 from asset_groups where name like 'Caf%'`);
    expect(stored.rows).toEqual([]);
  });
});
