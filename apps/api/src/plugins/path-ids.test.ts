import { createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { ACCESS } from '@verdant/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tableDigest } from '../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * Path ids are plain digits (docs/decisions/api-conventions.md, Input primitives in the contracts): ` 1`,
 * `0x10` and `1e3` were coerced to real ids (a fuzzer deleted real records through them); now each is a 400
 * with the field's message, and nothing changes.
 */

let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db, { name: 'Path Id Org' });
  // Ids 1, 16 and 1000 exist only if the coercion could reach them: make the site's id one of them.
  siteId = (await createSite(t.db, org.id, { name: 'Only site' })).id;
  await createMember(t.db, org.id, { loginId: 'ids.admin', accessId: ACCESS.primaryContact, admin: true });
  token = await t.login('ids.admin');
});
afterAll(() => t?.close());

describe('path ids', () => {
  it('refuses anything but plain digits with 400, and deletes nothing', async () => {
    const digest = await tableDigest(t.db);
    const before = await digest();
    const forms = [
      `%20${siteId}`,
      `${siteId}%20`,
      `0x${siteId.toString(16)}`,
      `${siteId}e0`,
      `${siteId}.0`,
      `+${siteId}`,
    ];
    for (const form of forms) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: `/api/sites/${form}`, headers: bearer(token) });
        expect(res.statusCode, `${method} /api/sites/${form}`).toBe(400);
        expect(res.json().fields?.id).toEqual(['Enter a whole number']);
      }
    }
    expect(await digest()).toBe(before);
    expect((await t.app.inject({ url: `/api/sites/${siteId}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });

  it('refuses a query number that is not plain digits', async () => {
    const org = (await t.app.inject({ url: `/api/sites/${siteId}`, headers: bearer(token) })).json()
      .organisationId;
    const res = await t.app.inject({
      url: `/api/organisations/${org}/sites?offset=1e3`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
  });
});

type Shape = Record<string, z.ZodType>;
const shapeOf = (s: unknown): Shape | undefined => {
  let def = (s as { _zod?: { def: { shape?: Shape; in?: unknown; innerType?: unknown } } })?._zod?.def;
  while (def && !def.shape && (def.in || def.innerType))
    def = ((def.in ?? def.innerType) as { _zod: { def: typeof def } })._zod.def;
  return def?.shape;
};
const methodsOf = (route: { method: string | string[] }) => [route.method].flat().join(',');
const NOT_DIGITS = [' 7', '7 ', '0x7', '7e0', '7.0', '+7', '07.', '\u0037\u200B'];

describe('the route table', () => {
  it('every path parameter and query number of every route reads plain digits only', () => {
    const taking: string[] = [];
    const unschemed: string[] = [];
    let numbers = 0;
    for (const route of t.app.routeTable) {
      const inPath = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const params = shapeOf(route.schema?.params);
      if (inPath.length > 0 && !params) unschemed.push(`${methodsOf(route)} ${route.url}`);
      const fields = [
        ...Object.entries(params ?? {}).map(([k, f]) => [`params.${k}`, f] as const),
        ...Object.entries(shapeOf(route.schema?.querystring) ?? {}).map(
          ([k, f]) => [`query.${k}`, f] as const,
        ),
      ];
      for (const [where, field] of fields) {
        const plain = field.safeParse('7');
        if (!plain.success || typeof plain.data !== 'number') continue;
        numbers++;
        // A decimal (a percentage) takes '7.0' as 7; nothing else of these.
        const decimal = field.safeParse('7.5').success;
        for (const form of NOT_DIGITS.filter((f) => !decimal || f !== '7.0'))
          if (field.safeParse(form).success)
            taking.push(`${methodsOf(route)} ${route.url} ${where} takes ${JSON.stringify(form)}`);
      }
    }
    expect(numbers).toBeGreaterThan(300);
    expect(unschemed).toEqual([]);
    expect(taking).toEqual([]);
  });

  it('a path parameter named as an id is a number, but for the login ID and a standard unit code', () => {
    const textIds: string[] = [];
    for (const route of t.app.routeTable) {
      for (const [key, field] of Object.entries(shapeOf(route.schema?.params) ?? {})) {
        const plain = field.safeParse('7');
        if (/(^id|Id)$/.test(key) && plain.success && typeof plain.data !== 'number')
          textIds.push(`${methodsOf(route)} ${route.url} ${key}`);
      }
    }
    // A login ID is text by nature; a composite factor's common unit is named by its code ('kWh').
    expect(textIds.filter((r) => !r.startsWith('HEAD '))).toEqual([
      'GET /api/users/id-check/:id id',
      'GET /api/lookups/composite-emission-factor-commons/:id/data-types id',
    ]);
  });
});
