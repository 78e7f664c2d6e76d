import { BENCHMARK_MSG } from '@verdant/domain/benchmark/benchmark-rules';
import { formatMonth } from '@verdant/domain/month-labels';
import { commissioningFor } from '../../../lib/benchmark/commissioning-figures';
import { badRequest } from '../../../lib/errors';
import { gatherProvenance } from '../provenance';
import type { ReportDefinition } from '../report-definition';
import type { Row } from '../report-document';

/**
 * The commissioning PDF (data-portal.md 7, commissioning PDF download): the Commissioning page's table and
 * chart for a calendar year (docs/decisions/benchmark.md, Commissioning), with the provenance page.
 */
export const commissioningReport: ReportDefinition = {
  id: 7,
  name: 'Commissioning',
  description:
    'Design against as-commissioned against actual energy use intensity of each entity, for a year.',
  type: 'NoLength',
  outputs: ['pdf'],
  levels: ['organisation'],
  tags: ['Energy', 'Benchmark'],
  settings: [
    {
      name: 'year',
      label: 'Year',
      className: 'number',
      hint: 'At least 2000; left blank: the last whole year',
      defaultValue: null,
      min: 2000,
      max: 9999,
    },
  ],
  async build(ctx) {
    const thisYear = Number(ctx.org.today.slice(0, 4));
    const year =
      ctx.settings.year === null || ctx.settings.year === undefined
        ? thisYear - 1
        : Number(ctx.settings.year);
    if (year > thisYear) throw badRequest(BENCHMARK_MSG.commissioningYearFuture);
    const t = await commissioningFor(ctx.db, {
      organisationId: ctx.org.id,
      year,
      lastCompleteMonth: ctx.org.lastCompleteMonth,
      visible: ctx.visible,
    });
    const provenance = await gatherProvenance({
      db: ctx.db,
      org: ctx.org,
      organisationName: ctx.organisationName,
      report: this.name,
      asset: ctx.asset,
      meters: ctx.meters,
      period: { start: `${year}-01-01`, end: t.till === null ? `${year}-01-31` : `${year}-12-31` },
      units: ['kWh (energy)', 'kWh per m² of gross floor area per year'],
      notes: [
        'Design, commissioned and intervention figures are kWh/m² a year as entered on each entity’s usage.',
        'Actual use is each data source’s consumption times the entity’s share of it, over the months of the year lived.',
      ],
    });
    const gap = (g: { ratio: number; kwh: number } | null, part: 'ratio' | 'kwh') =>
      g === null ? null : g[part];
    const rows: Row[] = t.rows.map((r) => ({
      cells: {
        entity: `${r.entityName} (${r.siteName})`,
        area: r.floorArea,
        design: r.designEui,
        commissioned: r.commissionedEui,
        intervention: r.interventionEui,
        actual: r.actualEui,
        designRatio: gap(r.designGap, 'ratio'),
        designKwh: gap(r.designGap, 'kwh'),
        commissionedRatio: gap(r.commissionedGap, 'ratio'),
        commissionedKwh: gap(r.commissionedGap, 'kwh'),
        completeness: r.note ?? `${r.monthsComplete} of 12 months${r.estimated ? ', estimates' : ''}`,
      },
      flags: {
        actual: r.monthsComplete < r.monthsLived ? 'incomplete' : r.estimated ? 'estimated' : undefined,
      },
    }));
    const eui = 'kWh/m²';
    return {
      title: this.name,
      subtitle: `${ctx.organisationName} · ${year}${t.till === null ? '' : ` · actual use ${formatMonth(t.from)} to ${formatMonth(t.till)}`}`,
      blocks: [
        {
          kind: 'chart',
          title: `Energy use intensity by entity, ${year} (${eui} a year)`,
          height: 260,
          option: {
            legend: { top: 0 },
            grid: { left: 60, right: 20, top: 30, bottom: 60 },
            xAxis: {
              type: 'category',
              data: t.rows.map((r) => r.entityName),
              axisLabel: { interval: 0, rotate: 20 },
            },
            yAxis: { type: 'value', name: eui },
            series: [
              ['Design', '#4c6ef5', t.rows.map((r) => r.designEui)],
              ['As commissioned', '#fab005', t.rows.map((r) => r.commissionedEui)],
              ['After intervention', '#12b886', t.rows.map((r) => r.interventionEui)],
              [`Actual ${year}`, '#e8590c', t.rows.map((r) => r.actualEui)],
            ].map(([name, color, data]) => ({
              type: 'bar',
              name,
              color,
              data: (data as (number | null)[]).map((v) => v ?? '-'),
            })),
          },
        },
        {
          kind: 'table',
          title: `Design against commissioned against actual, ${year} (kWh/m² a year)`,
          primary: true,
          columns: [
            { key: 'entity', label: 'Entity', width: 2.2 },
            { key: 'area', label: 'Area', unit: 'm²', format: 'integer' },
            { key: 'design', label: 'Design', format: 'integer' },
            { key: 'commissioned', label: 'Comm.', format: 'integer' },
            { key: 'intervention', label: 'Interv.', format: 'integer' },
            { key: 'actual', label: 'Actual', format: 'number', decimals: 1 },
            { key: 'designRatio', label: '÷ design', format: 'number', decimals: 2 },
            { key: 'designKwh', label: 'Gap', unit: 'kWh', format: 'integer' },
            { key: 'commissionedRatio', label: '÷ comm.', format: 'number', decimals: 2 },
            { key: 'commissionedKwh', label: 'Gap', unit: 'kWh', format: 'integer' },
            { key: 'completeness', label: 'Completeness', width: 2 },
          ],
          rows,
          empty: 'No entity has a design or commissioned figure.',
          note: 'Comm.: as commissioned; Interv.: after intervention. A gap is shown for a whole year only: actual ÷ figure, and (actual − figure) × floor area in kWh a year.',
        },
        ...(t.narrowed
          ? [
              {
                kind: 'text' as const,
                tone: 'note' as const,
                text: 'Data sources you may not see are left out of the actual figures.',
              },
            ]
          : []),
      ],
      provenance,
      empty: false,
    };
  },
};
