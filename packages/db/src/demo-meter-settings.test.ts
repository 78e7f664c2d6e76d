import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let t: DemoTestDatabase;
beforeAll(async () => {
  t = await createDemoTestDatabase();
}, 240_000);
afterAll(() => t.close());

/**
 * The sold demo vehicle's meters close with its sale and keep their figures (demo-fleet.ts), as does the
 * meter closed by a decommission invoice (demo-invoice-documents.ts).
 */
const notVehicle = sql`not exists (select 1 from vehicles v where m.id in (v.cons_meter_id, v.distance_meter_id))
  and not exists (select 1 from invoice_meters im join invoices i on i.id = im.invoice_id
    where im.meter_id = m.id and i.kind = 'decommission')`;

describe('demo data source settings', () => {
  it('has identifiers, alert set-ups, a transient meter and a closed meter without figures', async () => {
    const [row] = (
      await t.db.execute<Record<string, number>>(sql`
      select (select count(*)::int from meter_identifier_labels) as labels,
        (select count(*)::int from meter_identifiers) as identifiers,
        (select count(*)::int from meter_alert_settings) as alerts,
        (select count(*)::int from meters where transient_meter) as transient,
        (select count(*)::int from meters m where meter_close is not null and ${notVehicle}) as closed,
        (select count(*)::int from monthly_facts f join meters m on m.id = f.meter_id
          where m.meter_close is not null and ${notVehicle}) as closed_facts`)
    ).rows;
    expect(row).toMatchObject({ labels: 3, transient: 1, closed: 1, closed_facts: 0 });
    expect(row?.identifiers).toBeGreaterThan(40);
    expect(row?.alerts).toBeGreaterThan(10);
  });
});
