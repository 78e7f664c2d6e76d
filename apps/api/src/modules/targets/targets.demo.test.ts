import { DEMO_PASSWORD } from '@verdant/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/** The demo's performance against targets: every report has real figures from the ledger. Today 21/11/2026. */
let t: TestApp;
let token = '';
let organisationId = 0;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z'), demo: true });
  const demo = await t.db.execute<{ id: number }>(
    sql`select id from organisations where name = 'Demo Organisation'`,
  );
  organisationId = demo.rows[0]?.id ?? 0;
  token = await t.login('demo', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = async (url: string) =>
  (await t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) })).json();

type Report = {
  baselineYear: number;
  groups: {
    name: string;
    baseline: number;
    months: { month: string; actual: number | null; target: number; incomplete: boolean }[];
  }[];
};

describe("the demo's performance against targets", () => {
  it('shows the organisation and every group of Divisions and Regions against a baseline from the ledger', async () => {
    const org: Report = await get(`/organisations/${organisationId}/reports/performance-against-targets`);
    expect(org.baselineYear).toBe(2025);
    const groupings = await t.db.execute<{ id: number; member_type: string; name: string }>(sql`
      select id, member_type, name from groupings where organisation_id = ${organisationId} order by name`);
    const reports = [org];
    for (const g of groupings.rows)
      reports.push(await get(`/${g.member_type}-groupings/${g.id}/reports/performance-against-targets`));
    const groups = reports.flatMap((r) => r.groups);
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Corporate', 'Community', 'Water Services', 'North', 'South']),
    );
    for (const g of groups) {
      expect(g.baseline, g.name).toBeGreaterThan(0);
      // Last year's twelve months and this year's to October have actual figures.
      expect(g.months.filter((m) => m.actual !== null && m.actual > 0).length, g.name).toBeGreaterThanOrEqual(
        22,
      );
      // November 2026 is still filling: marked incomplete; no month after it has a figure.
      expect(g.months.find((m) => m.month === '2026-11-01')?.incomplete, g.name).toBe(true);
      expect(
        g.months.filter((m) => m.month > '2026-11-01' && m.actual !== null),
        g.name,
      ).toEqual([]);
    }
  });
});
