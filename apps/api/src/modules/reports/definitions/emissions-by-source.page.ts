import { sumFacts } from '@verdant/db/ledger/read-model';
import { monthOf } from '@verdant/domain/calendar';
import { topWithOthers } from '@verdant/domain/reports/legend-top';
import { REPORT_COLOURS } from '../report-colours';
import type { ReportDefinition } from '../report-definition';
import type { Block, Row } from '../report-document';
import {
  BASIS_SETTING,
  completenessWarning,
  factQuery,
  flagOf,
  provenanceOf,
  subtitleOf,
} from './report-kit';

/**
 * A page of the complimentary report only (docs/decisions/comp-report.md, Pages): the period's emissions by
 * data type as a pie whose legend names the top 5 and sums the rest as Others (data-portal.md 9), with every
 * data type in the table beneath, so nothing is hidden by the bucket. Location-based kg CO2e, from the read
 * model.
 */
export const emissionsBySourcePage: ReportDefinition = {
  id: 0,
  name: 'Emissions by source',
  description: 'Emissions by data type: the top 5 named, the rest as Others',
  type: 'VariableMonth',
  outputs: ['pdf'],
  levels: ['organisation'],
  tags: [],
  settings: [BASIS_SETTING],
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const sums = await sumFacts(
      ctx.db,
      factQuery(ctx, monthOf(period.start), monthOf(period.end), ['activity']),
    );
    const provenance = await provenanceOf(ctx, this.name, { units: ['kg CO2e'] });
    const names = new Map<number, string>();
    for (const m of ctx.meters) if (m.energy_id !== null) names.set(m.energy_id, m.data_type ?? '');
    const bySource = sums
      .filter((r) => r.co2e !== 0)
      .map((r) => ({ name: names.get(Number(r.activity_id)) ?? `Data type ${r.activity_id}`, r }))
      .sort((a, b) => b.r.co2e - a.r.co2e || a.name.localeCompare(b.name));
    const slices = topWithOthers(bySource.map((s) => ({ name: s.name, value: Math.round(s.r.co2e) })));
    const total = bySource.reduce((t, s) => t + s.r.co2e, 0);
    const rows: Row[] = bySource.map((s) => {
      const flag = flagOf(s.r, 'co2e');
      return {
        cells: {
          source: s.name,
          co2e: Math.round(s.r.co2e),
          share: total === 0 ? null : Math.round((s.r.co2e / total) * 1000) / 10,
        },
        flags: flag ? { co2e: flag } : undefined,
      };
    });
    const warning = completenessWarning(provenance, ['Emissions']);
    const blocks: Block[] = [
      ...(warning ? [warning] : []),
      {
        kind: 'chart',
        title: 'Emissions by source (kg CO2e, location-based)',
        height: 240,
        option: {
          color: REPORT_COLOURS.palette,
          legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { fontSize: 9 } },
          series: [
            {
              type: 'pie',
              radius: ['35%', '70%'],
              center: ['35%', '50%'],
              label: { show: false },
              data: slices.map((s) => ({ name: s.name, value: s.value ?? 0 })),
            },
          ],
        },
      },
      {
        kind: 'table',
        title: 'Every source',
        primary: true,
        columns: [
          { key: 'source', label: 'Data type', width: 2.2 },
          { key: 'co2e', label: 'Emissions', unit: 'kg CO2e', format: 'number' },
          { key: 'share', label: 'Share', unit: '%', format: 'number', decimals: 1 },
        ],
        rows:
          rows.length > 0
            ? [...rows, { cells: { source: 'Total', co2e: Math.round(total), share: 100 }, total: true }]
            : [],
        empty: 'No emissions in the period.',
        note: slices.some((s) => s.name === 'Others')
          ? 'The chart names the five largest sources; Others is the sum of the rest, each listed here.'
          : undefined,
      },
    ];
    return { title: this.name, subtitle: subtitleOf(ctx), blocks, provenance, empty: bySource.length === 0 };
  },
};
