import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { createMeter } from './asset-factories';
import type { DbOrTx } from './client';
import { recomputeFacts } from './ledger/recompute';
import { transactions } from './schema/inputs';

type Site = { id: number; name: string };

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A transactional meter with cost (type 9): the Northern Depot's standby generator, whose diesel tank is
 * topped up about every six weeks by a tanker (date, time of the delivery docket, litres, cost, docket
 * number). One delivery ran past midnight and is booked on the day it started (25:40).
 */
export async function seedDemoTransactions(
  db: DbOrTx,
  { organisationId, sites, today }: { organisationId: number; sites: Site[]; today: string },
) {
  const site = sites.find((s) => s.name === 'Northern Depot');
  if (!site) throw new Error('demo site Northern Depot missing');
  const types = await db.execute<{ energy_id: number; unit_id: number }>(sql`
    select d.id as energy_id, u.id as unit_id from data_types d join units u on u.data_type_id = d.id
    where d.name = 'Diesel (stationary combustion)' and d.organisation_id is null and u.name = 'litres'`);
  const type = types.rows[0];
  if (!type) throw new Error("The catalogue has no 'Diesel (stationary combustion)' in litres");
  const last = toDayNumber(today) - 1;
  const first = last - 3 * 365;
  const meter = await createMeter(
    db,
    { id: site.id, organisationId },
    {
      localName: 'Northern Depot Generator diesel',
      meterType: 9,
      energyId: type.energy_id,
      unitId: type.unit_id,
      meterOpen: fromDayNumber(first - 30),
    },
  );
  const rows: (typeof transactions.$inferInsert)[] = [];
  for (let day = first, k = 0; day <= last; day += 40 + ((k * 7) % 11), k++) {
    const litres = 600 + ((k * 137) % 500);
    rows.push({
      organisationId,
      meterId: meter.id,
      unitId: type.unit_id,
      txDate: fromDayNumber(day),
      txTime: k === 9 ? '25:40' : `${String(7 + (k % 8)).padStart(2, '0')}:${k % 2 === 0 ? '15' : '45'}`,
      quantity: String(litres),
      cost: round2(litres * (1.72 + 0.06 * Math.sin(k / 4))).toFixed(2),
      note: k === 9 ? 'Night delivery after the storm outage' : `Docket ${48_210 + k * 17}`,
    });
  }
  await db.insert(transactions).values(rows);
  await recomputeFacts(db, [meter.id], today);
  return { meterId: meter.id };
}
