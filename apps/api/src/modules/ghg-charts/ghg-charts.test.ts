import { GHG_MESSAGES } from '@verdant/domain/ghg-figures';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, figures, ids, ok, RANGE, t, useFixture } from './ghg-charts.fixture';

/*
 * The GHG charts' calls over the world of ./ghg-charts.fixture.ts.
 * Today is 21 November 2026; the range is January to March 2025 (90 days). Electricity emits 0.1 kg CO2e/kWh
 * location-based and 0.01 in scope 3; its residual mix is 0.12 from March 2025 (the grid average before it).
 * Gas emits 0.2 in scope 1. Every meter is open from 2024.
 * - North supply (North site): 3100, 2800, 3100 kWh: scope 2 900 kg, scope 3 90; market-based
 *   5900 x 0.1 + 3100 x 0.12 = 962 kg.
 * - South supply (South site): 6200, 5600, 6200 kWh, March estimated: scope 2 1800, scope 3 180; market-based
 *   11800 x 0.1 + 6200 x 0.12 = 1924 kg.
 * - North gas: 1000 kWh in January and February, nothing in March: scope 1 400 kg over 59 of 90 days (65%).
 * Totals: scope 1 400, scope 2 2700 (market 2886), scope 3 270, total 3370; 239 of 270 meter days (88%).
 * Divisions (site grouping): Community = South, Corporate = North. Regions (meter grouping): Upper = North
 * supply and North gas; South supply is in no group.
 */

useFixture();

describe('GHG charts', () => {
  it('gives emissions by activity and scope, each with its completeness (observer)', async () => {
    const chart = await ok('ghg.observer', `/charts/co2e-scope-activity?${RANGE}`);
    expect([chart.from, chart.to, chart.pending]).toEqual(['2025-01', '2025-03', 0]);
    expect(
      chart.rows.map((r: { activity: { name: string } }) => [r.activity.name, ...figures(r as never)]),
    ).toEqual([
      ['Electricity', 0, 2700, 2886, 270, 2970],
      ['Natural gas', 400, 0, 0, 0, 400],
    ]);
    expect(chart.rows[0].completeness).toEqual({ complete: true, coverage: 100, estimated: true });
    expect(chart.rows[1].completeness).toEqual({ complete: false, coverage: 65, estimated: false });
    expect(figures(chart.totals)).toEqual([400, 2700, 2886, 270, 3370]);
    expect(chart.totals.market).toEqual({
      certificateKwh: 0,
      supplierKwh: 0,
      residualKwh: 9300,
      gridKwh: 17700,
    });
    expect(chart.totals.completeness).toEqual({ complete: false, coverage: 88, estimated: true });
  });

  it('gives each division by scope, and an empty month as missing', async () => {
    const chart = await ok('ghg.admin', `/charts/co2e-grouping/site/${ids.divisions}/by-scope?${RANGE}`);
    expect(chart.groupings).toEqual([
      { id: ids.divisions, name: 'Divisions', type: 'site', controlled: true },
    ]);
    expect(
      chart.rows.map((r: { group: { name: string } }) => [r.group.name, ...figures(r as never)]),
    ).toEqual([
      ['Community', 0, 1800, 1924, 180, 1980],
      ['Corporate', 400, 900, 962, 90, 1390],
    ]);
    // Corporate: North supply 90 of 90 days and North gas 59: 149 of 180, 82%.
    expect(chart.rows[1].completeness).toEqual({ complete: false, coverage: 82, estimated: false });
  });

  it('splits each activity by the groups of a grouping, with the meters in none', async () => {
    const chart = await ok('ghg.admin', `/charts/co2e-activity/by-grouping/meter/${ids.regions}?${RANGE}`);
    expect(
      chart.rows.map(
        (r: { activity: { name: string }; group: { id: number | null; name: string }; total: number }) => [
          r.activity.name,
          r.group.name,
          r.group.id === null,
          r.total,
        ],
      ),
    ).toEqual([
      ['Electricity', 'Upper', false, 990],
      ['Electricity', 'Not in any group', true, 1980],
      ['Natural gas', 'Upper', false, 400],
    ]);
  });

  it('crosses two groupings by activity', async () => {
    const chart = await ok(
      'ghg.admin',
      `/charts/co2e-grouping/site/${ids.divisions}/by-activity/by-grouping/meter/${ids.regions}?${RANGE}`,
    );
    expect(chart.groupings.map((g: { name: string }) => g.name)).toEqual(['Divisions', 'Regions']);
    expect(
      chart.rows.map(
        (r: {
          group: { name: string };
          secondGroup: { name: string };
          activity: { name: string };
          total: number;
        }) => [r.group.name, r.secondGroup.name, r.activity.name, r.total],
      ),
    ).toEqual([
      ['Community', 'Not in any group', 'Electricity', 1980],
      ['Corporate', 'Upper', 'Electricity', 990],
      ['Corporate', 'Upper', 'Natural gas', 400],
    ]);
  });

  it('downloads the figures as CSV with their completeness', async () => {
    const res = await call(
      'ghg.observer',
      `/charts/co2e-grouping/site/${ids.divisions}/by-scope?${RANGE}&format=csv`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('emissions-by-group-by-scope-2025-01-2025-03.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Divisions,Scope 1 (kg CO2e),Scope 2 location-based (kg CO2e),Scope 2 market-based (kg CO2e),' +
        'Scope 3 (kg CO2e),"Total, scope 2 location-based (kg CO2e)",Market-based: kWh covered by certificates,' +
        'Market-based: kWh at supplier-specific factors,Market-based: kWh at the residual mix,' +
        'Market-based: kWh at the grid average (no residual mix published),Complete,Days with emissions (%),Estimated',
    );
    expect(lines[1]).toBe('Community,0,1800,1924,180,1980,0,0,6200,11800,Yes,100,Yes');
    expect(lines[2]).toBe('Corporate,400,900,962,90,1390,0,0,3100,5900,No,82,No');
    expect(lines[3]).toBe('Total 2025-01 to 2025-03,400,2700,2886,270,3370,0,0,9300,17700,No,88,Yes');
    // Last, the editions behind the kg CO2e (this fixture's factors record no edition).
    expect(lines[4]).toBe(
      `Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: none recorded for these figures.${','.repeat(12)}`,
    );
  });

  it('leaves out what the caller may not see, and meters being recomputed', async () => {
    // ghg.narrow is barred from South: only the North meters count.
    const chart = await ok('ghg.narrow', `/charts/co2e-scope-activity?${RANGE}`);
    expect(figures(chart.totals)).toEqual([400, 900, 962, 90, 1390]);
    await t.db.execute(
      sql`insert into ledger_pending (meter_id, organisation_id) values (${ids.northGas}, ${ids.org})`,
    );
    const waiting = await ok('ghg.admin', `/charts/co2e-scope-activity?${RANGE}`);
    expect(waiting.pending).toBe(1);
    expect(waiting.rows.map((r: { activity: { name: string } }) => r.activity.name)).toEqual(['Electricity']);
    await t.db.execute(sql`delete from ledger_pending where meter_id = ${ids.northGas}`);
  });

  it("refuses another organisation's grouping and learns nothing of it", async () => {
    const outsider = await call(
      'ghg.outsider',
      `/charts/co2e-grouping/site/${ids.divisions}/by-scope?${RANGE}`,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain('Divisions');
    // Their own view of the organisation-wide chart holds only their organisation (nothing here).
    const own = await ok('ghg.outsider', `/charts/co2e-scope-activity?${RANGE}`);
    expect(own.rows).toEqual([]);
    expect(own.totals.total).toBe(0);
    const mine = await call('ghg.admin', `/charts/co2e-activity/by-grouping/site/${ids.theirs}?${RANGE}`);
    expect(mine.statusCode).toBe(404);
    expect(mine.body).not.toContain('Secret');
    // A meter grouping's id asked for as a site grouping is not found either.
    expect((await call('ghg.admin', `/charts/co2e-grouping/site/${ids.regions}/by-scope`)).statusCode).toBe(
      404,
    );
  });

  it('answers the last complete reporting year by default', async () => {
    const chart = await ok('ghg.admin', '/charts/co2e-scope-activity');
    expect([chart.from, chart.to]).toEqual(['2025-01', '2025-12']);
    await t.db.execute(sql`update organisations set reporting_year_end = 6 where id = ${ids.org}`);
    const fy = await ok('ghg.admin', '/charts/co2e-scope-activity');
    expect([fy.from, fy.to]).toEqual(['2025-07', '2026-06']);
    await t.db.execute(sql`update organisations set reporting_year_end = 12 where id = ${ids.org}`);
  });

  it('refuses bad ranges with a clear 400', async () => {
    const refused = async (query: string, message: string) => {
      const res = await call('ghg.admin', `/charts/co2e-scope-activity?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    };
    await refused('from=2025-13&to=2025-12', GHG_MESSAGES.month);
    await refused('from=2025-1&to=2025-12', GHG_MESSAGES.month);
    await refused('from=2025-06&to=2025-01', GHG_MESSAGES.order);
    await refused('from=1999-01&to=2025-01', GHG_MESSAGES.firstYear);
    await refused('from=2026-01&to=2026-12', GHG_MESSAGES.future);
    await refused('from=2025-01', GHG_MESSAGES.bothMonths);
    await refused('from=%00&to=2025-01', 'NUL');
    const bad = await call('ghg.admin', `/charts/co2e-grouping/region/${ids.divisions}/by-scope`);
    expect(bad.statusCode).toBe(400);
  });
});
