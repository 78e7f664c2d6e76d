import { sumFacts } from '@verdant/db/ledger/read-model';
import { monthOf } from '@verdant/domain/calendar';
import type { ReportDefinition } from '../report-definition';
import type { Row } from '../report-document';
import {
  BASIS_SETTING,
  completenessWarning,
  factQuery,
  flagOf,
  provenanceOf,
  subtitleOf,
} from './report-kit';
import { siteIndicators } from './site-league.queries';

/**
 * Site league table (XLSX): the sites of the asset ranked by energy intensity per m² of gross floor area,
 * with emissions and energy per full-time staff member where the site has those indicators. A site without
 * a floor area is listed after the ranked ones, its intensity blank (docs/decisions/reports.md).
 */

const per = (value: number | null, by: number | null) => (value === null || !by ? null : value / by);

export const siteLeagueReport: ReportDefinition = {
  id: 4,
  name: 'Site league table',
  description: 'Sites ranked by energy per m² of floor area, with emissions and energy per staff member.',
  type: 'VariableMonth',
  outputs: ['xlsx', 'xls', 'csv', 'pdf'],
  levels: ['organisation', 'site-group'],
  tags: ['Energy', 'Benchmark'],
  settings: [BASIS_SETTING],
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const sums = await sumFacts(ctx.db, factQuery(ctx, monthOf(period.start), monthOf(period.end), ['site']));
    const siteIds = [...new Set(ctx.meters.map((m) => m.site_id))];
    const [indicators, provenance] = await Promise.all([
      siteIndicators(ctx.db, ctx.org.id, siteIds),
      provenanceOf(ctx, this.name, {
        units: ['kWh (energy)', 'kg CO2e', 'm² gross floor area', 'FTE staff'],
      }),
    ]);
    const names = new Map(ctx.meters.map((m) => [m.site_id, m.site_name]));
    const bySite = new Map(sums.map((r) => [Number(r.site_id), r]));
    const rows = siteIds.map((id) => {
      const r = bySite.get(id);
      const ind = indicators.get(id) ?? { area: null, staff: null };
      const cons = r ? r.cons : null;
      return {
        site: names.get(id) ?? `Site ${id}`,
        cons,
        co2e: r ? r.co2e : null,
        area: ind.area,
        perArea: per(cons, ind.area),
        staff: ind.staff,
        perStaff: per(cons, ind.staff),
        co2ePerArea: per(r ? r.co2e : null, ind.area),
        r,
      };
    });
    rows.sort(
      (a, b) =>
        (a.perArea === null ? 1 : 0) - (b.perArea === null ? 1 : 0) ||
        (b.perArea ?? 0) - (a.perArea ?? 0) ||
        a.site.localeCompare(b.site),
    );
    const table: Row[] = rows.map((x, i) => ({
      cells: {
        rank: x.perArea === null ? null : i + 1,
        site: x.site,
        cons: x.cons,
        co2e: x.co2e,
        area: x.area,
        perArea: x.perArea,
        co2ePerArea: x.co2ePerArea,
        staff: x.staff,
        perStaff: x.perStaff,
      },
      flags: {
        cons: flagOf(x.r, 'cons'),
        co2e: flagOf(x.r, 'co2e'),
        perArea: x.r ? flagOf(x.r, 'cons') : undefined,
        perStaff: x.r ? flagOf(x.r, 'cons') : undefined,
      },
    }));
    const warning = completenessWarning(provenance, ['Consumption', 'Emissions']);
    return {
      title: this.name,
      subtitle: subtitleOf(ctx),
      blocks: [
        ...(warning ? [warning] : []),
        {
          kind: 'table',
          title: 'Sites by energy intensity',
          sheet: 'League table',
          primary: true,
          columns: [
            { key: 'rank', label: 'Rank', format: 'integer', width: 0.5 },
            { key: 'site', label: 'Site', width: 2 },
            { key: 'cons', label: 'Energy', unit: 'kWh', format: 'number' },
            { key: 'co2e', label: 'Emissions', unit: 'kg CO2e', format: 'number' },
            { key: 'area', label: 'Floor area', unit: 'm²', format: 'number' },
            { key: 'perArea', label: 'Energy per m²', unit: 'kWh/m²', format: 'number', decimals: 1 },
            {
              key: 'co2ePerArea',
              label: 'Emissions per m²',
              unit: 'kg CO2e/m²',
              format: 'number',
              decimals: 2,
            },
            { key: 'staff', label: 'Staff', unit: 'FTE', format: 'number', decimals: 1 },
            { key: 'perStaff', label: 'Energy per FTE', unit: 'kWh/FTE', format: 'number', decimals: 0 },
          ],
          rows: table,
          note: 'A site without a floor area is listed after the ranked ones.',
        },
      ],
      provenance,
      empty: sums.length === 0,
    };
  },
};
