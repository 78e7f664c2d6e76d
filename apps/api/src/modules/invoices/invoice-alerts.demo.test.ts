import { createDemoTestDatabase, type DemoTestDatabase } from '@verdant/db/testing/demo-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateOrganisation } from './invoice-alerts.service';

let database: DemoTestDatabase;
let organisationId = 0;
beforeAll(async () => {
  database = await createDemoTestDatabase();
  organisationId = database.demoOrganisationId;
});
afterAll(() => database.close());

describe('the demo audited', () => {
  it('has open invoice alerts of the kinds its slips raise, each on the invoice that has the slip', async () => {
    const n = await evaluateOrganisation(database.db, organisationId, '2026-11-21');
    expect(n.invoices).toBeGreaterThan(300);
    const rows = await database.db.execute<{ audit: string; meter: string; n: number }>(sql`
      select a.audit, min(m.local_name) as meter, count(*)::int as n from meter_alerts a
      join meters m on m.id = a.meter_id
      where a.organisation_id = ${organisationId} and a.invoice_id is not null and a.status = 'pending'
      group by a.audit order by a.audit`);
    const kinds = Object.fromEntries(rows.rows.map((r) => [r.audit, r.meter]));
    expect(kinds).toMatchObject({
      arithmetic: 'Southern Depot Wash bay',
      'due-date': 'Civic Library Main supply',
      'duplicate-number': 'Head Office Car park lighting',
      gst: 'Northern Depot Workshop supply',
      'contracted-rate': 'Civic Library Smart meter',
      'virtual-invoice': 'Civic Library Smart meter',
    });
    // The demo's invoices are billed at its contracted rates (TOU and NHH): the tariff alerts are the smart
    // meter's latest invoice only (September: October's half-hour data has a gap, so it is not billed), whose
    // weekday Day energy is 2 c/kWh over the contract.
    const tariff = await database.db.execute<{ audit: string; invoice_number: string; message: string }>(sql`
      select a.audit, i.invoice_number, a.message from meter_alerts a join invoices i on i.id = a.invoice_id
      where a.organisation_id = ${organisationId} and a.audit in ('contracted-rate', 'virtual-invoice')
      order by a.audit`);
    expect(tariff.rows.map((r) => [r.audit, r.invoice_number])).toEqual([
      ['contracted-rate', 'SMT-202609'],
      ['virtual-invoice', 'SMT-202609'],
    ]);
    expect(tariff.rows[0]?.message).toMatch(
      /^Energy - Day, Weekday billed at 21\.8000 c\/kWh, contracted 19\.8000 c \(Metro Energy TOU, Day, Weekday\)/,
    );
    // A second run adds nothing.
    const again = await evaluateOrganisation(database.db, organisationId, '2026-11-21');
    expect(again.alerts).toBe(n.alerts);
  });
});
