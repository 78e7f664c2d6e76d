import { createMember } from '@verdant/db/factories';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  MFE_2022,
  restate,
} from '../../testing/editions-fixture';

/**
 * The graph builder, the site list and the site page name the editions that produced their kg CO2e
 * (docs/decisions/factor-editions.md, Which edition produced a figure), worked by hand from the seeded catalogue
 * with the shared world of the factor-edition tests: one grid electricity meter used 120,000 kWh in each of
 * 2022, 2023 and 2024 (calendar years).
 *
 * - 2022 and 2023 are produced by MfE 2025 alone (grid, scope 2). 2024's grid factor is MfE 2025's too, its T&D
 *   losses (scope 3) MfE 2026's, and from April 2024 the NZECS residual mix gives its market-based scope 2.
 * - 2022: 120,000 x 0.0818949105 = 9,827.39 kg. "TA 2023" revises 2022 to 0.0742, published and confirmed: 8,904 kg,
 *   produced by TA 2023 alone.
 */

let w: EditionsWorld;
let orgId = 0;
let siteId = 0;
let meterId = 0;

beforeAll(async () => {
  w = await editionsWorld();
  const org = await gridOrganisation(w, 'Editions Calls Org', 'admin', [2022, 2023, 2024]);
  orgId = org.id;
  meterId = Number(org.meterId);
  await gridOrganisation(w, 'Other Org', 'other', []);
  await createMember(w.t.db, org.id, { loginId: 'observer', accessId: 4 });
  w.tokens.observer = await w.t.login('observer');
  const site = await w.t.db.execute<{ site_id: number }>(
    sql`select site_id from meters where id = ${org.meterId}`,
  );
  siteId = Number(site.rows[0]?.site_id);
});
afterAll(() => w.t.close());

const names = (editions: { name: string }[]) => editions.map((e) => e.name);
const asset = () => ({ type: 'organisation', id: orgId, text: 'Editions Calls Org' });
const quantity = (type: string) => ({ type, label: type, unit: '' });
const graph = async (who: string, types: string[], year: number) => {
  const res = await w.call(who, 'POST', `/organisations/${orgId}/graph-data`, {
    chart: 'yearly',
    period: 'month',
    years: [year],
    endMonth: `${year}-12`,
    series: types.map((t) => ({ asset: asset(), quantity: quantity(t) })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const pie = async (type: string, from: string, to: string) => {
  const res = await w.call('admin', 'POST', `/organisations/${orgId}/pie-data`, {
    asset: asset(),
    quantity: quantity(type),
    split: 'asset',
    period: { from, to },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const get = async (who: string, url: string) => {
  const res = await w.call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const exportCsv = async (who: string, data: string[], start: string, end: string) =>
  w.call(who, 'POST', `/organisations/${orgId}/site-data-export`, {
    assets: [siteId],
    data,
    ranges: [{ aggregation: 'total', start, end }],
  });

describe('the graph builder names the editions of its kg CO2e', () => {
  it('names those of the months it reads, location-based unless it shows market-based scope 2', async () => {
    const y2022 = await graph('admin', ['co2e'], 2022);
    expect(y2022.series[0].lines[0].values.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(
      120_000 * MFE_2022,
      0,
    );
    expect(names(y2022.editions)).toEqual(['MfE 2025']);
    expect(y2022.restatements).toEqual([]);
    expect(names((await graph('admin', ['co2e'], 2024)).editions)).toEqual(['MfE 2025', 'MfE 2026']);
    expect(names((await graph('admin', ['scope2_market', 'cons'], 2024)).editions)).toEqual([
      'MfE 2025',
      'MfE 2026',
      'NZECS residual supply factors',
    ]);
    expect((await graph('admin', ['cons', 'cost'], 2024)).editions).toEqual([]);
  });

  it('names them for a breakdown of kg CO2e, and none for kWh', async () => {
    const co2e = await pie('co2e', '2024-01', '2024-12');
    expect(names(co2e.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    expect((await pie('cons', '2024-01', '2024-12')).editions).toEqual([]);
  });
});

describe('the site list and the site page name the editions of their kg CO2e', () => {
  it("names the month's editions beside the list's figures, for kg CO2e only", async () => {
    const co2 = await get('admin', `/organisations/${orgId}/sites-consumption/co2/202206`);
    expect(co2.consumption[String(siteId)]).toBeCloseTo((120_000 * 30 * MFE_2022) / 365, 2);
    expect(names(co2.editions)).toEqual(['MfE 2025']);
    expect(
      names((await get('admin', `/organisations/${orgId}/sites-consumption/co2/202406`)).editions),
    ).toEqual(['MfE 2025', 'MfE 2026']);
    expect((await get('admin', `/organisations/${orgId}/sites-consumption/cons/202206`)).editions).toEqual(
      [],
    );
  });

  it("names both years' editions under the site page's graph", async () => {
    const g = await get('admin', `/sites/${siteId}/asset-graph-data/co2e/2023/year-end/12`);
    expect(g.seriesLabels).toEqual(['Jan 2023 - Dec 2023', 'Jan 2022 - Dec 2022']);
    expect(names(g.editions)).toEqual(['MfE 2025']);
    expect((await get('admin', `/sites/${siteId}/asset-graph-data/cons/2023/year-end/12`)).editions).toEqual(
      [],
    );
  });

  it('closes the site data export with the editions when it holds kg CO2e', async () => {
    const res = await exportCsv('admin', ['cons', 'co2e', 'units'], '2022-01', '2022-12');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(['Site', 'Aggregation', 'Period', 'Consumption (kWh)', 'Emissions (kg CO2e)']);
    expect(Number(rows[1]?.[4])).toBeCloseTo(9827.389, 3);
    // Which figures they are and their editions (docs/decisions/factor-editions.md, Every report of kg CO2e
    // restated or as originally reported).
    expect(rows.at(-1)).toEqual([
      'Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: MfE 2025.',
      '',
      '',
      '',
      '',
    ]);
    const kwh = parse((await exportCsv('admin', ['cons'], '2022-01', '2022-12')).body) as string[][];
    expect(kwh.at(-1)?.[0]).not.toMatch(/^(Factors|Restated)/);
  });

  it('follows a restatement: the restated year is produced by the new edition', async () => {
    const done = await restate(
      w,
      { name: 'TA 2023', published: '2023-06-01', rate: 0.0742 },
      '2022 grid factor revised',
    );
    const restated = await graph('admin', ['co2e'], 2022);
    expect(names(restated.editions)).toEqual(['TA 2023']);
    // The graph's CSV names the restatement that replaced the meter's facts (it keeps every month of a meter it
    // moves); a graph of kWh names none.
    expect(restated.restatements).toEqual([
      { id: done.id, date: expect.any(String), editionBefore: null, editionAfter: 'TA 2023' },
    ]);
    expect((await graph('admin', ['cons'], 2022)).restatements).toEqual([]);
    expect((await pie('co2e', '2022-01', '2022-12')).restatements).toHaveLength(1);
    const co2 = await get('admin', `/organisations/${orgId}/sites-consumption/co2/202206`);
    expect(co2.consumption[String(siteId)]).toBeCloseTo((120_000 * 30 * 0.0742) / 365, 2);
    expect(names(co2.editions)).toEqual(['TA 2023']);
    const g = await get('admin', `/sites/${siteId}/asset-graph-data/co2e/2023/year-end/12`);
    expect(names(g.editions)).toEqual(['MfE 2025', 'TA 2023']);
    const rows = parse((await exportCsv('admin', ['co2e'], '2022-01', '2023-12')).body) as string[][];
    expect(rows.at(-1)?.slice(1)).toEqual(['', '', '']);
    // The meter data export says the same: 2022 as restated, 2023 as first computed.
    const meterData = await w.call('admin', 'POST', `/organisations/${orgId}/meter-data-export?format=csv`, {
      assets: [meterId],
      data: ['CO2e'],
      ranges: [{ aggregation: 'total', start: '2022-01', end: '2023-12' }],
    });
    expect(meterData.statusCode, meterData.body).toBe(200);
    const lines = parse(meterData.body) as string[][];
    // 2022 restated, 8,904 kg; 2023 at MfE 2025's 0.0766302343: 120,000 x 0.0766302343 = 9,195.63 kg.
    expect(Number(lines[1]?.[6])).toBeCloseTo(8904 + 9195.628116, 2);
    expect(lines.at(-1)?.[0]).toBe(rows.at(-1)?.[0]);
    expect(lines.at(-1)).toHaveLength(7);
    expect(rows.at(-1)?.[0]).toMatch(
      new RegExp(
        `^Restated: emissions after restatement ${done.id} of \\d\\d/\\d\\d/\\d{4} \\(to TA 2023\\)\\. Factors: MfE 2025, TA 2023\\.$`,
      ),
    );
  });

  it('answers an observer as any member; tells another organisation nothing', async () => {
    expect(names((await graph('observer', ['co2e'], 2022)).editions)).toEqual(['TA 2023']);
    const theirs = await w.call('other', 'POST', `/organisations/${orgId}/graph-data`, {
      chart: 'yearly',
      period: 'month',
      years: [2022],
      endMonth: '2022-12',
      series: [{ asset: asset(), quantity: quantity('co2e') }],
    });
    expect([403, 404]).toContain(theirs.statusCode);
    expect(theirs.body).not.toContain('TA 2023');
    for (const url of [
      `/organisations/${orgId}/sites-consumption/co2/202206`,
      `/sites/${siteId}/asset-graph-data/co2e/2023/year-end/12`,
    ]) {
      const res = await w.call('other', 'GET', url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('TA 2023');
    }
    const exported = await exportCsv('other', ['co2e'], '2022-01', '2022-12');
    expect([403, 404]).toContain(exported.statusCode);
    expect(exported.body).not.toContain('TA 2023');
  });
});
