import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { meterAlerts } from './schema/alerts';

/**
 * A few open alerts on the demo meters (data-portal spec 3, "Alert"), so the data sources list has badges and
 * alert panels to show: consumption up on last year, a missing invoice, a tariff change, a base load rise.
 */
export async function seedDemoAlerts(db: DbOrTx, organisationId: number, today: string) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, local_name as name from meters where organisation_id = ${organisationId} and deleted_at is null`);
  const byName = new Map(rows.rows.map((r) => [r.name, r.id]));
  const lastMonth = addMonths(monthOf(today), -1);
  const endOf = (month: string) => fromDayNumber(toDayNumber(addMonths(month, 1)) - 1);
  const alerts: [string, string, string][] = [
    ['Aquatic Centre Main supply', 'Consumption 18% above the same month last year', endOf(lastMonth)],
    ['Aquatic Centre Main supply', 'Daily charge changed from $1.65 to $1.89', endOf(lastMonth)],
    [
      'Aquatic Centre Main supply',
      'Base load rose 12% on the previous month',
      endOf(addMonths(lastMonth, -1)),
    ],
    ['Head Office Data room', 'Consumption 9% above the same month last year', endOf(lastMonth)],
    ['Northern Depot Gas', 'Invoice missing for the last month', endOf(lastMonth)],
    [
      'Water Treatment Plant Outfall pumps',
      'Consumption 14% above the same month last year',
      endOf(lastMonth),
    ],
  ];
  const values = alerts.flatMap(([name, message, alertDate]) => {
    const meterId = byName.get(name);
    return meterId === undefined
      ? []
      : [{ organisationId, meterId, message, alertDate, link: `/data-sources/${meterId}` }];
  });
  if (values.length > 0) await db.insert(meterAlerts).values(values);
  return values.length;
}
