import { readFile } from 'node:fs/promises';
import { seedDemoOnce } from '@verdant/db/seed';
import { addMonths } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFigures } from '../../testing/demo-figures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The ledger's version 2 (invoices as documents, units per input row, registers, per-measure
 * reporting, the read model) keeps the demo's figures. The fixture holds every figure the version 1 code
 * answered for the demo seeded on 21 November 2026 (dashboard, organisation overview lists, site graphs, 38
 * months); the demo seeded today by version 2 must answer the same, month by month. Deliberate rule changes
 * are listed in docs/decisions/ledger.md; the one that shows in the demo: a measure is incomplete when
 * its own days fall short, and half-hour days carry no cost until a contract prices them, so the smart
 * meters' months (half-hour data from October 2025) make cost incomplete. Every number stays the same.
 */
const TODAY = '2026-11-21';
let t: TestApp;
let organisationId = 0;
let siteIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(`${TODAY}T10:00:00Z`) });
  // Version 1's demo had no fleet, no reversal, replacement or decommission, and no second registers,
  // half-hour gap or transactional meter: the same inputs are compared.
  await seedDemoOnce(t.db, { today: TODAY, fleet: false, invoiceDocuments: false, intervalExtras: false });
  const org = await t.db.execute<{ id: number }>(
    sql`select id from organisations where name = 'Demo Organisation'`,
  );
  organisationId = org.rows[0]?.id ?? 0;
  const sites = await t.db.execute<{ id: number }>(
    sql`select id from sites where organisation_id = ${organisationId} order by name`,
  );
  siteIds = sites.rows.map((s) => s.id);
}, 300_000);
afterAll(() => t.close());

describe('the demo figures after the ledger version 2', () => {
  it('agree with version 1 month by month: dashboard, organisation overview and sites', async () => {
    const before = JSON.parse(
      await readFile(new URL('../../testing/fixtures/demo-figures-v1.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const token = await t.login('demo', 'Verdant-demo-1');
    const months = Array.from({ length: 38 }, (_, i) => addMonths('2023-09-01', i));
    const after = await demoFigures(t.app, token, organisationId, siteIds, months);
    // The fixture's site ids are those of a fresh database, as here.
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    const costIncomplete: Record<string, unknown> = {
      '/dashboard/yearly-comparison-cost': {
        incompleteMonths: Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
      },
      '/dashboard/monthly-savings-cost': { incomplete: true },
    };
    for (const url of Object.keys(before)) {
      const changed = costIncomplete[url];
      const expected = changed ? { ...(before[url] as object), ...changed } : before[url];
      expect({ url, figures: after[url] }).toEqual({ url, figures: expected });
    }
  }, 300_000);
});
