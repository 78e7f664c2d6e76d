import { BENCHMARK_LEVELS, BENCHMARK_MSG, LEVEL_LABELS } from '@verdant/domain/benchmark/benchmark-rules';
import { addMonths, daysInMonth } from '@verdant/domain/calendar';
import { formatMonth } from '@verdant/domain/month-labels';
import { benchmarkFor } from '../../../lib/benchmark/benchmark-figures';
import { badRequest } from '../../../lib/errors';
import { gatherProvenance } from '../provenance';
import type { ReportDefinition } from '../report-definition';
import type { Block, Row } from '../report-document';

/**
 * The benchmark PDF (data-portal.md 7, benchmark PDF download): an entity benchmarked at a level over the 12
 * months to an end month, the same figures as the Benchmark page (docs/decisions/benchmark.md), with a chart
 * of the entity against the benchmark and the provenance page.
 */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const benchmarkReport: ReportDefinition = {
  id: 6,
  name: 'Benchmark',
  description: "An entity's energy per unit of floor area (or another indicator) against a benchmark.",
  type: 'NoLength',
  outputs: ['pdf'],
  levels: ['entity'],
  tags: ['Energy', 'Benchmark'],
  settings: [
    {
      name: 'level',
      label: 'Level',
      className: 'select',
      hint: 'What to compare with (0 its previous 12 months, 1 its peers, 2-5 the published sets)',
      defaultValue: '2',
      options: BENCHMARK_LEVELS.map((l) => ({ value: String(l), label: `${l} — ${LEVEL_LABELS[l]}` })),
    },
    {
      name: 'endMonth',
      label: 'End month',
      className: 'text',
      hint: 'yyyy-MM; left blank: two months ago',
      defaultValue: null,
    },
  ],
  async build(ctx) {
    const asked = ctx.settings.endMonth;
    if (asked !== null && asked !== '' && !MONTH.test(String(asked)))
      throw badRequest(BENCHMARK_MSG.endMonthRequired);
    const end = asked ? `${asked}-01` : addMonths(ctx.org.currentMonth, -2);
    if (end > ctx.org.currentMonth) throw badRequest(BENCHMARK_MSG.endMonthFuture);
    if (end < '2000-01-01') throw badRequest(BENCHMARK_MSG.endMonthTooEarly);
    const level = Number(ctx.settings.level ?? 2) as (typeof BENCHMARK_LEVELS)[number];
    const r = await benchmarkFor(ctx.db, {
      organisationId: ctx.org.id,
      entityId: ctx.asset.id ?? 0,
      level,
      end,
      visible: ctx.visible,
    });
    const period = { start: addMonths(end, -11), end: `${end.slice(0, 8)}${daysInMonth(end)}` };
    const provenance = await gatherProvenance({
      db: ctx.db,
      org: ctx.org,
      organisationName: ctx.organisationName,
      report: this.name,
      asset: ctx.asset,
      meters: ctx.meters,
      period,
      units: ['kWh (energy)', 'kWh per m² of gross floor area per year', ...(r?.set ? [r.set.unit] : [])],
      notes: [
        r?.set
          ? `Compared with ${r.set.name}, ${r.set.edition} (${r.set.publisher}): ${r.set.sourceTitle}${r.set.sourceUrl ? `, ${r.set.sourceUrl}` : ''}.`
          : `Compared with: ${r?.levelLabel ?? LEVEL_LABELS[level]}.`,
        ...(r?.publication ? [`Figures for ${r.typeName}: ${r.publication}.`] : []),
        ...(r ? [r.weather.text] : []),
      ],
    });
    const subtitle = `${ctx.asset.name} · ${formatMonth(period.start)} to ${formatMonth(end)} · level ${level}`;
    if (!r?.calculated)
      return {
        title: this.name,
        subtitle,
        blocks: [{ kind: 'text', tone: 'warning', text: r?.message ?? BENCHMARK_MSG.couldNotCalculate }],
        provenance,
        empty: false,
      };
    const blocks: Block[] = [
      {
        kind: 'figures',
        items: [
          {
            label: 'Occupancy',
            value: r.entityType?.split(', ')[0] ?? 'Not set',
            note: r.entityType ?? undefined,
          },
          {
            label: 'Compared with',
            value: r.typeName ?? `Level ${r.level}`,
            note: r.set ? `${r.set.publisher}, ${r.set.edition}` : r.levelLabel,
          },
          { label: 'Months complete', value: `${r.completeness.monthsComplete} of 12` },
          { label: 'Weather', value: r.weather.normalised ? 'Normalised' : 'Not normalised' },
        ],
      },
      { kind: 'text', text: r.weather.text, tone: 'note' },
    ];
    for (const i of r.indicators) {
      const rows: Row[] = i.samples.map((s) => ({
        cells: {
          measure: s.label,
          entity: s.entityConsumption,
          benchmark: s.benchmarkConsumption,
          published: s.publishedValue === null ? null : `${s.publishedValue} ${s.publishedUnit ?? ''}`,
          above: s.percentAbove,
          improvement: s.possibleImprovement,
          note: s.possibleImprovement < 0 ? '*' : '',
        },
      }));
      const unit = (i.samples[0]?.unit ?? '').replace(' per year', '');
      blocks.push(
        {
          kind: 'table',
          title: `Per ${i.indicator.toLowerCase()}: ${i.value.toLocaleString('en-NZ')} ${i.indicatorUnit === 'm2' ? 'm²' : i.indicatorUnit}, a year, against ${r.set ? `${r.set.name} (${r.set.edition})` : r.levelLabel}`,
          primary: blocks.every((b) => b.kind !== 'table'),
          columns: [
            { key: 'measure', label: 'Measure', width: 1.5 },
            { key: 'entity', label: 'Entity', unit, format: 'number', decimals: 1 },
            { key: 'benchmark', label: 'Benchmark', unit, format: 'number', decimals: 1 },
            { key: 'published', label: 'As published', width: 1.5 },
            { key: 'above', label: 'Above', unit: '%', format: 'number', decimals: 1 },
            { key: 'improvement', label: 'Improvement', unit: 'kWh/yr', format: 'integer' },
            { key: 'note', label: '', width: 0.3 },
          ],
          rows,
        },
        {
          kind: 'chart',
          title: `${r.entityName} against the benchmark (${unit})`,
          height: 220,
          option: {
            legend: { top: 0 },
            grid: { left: 60, right: 20, top: 30, bottom: 30 },
            xAxis: { type: 'category', data: i.samples.map((s) => s.label) },
            yAxis: { type: 'value', name: unit },
            series: [
              {
                type: 'bar',
                name: r.entityName,
                color: '#2f9e44',
                data: i.samples.map((s) => s.entityConsumption),
              },
              {
                type: 'bar',
                name: 'Benchmark',
                color: '#868e96',
                data: i.samples.map((s) => s.benchmarkConsumption),
              },
            ],
          },
        },
      );
    }
    for (const f of r.footnotes)
      blocks.push({ kind: 'text', tone: f.startsWith('Incomplete') ? 'warning' : 'note', text: f });
    return { title: this.name, subtitle, blocks, provenance, empty: false };
  },
};
