import { allowedRange, calculatedCents } from '@verdant/domain/invoices/arithmetic';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLineItems, demoTaxAmount } from './demo-line-items';
import { recomputeFacts } from './ledger/recompute';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

describe('demo line items (hand-checked)', () => {
  it('splits a non-TOU invoice into energy, daily charge and levy that add up to the cost', () => {
    // 1,000 kWh over 30 days at 20 c + $1.65 a day: cost 200 + 49.50 = 249.50.
    const items = demoLineItems({
      units: 1000,
      days: 30,
      cost: 249.5,
      daily: 1.65,
      tou: false,
      energy: 'electricity',
    });
    expect(items.map((i) => [i.description, i.total])).toEqual([
      ['Energy - Anytime', '198.70'], // 249.50 - 49.50 - 1.30
      // $1.65 a day has no typed rate (under 100 is cents, 100 or more dollars): the line says it.
      ['Daily fixed charge, 30 days at $1.65', '49.50'],
      ['Electricity Authority levy', '1.30'], // 1,000 x 0.13 c
    ]);
    expect(items[0]?.rate).toBe('19.8700');
    expect(demoTaxAmount(249.5)).toBe('37.43'); // 15 % of 249.50 = 37.425, to the cent
  });

  it('splits TOU energy into Day and Night with day a third dearer', () => {
    // 1,000 kWh: day 650, night 350; energy 198.70 = 19,870 c; day share 650x4 / (650x4 + 350x3) = 2600/3650.
    const items = demoLineItems({
      units: 1000,
      days: 30,
      cost: 249.5,
      daily: 1.65,
      tou: true,
      energy: 'electricity',
    });
    const day = items.find((i) => i.touPeriod === 'Day');
    const night = items.find((i) => i.touPeriod === 'Night');
    expect(day?.units).toBe('650');
    expect(night?.units).toBe('350');
    expect(day?.total).toBe('141.54'); // 19,870 x 2600 / 3650 = 14,154.2 -> 14,154 c
    expect(night?.total).toBe('57.16'); // 19,870 - 14,154
    expect(day?.rate).toBe('21.7754'); // 14,154 / 650
    expect(night?.rate).toBe('16.3314'); // 5,716 / 350
  });
});

let database: DemoTestDatabase;
let organisationId: number;
beforeAll(async () => {
  database = await createDemoTestDatabase();
  organisationId = database.demoOrganisationId;
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('demo invoices with line items', () => {
  it('gives every electricity and gas invoice line items that reconcile to the cent, and GST at 15 % but one', async () => {
    const invoices = await rows<{
      id: number;
      cost: string;
      tax: string;
      gst: string;
      items: string | null;
      n: number;
    }>(sql`
      select i.id, i.cost_excl_tax as cost, i.tax_amount as tax, round(i.cost_excl_tax * 0.15, 2)::text as gst,
        (select sum(l.total) from invoice_line_items l where l.invoice_id = i.id)::text as items,
        (select count(*) from invoice_line_items l where l.invoice_id = i.id)::int as n
      from invoices i
      join invoice_meters im on im.invoice_id = i.id
      join meters m on m.id = im.meter_id
      join data_types d on d.id = m.energy_id
      where i.organisation_id = ${organisationId}
        and d.name in ('Electricity (grid supplied)', 'Natural gas') and m.metlvl_id = 1
        and i.kind = 'normal'`);
    expect(invoices.length).toBeGreaterThan(500);
    for (const i of invoices) {
      expect(i.n).toBeGreaterThanOrEqual(3);
      expect(Number(i.items).toFixed(2)).toBe(Number(i.cost).toFixed(2));
    }
    // GST 15% on all but the one slip the demo keeps for the bill audit (demo-invoice-anomalies.ts).
    expect(invoices.filter((i) => i.tax !== i.gst)).toHaveLength(1);
  });

  it('bills TOU meters by period and has a few estimated reads', async () => {
    const [tou] = await rows<{ n: number }>(sql`
      select count(distinct l.tou_period)::int as n from invoice_line_items l
      join invoice_meters im on im.invoice_id = l.invoice_id join meters m on m.id = im.meter_id
      where l.organisation_id = ${organisationId} and m.meter_type = 1`);
    expect(tou?.n).toBe(2);
    const [estimated] = await rows<{ n: number }>(sql`
      select count(*)::int as n from invoices where organisation_id = ${organisationId} and read_type = 'estimated'`);
    expect(estimated?.n).toBeGreaterThan(5);
  });

  it('reads on the invoice page as the bill: each line its type, its rate giving its total, retailer and due date', async () => {
    const items = await rows<{
      invoice_id: number;
      rate: string;
      units: string;
      factor: string | null;
      repeat: string | null;
      total: string;
      charge_type_id: number | null;
    }>(sql`
      select invoice_id, rate::text, units::text, factor::text, repeat::text, total::text, charge_type_id
      from invoice_line_items where organisation_id = ${organisationId} and category = 'charge'`);
    expect(items.length).toBeGreaterThan(1000);
    expect(items.filter((i) => i.charge_type_id === null)).toEqual([]);
    // The page's own arithmetic (a typed rate of 100 or more is dollars) gives each total within its 1%; only
    // the Wash bay slip the bill audit is to find does not.
    const off = items.filter((i) => {
      if (i.rate === null || i.units === null) return false;
      const calc = calculatedCents({
        rate: Number(i.rate),
        units: Number(i.units),
        factor: i.factor === null ? null : Number(i.factor),
        repeat: i.repeat === null ? null : Number(i.repeat),
      });
      const range = allowedRange(calc ?? 0);
      const total = Math.round(Number(i.total) * 100);
      return total < range.min || total > range.max;
    });
    expect(new Set(off.map((i) => i.invoice_id)).size).toBe(1);
    const [bare] = await rows<{ n: number }>(sql`
      select count(*)::int as n from invoices
      where organisation_id = ${organisationId} and (retailer_id is null or date_due is null)
        and id in (select invoice_id from invoice_meters im join meters m on m.id = im.meter_id
          where m.retailer_id is not null)`);
    expect(bare?.n).toBe(0);
  });

  it('leaves the monthly figures as they would be without line items (same fingerprint after removing them)', async () => {
    const fingerprint = async () =>
      (
        await rows<{ months: number; quantity: string; cost: string }>(sql`
          select count(*)::int as months, round(sum(quantity_std)::numeric, 1)::text as quantity,
            sum(cost)::text as cost
          from monthly_facts where organisation_id = ${organisationId}`)
      )[0];
    const withItems = await fingerprint();
    expect(withItems?.months).toBeGreaterThan(1000);
    // Without its line items and recomputed, every meter gives the same figures: the ledger counts an
    // invoice's cost, never its items.
    const meters = await rows<{ id: number }>(
      sql`select id from meters where organisation_id = ${organisationId} and deleted_at is null`,
    );
    await database.db.execute(sql`delete from invoice_line_items where organisation_id = ${organisationId}`);
    await recomputeFacts(
      database.db,
      meters.map((m) => m.id),
      '2026-11-21',
    );
    expect(await fingerprint()).toEqual(withItems);
  });
});
