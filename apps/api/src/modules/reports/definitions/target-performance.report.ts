import { performanceMonths } from '@verdant/domain/targets/performance';
import { badRequest } from '../../../lib/errors';
import { REPORT_COLOURS } from '../report-colours';
import type { ReportDefinition } from '../report-definition';
import type { Block, Row } from '../report-document';
import { BASIS_SETTING, monthLabel, provenanceOf, subtitleOf } from './report-kit';
import { targetPerformance, targetsOf, type YearFigure } from './target-performance.figures';

/**
 * Target performance (PDF, XLSX, CSV): the organisation's emissions or energy against one of its targets,
 * year by year from the baseline to the last target, and month by month in the current target year
 * (docs/decisions/reports.md, Target performance). Actuals come from the read model; a year is compared only
 * over the months it has lived, against the target's share of those months; months not yet lived are blank.
 */

const UNIT = { co2e: 'kg CO2e', cons: 'kWh' } as const;
const MEASURE_WORD = { co2e: 'Emissions', cons: 'Energy' } as const;

const yearRow = (y: YearFigure): Row => ({
  cells: {
    year: y.label,
    reduction: y.reduction,
    target: y.target,
    months: y.monthsLived,
    targetToDate: y.monthsLived > 0 ? y.targetToDate : null,
    actual: y.actual,
    difference: y.difference,
    against: y.againstBaseline,
    status: y.status,
  },
  flags: y.actual === null ? undefined : y.incomplete ? { actual: 'incomplete' } : undefined,
});

export const targetPerformanceReport: ReportDefinition = {
  id: 8,
  name: 'Target performance',
  description:
    "The organisation's emissions or energy against a reduction target, year by year and month by month, months not yet lived left blank.",
  type: 'NoLength',
  outputs: ['pdf', 'xlsx', 'csv'],
  levels: ['organisation'],
  tags: ['Carbon', 'Targets'],
  settings: [
    {
      name: 'target',
      label: 'Target',
      className: 'select',
      hint: "One of the organisation's targets (its first when none is chosen).",
      defaultValue: null,
      contents: 'targets',
    },
    {
      name: 'measure',
      label: 'Measure',
      className: 'select',
      hint: 'Emissions (kg CO2e) or energy (kWh).',
      defaultValue: 'co2e',
      options: [
        { value: 'co2e', label: 'Emissions (kg CO2e)' },
        { value: 'cons', label: 'Energy (kWh)' },
      ],
    },
    BASIS_SETTING,
  ],
  async build(ctx) {
    const measure = ctx.settings.measure === 'cons' ? 'cons' : 'co2e';
    const unit = UNIT[measure];
    const targets = await targetsOf(ctx.db, ctx.org.id);
    const chosen = ctx.settings.target;
    const target =
      chosen === null || chosen === undefined || chosen === ''
        ? targets[0]
        : targets.find((t) => t.id === Number(chosen));
    if (chosen !== null && chosen !== undefined && chosen !== '' && !target) {
      throw badRequest(`The setting 'Target' cannot be ${String(chosen)}`);
    }
    const provenance = await provenanceOf(ctx, this.name, {
      units: [unit],
      // Its figures run from the target's baseline year.
      readsFrom: target ? performanceMonths(target.spec).months[0] : undefined,
      notes: target
        ? [
            `Target '${target.name}': baseline ${target.spec.baselineYear} (${target.spec.baselineYearEnd}), ${
              target.spec.consFrom === 'ENTER' ? 'entered' : 'derived from the ledger'
            }; ${target.spec.targets.map((p) => `${p.perc} % by ${p.year}`).join(', ')}.`,
          ]
        : [],
    });
    if (!target) {
      return {
        title: this.name,
        subtitle: subtitleOf(ctx, 'no target set'),
        blocks: [{ kind: 'text', tone: 'warning', text: 'The organisation has no target yet.' }],
        provenance,
        empty: true,
      };
    }
    const p = await targetPerformance(ctx, target.spec, measure);
    const current = p.years.find((y) => y.current);
    const yearColumns = [
      { key: 'year', label: 'Target year', width: 0.9 },
      { key: 'reduction', label: 'Reduction asked', unit: '%', format: 'number' as const, decimals: 1 },
      { key: 'target', label: 'Target', unit, format: 'number' as const },
      { key: 'months', label: 'Months lived', format: 'integer' as const, width: 0.8 },
      { key: 'targetToDate', label: 'Target to date', unit, format: 'number' as const },
      { key: 'actual', label: 'Actual to date', unit, format: 'number' as const },
      { key: 'difference', label: 'Over (+) or under (−) target', unit, format: 'number' as const },
      { key: 'against', label: 'Change on baseline', unit: '%', format: 'number' as const, decimals: 1 },
      { key: 'status', label: 'Status', width: 2.6 },
    ];
    const blocks: Block[] = [
      {
        kind: 'figures',
        items: [
          { label: 'Target', value: target.name },
          { label: `Baseline ${p.baselineLabel}`, value: `${fmt(p.baseline)} ${unit}` },
          { label: `Target ${p.finalLabel}`, value: `${fmt(p.finalTarget)} ${unit}` },
          ...(current
            ? [
                {
                  label: `${current.label} to date`,
                  value: current.actual === null ? '–' : `${fmt(current.actual)} ${unit}`,
                  note: current.status,
                },
              ]
            : []),
        ],
      },
      {
        kind: 'chart',
        title: `${MEASURE_WORD[measure]} against the target by year (${unit})`,
        height: 190,
        option: {
          grid: { left: 64, right: 16, top: 24, bottom: 24 },
          legend: { top: 0, textStyle: { fontSize: 8 } },
          xAxis: { type: 'category', data: p.years.map((y) => y.label) },
          yAxis: { type: 'value', axisLabel: { fontSize: 8 } },
          series: [
            {
              name: 'Actual',
              type: 'bar',
              data: p.years.map((y) => (y.actual === null ? null : Math.round(y.actual))),
              itemStyle: { color: REPORT_COLOURS.current },
            },
            {
              name: 'Target to date',
              type: 'line',
              data: p.years.map((y) => (y.monthsLived > 0 ? Math.round(y.targetToDate) : null)),
              itemStyle: { color: REPORT_COLOURS.scope3 },
            },
          ],
        },
      },
      {
        kind: 'table',
        title: 'By target year',
        sheet: 'By year',
        primary: true,
        columns: yearColumns,
        rows: p.years.map(yearRow),
        note: 'A year is compared over the months it has lived, with the target shared over them by the profile; * marks a year with a month still filling or incomplete.',
      },
      {
        kind: 'table',
        title: current ? `By month, ${current.label}` : 'By month',
        sheet: 'By month',
        columns: [
          { key: 'month', label: 'Month' },
          { key: 'target', label: 'Target', unit, format: 'number' },
          { key: 'actual', label: 'Actual', unit, format: 'number' },
          { key: 'difference', label: 'Over (+) or under (−) target', unit, format: 'number' },
        ],
        rows: p.currentMonths.map((m) => ({
          cells: {
            month: monthLabel(m.month),
            target: m.target,
            actual: m.lived ? m.actual : null,
            // The month still filling has no difference drawn from it.
            difference: m.month < ctx.org.currentMonth && m.actual !== null ? m.actual - m.target : null,
          },
          flags: !m.lived
            ? undefined
            : m.actual === null
              ? { actual: 'missing' }
              : m.incomplete
                ? { actual: 'incomplete' }
                : undefined,
        })),
        empty: 'The target has no year holding today.',
      },
    ];
    return {
      title: `${this.name}: ${target.name}`,
      subtitle: subtitleOf(ctx, `${MEASURE_WORD[measure]}, ${p.baselineLabel} to ${p.finalLabel}`),
      blocks,
      provenance,
      empty: !p.years.some((y) => y.actual !== null),
    };
  },
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-NZ');
