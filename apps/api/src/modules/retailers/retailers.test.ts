import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let root = '';
let orgAdmin = '';

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db, { name: 'Retailer Org' });
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  await createMember(t.db, org.id, { loginId: 'orgadmin', accessId: 2, admin: true });
  [root, orgAdmin] = await Promise.all([t.login('root'), t.login('orgadmin')]);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload: payload as object } : {}),
  });
const count = async (table: string) =>
  Number((await t.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]?.n);
const frank = '/admin/retailers/12/types/1/line-item-overrides';

describe('retailers (product administrators)', () => {
  it('lists the retailers with their load unit: kVA for every electricity retailer, none for the others', async () => {
    const res = await call(root, 'GET', '/admin/retailers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      retailerId: 12,
      retailerDescr: 'Frank Energy',
      loadId: 2,
      stdUnit: null,
      type: 'Electricity and gas',
      loadUnit: 'kVA',
    });
    const list: { type: string; loadUnit: string | null }[] = res.json();
    expect(list.filter((r) => r.type.startsWith('Electricity')).map((r) => r.loadUnit)).toEqual(
      Array(12).fill('kVA'),
    );
    expect(list.filter((r) => !r.type.startsWith('Electricity')).every((r) => r.loadUnit === null)).toBe(
      true,
    );
  });

  it("creates a retailer with a unique name other than 'New Retailer', with an audit row", async () => {
    const before = await count('retailers');
    for (const [name, message] of [
      ['New Retailer', MSG.retailerNamePlaceholder],
      ['  new retailer ', MSG.retailerNamePlaceholder],
      ['contact energy', MSG.retailerNameTaken],
      ['   ', MSG.retailerNameRequired],
    ]) {
      const res = await call(root, 'POST', '/admin/retailers', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(root, 'POST', '/admin/retailers', { name: 'X', loadId: 9 })).statusCode).toBe(400);
    expect(await count('retailers')).toBe(before);
    const res = await call(root, 'POST', '/admin/retailers', {
      name: 'Kiwi Power',
      type: 'Electricity',
      loadId: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Kiwi Power created.',
      data: { retailerDescr: 'Kiwi Power', type: 'Electricity', loadId: 2, loadUnit: 'kVA' },
    });
    expect(await count('retailers')).toBe(before + 1);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_events where asset_type = 'retailer' and asset_name = 'Kiwi Power'`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create']);
  });

  it('edits a retailer under the same name rules, changing nothing on a refusal, with an audit row', async () => {
    const kiwi = (await call(root, 'GET', '/admin/retailers'))
      .json()
      .find((r: { retailerDescr: string }) => r.retailerDescr === 'Kiwi Power');
    const edit = (body: object) => call(root, 'PUT', '/admin/retailers', { ...kiwi, ...body });
    for (const [retailerDescr, message] of [
      ['New Retailer', MSG.retailerNamePlaceholder],
      ['CONTACT ENERGY', MSG.retailerNameTaken],
      [' ', MSG.retailerNameRequired],
    ]) {
      const res = await edit({ retailerDescr });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await edit({ loadId: 9 })).statusCode).toBe(400);
    expect((await edit({ type: 'Steam' })).statusCode).toBe(400);
    expect((await edit({ retailerId: 987654 })).statusCode).toBe(404);
    expect((await call(root, 'GET', '/admin/retailers')).json()).toContainEqual(kiwi);
    // Its own name in another case is not a clash; the load unit may be cleared.
    const res = await edit({ retailerDescr: 'Kiwi Power Co', type: 'Electricity and gas', loadId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Kiwi Power Co updated.',
      data: {
        retailerId: kiwi.retailerId,
        retailerDescr: 'Kiwi Power Co',
        type: 'Electricity and gas',
        loadUnit: null,
      },
    });
    expect((await edit({ retailerDescr: 'KIWI POWER CO', loadId: 1 })).json().data.loadUnit).toBe('kW');
    const audit = await t.db.execute<{ action: string; changes: Record<string, unknown> }>(sql`
      select action, changes from audit_events where asset_type = 'retailer' and asset_id = ${kiwi.retailerId}
      order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(audit.rows[1]?.changes).toMatchObject({
      name: { before: 'Kiwi Power', after: 'Kiwi Power Co' },
      loadId: { before: 2, after: null },
    });
  });

  it('refuses everyone else, changing nothing', async () => {
    const before = await count('retailers');
    expect((await call(orgAdmin, 'GET', '/admin/retailers')).statusCode).toBe(403);
    expect((await call(orgAdmin, 'POST', '/admin/retailers', { name: 'Sneaky' })).statusCode).toBe(403);
    const frankEnergy = { retailerId: 12, retailerDescr: 'Sneaky', type: 'Electricity', loadId: null };
    const sneaky = await call(orgAdmin, 'PUT', '/admin/retailers', frankEnergy);
    expect(sneaky.statusCode).toBe(403);
    expect(sneaky.body).not.toContain('Frank');
    expect((await call(orgAdmin, 'GET', frank)).statusCode).toBe(403);
    expect(
      (await call(orgAdmin, 'POST', frank, { lineItem: 'Energy', instructions: 'Energy' })).statusCode,
    ).toBe(403);
    expect((await call(orgAdmin, 'PUT', frank, [])).statusCode).toBe(403);
    expect(await count('retailers')).toBe(before);
    expect(await count("retailers where name = 'Frank Energy'")).toBe(1);
    expect(await count('line_item_overrides')).toBe(0);
  });
});

describe('line item overrides (per retailer and invoice type)', () => {
  it('adds overrides with non-empty, unique line items and answers the list', async () => {
    expect((await call(root, 'GET', frank)).json()).toEqual([]);
    const res = await call(root, 'POST', frank, {
      lineItem: 'Energy Anytime',
      instructions: 'Charge type Energy',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Line item overrides updated',
      data: [
        {
          retailerId: 12,
          retailerLoadingId: 1,
          lineItem: 'Energy Anytime',
          instructions: 'Charge type Energy',
        },
      ],
    });
    for (const [body, message] of [
      [
        { lineItem: ' energy anytime ', instructions: 'x' },
        'There is already an override for the line item energy anytime',
      ],
      [{ lineItem: '  ', instructions: 'x' }, MSG.lineItemRequired],
      [{ lineItem: 'Daily charge', instructions: ' ' }, MSG.lineItemInstructionsRequired],
    ] as const) {
      const bad = await call(root, 'POST', frank, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    // Another invoice type of the same retailer has its own list.
    expect((await call(root, 'GET', '/admin/retailers/12/types/2/line-item-overrides')).json()).toEqual([]);
    expect(await count('line_item_overrides')).toBe(1);
  });

  it('replaces the list in one go, keeping ids, or refuses a repeated line item and changes nothing', async () => {
    const [first] = (await call(root, 'GET', frank)).json() as { retailerMappingId: number }[];
    const id = first?.retailerMappingId ?? 0;
    const dup = await call(root, 'PUT', frank, [
      { retailerMappingId: id, lineItem: 'Energy Anytime', instructions: 'Energy' },
      { lineItem: 'ENERGY ANYTIME', instructions: 'Sundry' },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('There is already an override for the line item ENERGY ANYTIME');
    const res = await call(root, 'PUT', frank, [
      { retailerMappingId: id, lineItem: 'Energy - Anytime', instructions: 'Charge type Energy' },
      { lineItem: 'Daily Charge', instructions: 'Charge type Daily fixed charge' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Line item overrides updated');
    const list = res.json().data as { retailerMappingId: number; lineItem: string }[];
    expect(list.map((o) => o.lineItem)).toEqual(['Daily Charge', 'Energy - Anytime']);
    expect(list.find((o) => o.lineItem === 'Energy - Anytime')?.retailerMappingId).toBe(id);
    // Updating one; one of another retailer or type is not found; an unknown type or retailer is refused.
    const one = await call(root, 'PUT', `${frank}/${id}`, {
      lineItem: 'Energy (anytime)',
      instructions: 'Energy',
    });
    expect(one.json().data.map((o: { lineItem: string }) => o.lineItem)).toContain('Energy (anytime)');
    expect(
      (
        await call(root, 'PUT', `/admin/retailers/12/types/2/line-item-overrides/${id}`, {
          lineItem: 'a',
          instructions: 'b',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(root, 'PUT', '/admin/retailers/12/types/2/line-item-overrides', [
          { retailerMappingId: id, lineItem: 'a', instructions: 'b' },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await call(root, 'GET', '/admin/retailers/12/types/9/line-item-overrides')).statusCode).toBe(400);
    expect((await call(root, 'GET', '/admin/retailers/99999/types/1/line-item-overrides')).statusCode).toBe(
      404,
    );
    // Emptied by an empty list.
    expect((await call(root, 'PUT', frank, [])).json().data).toEqual([]);
  });
});
