import { grantRight } from '@verdant/db/asset-factories';
import { createMember } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { retailers } from '@verdant/db/schema/retailers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, ids, t, tokens, useFixture } from './invoices.fixture';

// GET /invoices/info/{id} (data-portal.md 7), in the invoice entry tests' world (./invoices.fixture.ts): four
// months of 2026 on Plant supply, February also on Plant lighting (whose January 2024 invoice comes before it),
// March reversed by April.
useFixture();
const info: Record<string, number> = {};

beforeAll(async () => {
  const [row] = (
    await t.db.execute<{ organisation_id: number }>(
      sql`select organisation_id from meters where id = ${ids.meter ?? 0}`,
    )
  ).rows;
  const organisationId = row?.organisation_id ?? 0;
  const supply = { id: ids.meter ?? 0, organisationId };
  const lighting = { id: ids.second ?? 0, organisationId };
  const [retailer] = await t.db
    .insert(retailers)
    .values({ name: 'Info Energy', type: 'Electricity' })
    .returning();
  const month = (m: string, invoiceNumber: string, extra = {}) =>
    createInvoice(t.db, supply, {
      from: `2026-${m}-01`,
      till: `2026-${m}-28`,
      consumption: 1,
      cost: 1,
      invoiceNumber,
      ...extra,
    });
  info.january = (await month('01', 'N-1')).id;
  info.february = (
    await month('02', 'N-2', { retailerId: retailer?.id, otherMeters: [{ meter: lighting, consumption: 2 }] })
  ).id;
  info.march = (await month('03', 'N-3')).id;
  info.april = (await month('04', 'N-4-REV', { reverses: [info.march], kind: 'reversal' })).id;
  const barred = await createMember(t.db, organisationId, { loginId: 'i.barred', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId,
    assetType: 'meter',
    assetId: supply.id,
    rightId: -1,
  });
  tokens['i.barred'] = await t.login('i.barred');
});

const get = (who: string, url: string) => t.app.inject({ url: `/api${url}`, headers: as(who) });

describe('an invoice read by id', () => {
  it('answers its neighbours on the data source, whether it is reversed, its retailer and number', async () => {
    const february = await get('i.observer', `/invoices/info/${info.february}`);
    expect(february.statusCode).toBe(200);
    expect(february.json()).toEqual({
      previousId: info.january,
      nextId: info.march,
      reversed: false,
      retailer: 'Info Energy',
      invoiceNumber: 'N-2',
    });
    const march = (await get('i.observer', `/invoices/info/${info.march}`)).json();
    expect(march).toMatchObject({
      previousId: info.february,
      nextId: info.april,
      reversed: true,
      retailer: null,
    });
    expect((await get('i.observer', `/invoices/info/${info.january}`)).json().previousId).toBeNull();
    // On Plant lighting February follows its January 2024 invoice; an invoice not on the one named is not found.
    const onLighting = (await get('i.general', `/invoices/info/${info.february}?meter=${ids.second}`)).json();
    expect(onLighting).toMatchObject({ previousId: ids.secondInvoice, nextId: null, invoiceNumber: 'N-2' });
    expect((await get('i.general', `/invoices/info/${info.january}?meter=${ids.second}`)).statusCode).toBe(
      404,
    );
    expect((await get('i.general', '/invoices/info/987654')).statusCode).toBe(404);
  });

  it('tells a right barring the meter and another organisation nothing', async () => {
    for (const who of ['i.barred', 'i.outsider']) {
      const res = await get(who, `/invoices/info/${info.february}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('N-2');
      expect(res.body).not.toContain('Info Energy');
    }
  });
});
