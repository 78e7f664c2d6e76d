import { addMonths, daysInMonth, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { createDataType, createFactor, createFactorSource } from './catalogue-factories';
import type { Db } from './client';
import { createOrganisation } from './factories';
import type { HalfHourReading } from './ledger/half-hour-ingest';
import { invoiceMeters, invoices } from './schema/inputs';
import { intArray } from './sql-arrays';

/**
 * A large organisation for benchmarks: `meters` electricity meters over 100 sites, each with `months`
 * monthly invoices ending last month, plus `hhMeters` smart meters whose half-hour readings the benchmark
 * ingests itself (see `halfHourReadings`). Deterministic: quantities follow the meter number and the month.
 */
export async function generateScaleOrganisation(
  db: Db,
  opts: { meters: number; hhMeters: number; months: number; today: string },
) {
  const org = await createOrganisation(db, { name: `Scale Org ${opts.meters}` });
  const source = await createFactorSource(db, { name: 'Bench factors' });
  const electricity = await createDataType(db, { name: `Bench electricity ${org.id}` });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.12,
    startDate: '2015-01-01',
    endDate: '2025-06-30',
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.0987,
    startDate: '2025-07-01',
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 3,
    rate: 0.009,
    startDate: '2015-01-01',
  });

  const sites = await db.execute<{ id: number }>(sql`
    insert into sites (organisation_id, name)
    select ${org.id}, 'Site ' || g from generate_series(1, 100) g returning id`);
  const siteIds = sites.rows.map((r) => r.id);
  const total = opts.meters + opts.hhMeters;
  const meters = await db.execute<{ id: number }>(sql`
    insert into meters (organisation_id, site_id, local_name, energy_id, unit_id, meter_type, meter_open)
    select ${org.id}, (${intArray(siteIds)})[1 + (g % 100)], 'Meter ' || g, ${electricity.id}, ${electricity.stdUnitId},
      case when g > ${opts.meters} then 5 else 2 end, '2015-01-01'
    from generate_series(1, ${total}) g order by g returning id`);
  const meterIds = meters.rows.map((r) => r.id);
  const invoiced = meterIds.slice(0, opts.meters);
  const smart = meterIds.slice(opts.meters);

  const last = addMonths(monthOf(opts.today), -1);
  const first = addMonths(last, -(opts.months - 1));
  let batch: (typeof invoices.$inferInsert)[] = [];
  let parts: { meterId: number; consumption: string }[] = [];
  const flush = async () => {
    const rows = await db.insert(invoices).values(batch).returning({ id: invoices.id });
    await db.insert(invoiceMeters).values(
      rows.map((r, i) => ({
        organisationId: org.id,
        invoiceId: r.id,
        meterId: parts[i]?.meterId ?? 0,
        consumption: parts[i]?.consumption ?? '0',
        unitId: electricity.stdUnitId,
      })),
    );
    batch = [];
    parts = [];
  };
  for (const [k, meterId] of invoiced.entries()) {
    for (let m = first, i = 0; m <= last; m = addMonths(m, 1), i++) {
      const quantity = Math.round(
        (2000 + (k % 97) * 150) *
          (1 + 0.2 * Math.cos((Math.PI * (Number(m.slice(5, 7)) - 7)) / 6)) *
          (k % 2 ? 1.02 : 0.97) ** (i / 12),
      );
      const till = fromDayNumber(toDayNumber(m) + daysInMonth(m) - 1);
      const cost = (quantity * 0.21 + daysInMonth(m) * 1.5).toFixed(2);
      batch.push({
        organisationId: org.id,
        dateFrom: m,
        dateTill: till,
        invoiceDate: till,
        costExclTax: cost,
        chargesTotal: cost,
      });
      parts.push({ meterId, consumption: String(quantity) });
      if (batch.length === 5000) await flush();
    }
  }
  if (batch.length > 0) await flush();
  return { organisationId: org.id, meterIds, invoiced, smart, first, last };
}

/** A year of half-hour readings per smart meter, ending yesterday: 48 x 365 per meter. */
export function* halfHourReadings(smart: number[], today: string, days = 365): Generator<HalfHourReading> {
  const end = toDayNumber(today) - 1;
  for (const [k, meterId] of smart.entries()) {
    for (let d = end - days + 1; d <= end; d++) {
      const date = fromDayNumber(d);
      for (let hh = 0; hh < 48; hh++) {
        const busy = hh >= 16 && hh < 36 ? 3 + (k % 5) : 0;
        const kw = 2 + busy + ((d + hh) % 7) / 10;
        yield { meterId, date, hh, kwh: Math.round(kw * 500) / 1000, kw, pf: 0.92 };
      }
    }
  }
}
