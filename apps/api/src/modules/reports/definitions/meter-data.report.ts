import { type FactSums, sumFacts } from '@verdant/db/ledger/read-model';
import { monthOf } from '@verdant/domain/calendar';
import { monthsOf } from '@verdant/domain/reports/periods';
import type { ReportDefinition } from '../report-definition';
import type { CellFlag, Column, Row } from '../report-document';
import { halfHourTable, hasHalfHours } from './meter-data-half-hour';
import {
  BASIS_SETTING,
  completenessWarning,
  factQuery,
  monthLabel,
  provenanceOf,
  subtitleOf,
} from './report-kit';

/**
 * Meter data (CSV in the spec's formats, and XLSX): each data source's own monthly figure, months across, in
 * its standard unit (or its cost, or its emissions). A month not lived yet is blank; the month still going
 * and a month with days missing are marked incomplete (docs/decisions/reports.md, The catalogue).
 */

const MEASURES = {
  quantity: { label: 'Quantity', unit: null, pick: (r: FactSums) => r.cons, format: 'number' as const },
  cost: { label: 'Cost', unit: '$', pick: (r: FactSums) => r.cost, format: 'money' as const },
  co2e: { label: 'Emissions', unit: 'kg CO2e', pick: (r: FactSums) => r.co2e, format: 'number' as const },
};
type Measure = keyof typeof MEASURES;

export const meterDataReport: ReportDefinition = {
  id: 3,
  name: 'Meter data',
  description:
    "Each data source's own monthly figures, months across: quantity in its standard unit, cost or emissions.",
  type: 'VariableMonth',
  outputs: ['csv', 'npg.csv', 'xlsx', 'xls', 'tdv', 'pipe'],
  levels: ['organisation', 'site-group', 'site', 'meter-group', 'meter'],
  tags: ['Data', 'Monthly'],
  settings: [
    {
      name: 'measure',
      label: 'Figure',
      className: 'select',
      hint: 'Which figure of each month to write',
      defaultValue: 'quantity',
      options: [
        { value: 'quantity', label: 'Quantity (standard unit)' },
        { value: 'cost', label: 'Cost excluding GST' },
        { value: 'co2e', label: 'Emissions (kg CO2e)' },
      ],
    },
    {
      name: 'interval',
      label: 'Interval',
      className: 'select',
      hint: 'Monthly figures, or the half-hourly readings of data sources that have them (kWh, standard time)',
      defaultValue: 'month',
      options: [
        { value: 'month', label: 'Monthly' },
        { value: 'half-hour', label: 'Half-hourly' },
      ],
    },
    BASIS_SETTING,
  ],
  // Half-hourly writes a row a day for each meter; monthly one a meter (the default estimate).
  estimate: async (ctx) => {
    const p = ctx.period;
    const months = p ? monthsOf(p).length : 1;
    return ctx.settings.interval === 'half-hour'
      ? ctx.meters.length * months * 31
      : ctx.meters.length * months;
  },
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    if (ctx.settings.interval === 'half-hour') {
      const [provenance, any] = await Promise.all([
        provenanceOf(ctx, this.name, { units: ['kWh or kVArh per half hour, standard time'] }),
        hasHalfHours(
          ctx.db,
          ctx.org.id,
          ctx.meters.map((m) => m.id),
        ),
      ]);
      return {
        title: `${this.name}: half-hourly`,
        subtitle: subtitleOf(ctx),
        blocks: [halfHourTable(ctx, period.start, period.end)],
        provenance,
        empty: !any,
      };
    }
    const months = monthsOf(period);
    const chosen = String(ctx.settings.measure ?? 'quantity');
    const measure = MEASURES[chosen in MEASURES ? (chosen as Measure) : 'quantity'];
    const sums = await sumFacts(ctx.db, {
      ...factQuery(ctx, monthOf(period.start), monthOf(period.end), ['meter', 'month']),
      visible: ctx.meters.map((m) => m.id),
      totals: false,
    });
    const byKey = new Map(sums.map((r) => [`${r.meter_id}|${r.month}`, r]));
    const provenance = await provenanceOf(ctx, this.name, {
      units: ['each data source in its standard unit', '$ excluding GST', 'kg CO2e'],
    });
    const columns: Column[] = [
      { key: 'meter', label: 'Data source', width: 2 },
      { key: 'site', label: 'Site', width: 1.6 },
      { key: 'type', label: 'Data type', width: 1.4 },
      { key: 'unit', label: 'Unit', width: 0.7 },
      ...months.map((m) => ({ key: m, label: monthLabel(m), format: measure.format })),
    ];
    const rows: Row[] = ctx.meters.map((m) => {
      const cells: Row['cells'] = {
        meter: m.local_name,
        site: m.site_name,
        type: m.data_type ?? '',
        unit: measure.unit ?? m.std_unit ?? '',
      };
      const flags: Partial<Record<string, CellFlag>> = {};
      for (const month of months) {
        // A month not lived yet is blank; nothing is written as 0 that was never measured.
        if (month > ctx.org.currentMonth) {
          cells[month] = null;
          continue;
        }
        const r = byKey.get(`${m.id}|${month}`);
        cells[month] = r ? measure.pick(r) : null;
        if (!r) flags[month] = 'missing';
        else if (month === ctx.org.currentMonth || r.units_incomplete) flags[month] = 'incomplete';
        else if (r.cons_estimated || r.cost_estimated) flags[month] = 'estimated';
      }
      return { cells, flags };
    });
    const warning = completenessWarning(provenance, ['Consumption', 'Cost', 'Emissions']);
    const label = measure.unit ? `${measure.label} (${measure.unit})` : measure.label;
    return {
      title: `${this.name}: ${label.toLowerCase()}`,
      subtitle: subtitleOf(ctx),
      blocks: [
        ...(warning ? [warning] : []),
        { kind: 'table', title: `${label} by month`, sheet: 'Meter data', primary: true, columns, rows },
      ],
      provenance,
      empty: sums.length === 0,
    };
  },
};
