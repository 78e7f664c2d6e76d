import { invoiceInput } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * A save recomputes its meter's facts only when it changes an input of the ledger (docs/decisions/performance.md,
 * A save that changes no figure). Whatever a save changes, the facts stored after it are the ones a recompute
 * writes: checked after each save by recomputing and finding nothing to change.
 */
let t: TestApp;
let org: { id: number };
let meter: { id: number; organisationId: number };
let invoiceId: number;
let mwh: number;
let admin: string;
let input: ReturnType<typeof invoiceInput.parse>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  org = await createOrganisation(t.db, { name: 'Unchanged Saves Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity unchanged saves' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  mwh = electricity.units.MWh?.id ?? 0;
  const site = await createSite(t.db, org.id, { name: 'Yard' });
  meter = await createMeter(t.db, site, {
    localName: 'Yard supply',
    meterOpen: '2024-01-01',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  invoiceId = (
    await createInvoice(t.db, meter, { from: '2026-09-01', till: '2026-09-30', consumption: 900, cost: 180 })
  ).id;
  await recomputeFacts(t.db, [meter.id]);
  await createMember(t.db, org.id, { loginId: 'unchanged-admin', admin: true });
  admin = await t.login('unchanged-admin');
  const page = await t.app.inject({ url: `/api/invoices/get/${invoiceId}`, headers: bearer(admin) });
  expect(page.statusCode, page.body).toBe(200);
  input = invoiceInput.parse(page.json());
});
afterAll(() => t.close());

/** September's fact as stored, with the row version PostgreSQL gave it (`xmin` moves with every write). */
async function september() {
  const { rows } = await t.db.execute<{
    quantity: string;
    cost: string;
    estimated: boolean;
    written: string;
  }>(sql`
    select quantity_std::text as quantity, cost::text as cost, estimated, xmin::text as written
    from monthly_facts where organisation_id = ${org.id} and meter_id = ${meter.id} and month = '2026-09-01'`);
  return rows[0];
}

const version = async () =>
  (
    await t.db.execute<{ v: string }>(
      sql`select version::text as v from answer_versions where organisation_id = ${org.id}`,
    )
  ).rows[0]?.v;

async function save(change: Record<string, unknown>) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/invoices/save',
    headers: bearer(admin),
    payload: { ...input, invoiceNumber: 'SEP', invoiceDate: '2026-10-02', dateDue: '2026-10-20', ...change },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().errors).toEqual([]);
  input = invoiceInput.parse(
    (await t.app.inject({ url: `/api/invoices/get/${invoiceId}`, headers: bearer(admin) })).json(),
  );
  // Nothing stale: a recompute now finds every fact as the save left it.
  const after = await september();
  await recomputeFacts(t.db, [meter.id]);
  expect(await september()).toEqual(after);
  return after;
}

describe('a save of an invoice', () => {
  it('recomputes when it changes the cost: the items now total 0', async () => {
    expect((await september())?.cost).toBe('180.00');
    expect((await save({}))?.cost).toBe('0.00');
  });

  it('writes no fact and moves no answer version when it changes no figure (notes, number, due date)', async () => {
    const before = await september();
    const kept = await version();
    await save({ notes: 'Checked', invoiceNumber: 'SEP-2026', dateDue: '2026-10-25' });
    expect(await september()).toEqual(before);
    expect(await version()).toBe(kept);
  });

  it('recomputes when it changes the consumption: 900 to 950 kWh', async () => {
    expect(Number((await save({ consumption: 950 }))?.quantity)).toBe(950);
  });

  it('recomputes when it changes the unit: 950 kWh to 2 MWh (x 1,000 = 2,000 kWh), then 0.95 MWh (950 kWh)', async () => {
    expect(Number((await save({ consumption: 2, unitId: mwh }))?.quantity)).toBe(2000);
    expect(Number((await save({ consumption: 0.95 }))?.quantity)).toBe(950);
  });

  it('recomputes when it changes the period: 30 days to 29 (the 30th left out)', async () => {
    const before = await september();
    const after = await save({ dateTill: '2026-09-29' });
    expect(after?.written).not.toBe(before?.written);
  });

  it('recomputes when it changes the invoice date or the read type', async () => {
    await save({ invoiceDate: '2026-10-09' });
    expect((await save({ readType: 'estimated' }))?.estimated).toBe(true);
  });
});
