import type { InvoiceDateDefaults, InvoiceList } from '@verdant/contracts/invoices/list';
import { seedDemoOnce } from '@verdant/db/seed';
import { showsDataSourceTab } from '@verdant/domain/data-source-tabs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The demo's invoice lists as a visitor opens them: no 'Invoice(s) missing' row where the demo simply did not
 * bill (before the first invoice, or a smart meter's months of half-hour data), and a New Invoice dialog that
 * proposes the month after the latest invoice, not a period before the first (docs/decisions/demo.md).
 */
const TODAY = '2026-11-28';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(`${TODAY}T10:00:00Z`) });
  await seedDemoOnce(t.db, { today: TODAY });
}, 300_000);
afterAll(() => t.close());

describe("the demo's invoice lists", () => {
  it('have no missing invoices, and New Invoice proposes the month after the latest', async () => {
    const token = await t.login('demo', 'Verdant-demo-1');
    const meters = await t.db.execute<{
      id: number;
      name: string;
      level: number;
      type: number;
      inherit: boolean;
      first: string;
      last: string;
    }>(sql`
      select m.id, m.local_name as name, m.metlvl_id as level, m.meter_type as type,
        m.inherit_submeter as inherit, min(i.date_from)::text as first, max(i.date_till)::text as last
      from meters m join organisations o on o.id = m.organisation_id
      join invoice_meters im on im.meter_id = m.id join invoices i on i.id = im.invoice_id
      where o.name = 'Demo Organisation' and m.deleted_at is null and i.kind = 'normal'
      group by m.id order by m.id`);
    const shown = meters.rows.filter((m) =>
      showsDataSourceTab('invoices', { level: m.level, meterType: m.type, inheritSubmeter: m.inherit }, true),
    );
    expect(shown.length).toBeGreaterThan(30);
    for (const m of shown) {
      const list = await t.app.inject({
        url: `/api/meters/${m.id}/invoices?limit=100`,
        headers: bearer(token),
      });
      const gaps = (list.json() as InvoiceList).rows.filter((r) => r.type === 'gap');
      expect({ meter: m.name, gaps }).toEqual({ meter: m.name, gaps: [] });
      const res = await t.app.inject({
        url: `/api/meters/${m.id}/invoice-date-defaults`,
        headers: bearer(token),
      });
      const defaults = res.json() as InvoiceDateDefaults;
      expect({ meter: m.name, open: (defaults.meterOpen ?? '') <= m.first }).toEqual({
        meter: m.name,
        open: true,
      });
      expect({ meter: m.name, after: defaults.startDate > m.first }).toEqual({ meter: m.name, after: true });
    }
  }, 300_000);
});
