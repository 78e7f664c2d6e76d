import { type FactSums, sumFacts } from '@verdant/db/ledger/read-model';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';
import { REPORT_COLOURS } from '../report-colours';
import type { ReportDefinition } from '../report-definition';
import type { Block, Row } from '../report-document';
import { changeText, figureText } from '../report-format';
import { openAlerts } from './monthly-summary.queries';
import {
  BASIS_SETTING,
  completenessWarning,
  factQuery,
  flagOf,
  monthLabel,
  provenanceOf,
  subtitleOf,
} from './report-kit';

/**
 * Monthly energy and carbon summary (PDF): a month of an organisation, site or group against the same month a
 * year earlier, by data type and by site, the twelve months to it against the year before, the meters that
 * moved most, open alerts and completeness (docs/decisions/reports.md, The catalogue).
 */

const pctChange = (now: number | undefined, before: number | undefined) =>
  now === undefined || before === undefined || before === 0
    ? null
    : ((now - before) / Math.abs(before)) * 100;

function twelveMonthChart(
  months: string[],
  now: Map<string, FactSums>,
  before: Map<string, FactSums>,
  current: string,
) {
  const figure = (r: FactSums | undefined, m: string) => (m > current || !r ? null : Math.round(r.cons));
  return {
    legend: { top: 0, data: ['This year', 'A year earlier'] },
    grid: { left: 56, right: 8, top: 28, bottom: 24 },
    xAxis: {
      type: 'category',
      data: months.map((m) => `${MONTH_SHORT_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(2, 4)}`),
      axisLabel: { fontSize: 8 },
    },
    yAxis: { type: 'value', name: 'kWh', nameTextStyle: { fontSize: 8 }, axisLabel: { fontSize: 8 } },
    series: [
      {
        name: 'This year',
        type: 'bar',
        color: REPORT_COLOURS.current,
        data: months.map((m) => figure(now.get(m), m)),
      },
      {
        name: 'A year earlier',
        type: 'bar',
        color: REPORT_COLOURS.previous,
        data: months.map((m) => figure(before.get(addMonths(m, -12)), addMonths(m, -12))),
      },
    ],
  };
}

export const monthlySummaryReport: ReportDefinition = {
  id: 1,
  name: 'Monthly energy and carbon summary',
  description:
    'A month against the same month a year earlier: consumption, cost and emissions by data type and site, the twelve months to it, top movers, open alerts and completeness.',
  type: 'Monthly',
  outputs: ['pdf', 'xlsx', 'csv'],
  levels: ['organisation', 'site-group', 'meter-group', 'site', 'meter'],
  tags: ['Energy', 'Carbon', 'Monthly'],
  settings: [
    {
      name: 'movers',
      label: 'Top movers',
      className: 'number',
      hint: 'How many meters with the largest increase and decrease to list',
      defaultValue: 5,
      min: 0,
      max: 20,
    },
    BASIS_SETTING,
  ],
  async build(ctx) {
    const month = monthOf(ctx.period?.start ?? ctx.org.lastCompleteMonth);
    const before = addMonths(month, -12);
    const pair = [month, before];
    const [byType, bySite, byMonth, byMeter, alerts] = await Promise.all([
      sumFacts(ctx.db, { ...factQuery(ctx, before, month, ['month', 'activity']), months: pair }),
      sumFacts(ctx.db, { ...factQuery(ctx, before, month, ['month', 'site']), months: pair }),
      sumFacts(ctx.db, factQuery(ctx, addMonths(month, -23), month, ['month'])),
      sumFacts(ctx.db, { ...factQuery(ctx, before, month, ['month', 'meter']), months: pair }),
      openAlerts(ctx.db, ctx.org.id, ctx.asset.meterIds, 10),
    ]);
    const months = new Map(byMonth.map((r) => [r.month ?? '', r]));
    const now = months.get(month);
    const then = months.get(before);
    // Its chart reads 24 months; its notes compare with a year earlier.
    const provenance = await provenanceOf(ctx, this.name, { totals: now, readsFrom: addMonths(month, -23) });
    const empty = !now && !then;

    const figures: Block = {
      kind: 'figures',
      items: [
        {
          label: 'Energy',
          value: figureText(now?.cons ?? null, 'kWh'),
          note: `${changeText(now?.cons ?? null, then?.cons ?? null)} on a year earlier`,
        },
        {
          label: 'Cost excluding GST',
          value: figureText(now?.cost ?? null, '$'),
          note: `${changeText(now?.cost ?? null, then?.cost ?? null)} on a year earlier`,
        },
        {
          label: 'Emissions (location-based)',
          value: figureText(now?.co2e ?? null, 'kg CO2e'),
          note: `${changeText(now?.co2e ?? null, then?.co2e ?? null)} on a year earlier`,
        },
        {
          label: 'Completeness',
          value:
            provenance.completeness[0]?.percent === null ? '–' : `${provenance.completeness[0]?.percent} %`,
          note: 'of energy days with data',
        },
      ],
    };

    const key = (r: FactSums, k: 'activity_id' | 'site_id') => `${r.month}|${r[k]}`;
    const typeRows = new Map(byType.map((r) => [key(r, 'activity_id'), r]));
    const types = new Map<number, { name: string; unit: string }>();
    for (const m of ctx.meters)
      if (m.energy_id !== null) types.set(m.energy_id, { name: m.data_type ?? '', unit: m.std_unit ?? '' });
    const typeTable: Row[] = [...new Set(byType.map((r) => Number(r.activity_id)))]
      .map((id) => {
        const a = typeRows.get(`${month}|${id}`);
        const b = typeRows.get(`${before}|${id}`);
        return {
          cells: {
            type: types.get(id)?.name ?? `Data type ${id}`,
            unit: types.get(id)?.unit ?? '',
            quantity: a ? a.units : null,
            cost: a ? a.cost : null,
            co2e: a ? a.co2e : null,
            change: pctChange(a?.units, b?.units),
          },
          flags: { quantity: flagOf(a, 'units'), cost: flagOf(a, 'cost'), co2e: flagOf(a, 'co2e') },
        };
      })
      .sort((x, y) => String(x.cells.type).localeCompare(String(y.cells.type)));

    const siteRows = new Map(bySite.map((r) => [key(r, 'site_id'), r]));
    const siteNames = new Map(ctx.meters.map((m) => [m.site_id, m.site_name]));
    const siteTable: Row[] = [...siteNames.entries()]
      .map(([id, name]) => {
        const a = siteRows.get(`${month}|${id}`);
        const b = siteRows.get(`${before}|${id}`);
        return {
          cells: {
            site: name,
            cons: a?.cons ?? null,
            cost: a?.cost ?? null,
            co2e: a?.co2e ?? null,
            change: pctChange(a?.cons, b?.cons),
          },
          flags: { cons: flagOf(a, 'cons'), cost: flagOf(a, 'cost'), co2e: flagOf(a, 'co2e') },
        };
      })
      .filter((r) => r.cells.cons !== null || r.cells.cost !== null || r.cells.co2e !== null);

    // Movers: energy meters whose month and the month a year earlier are both whole, in their own unit.
    const meterRows = new Map(byMeter.map((r) => [`${r.month}|${r.meter_id}`, r]));
    const movers = ctx.meters
      .filter((m) => m.type_id === 1)
      .map((m) => {
        const a = meterRows.get(`${month}|${m.id}`);
        const b = meterRows.get(`${before}|${m.id}`);
        if (!a || !b || a.units_incomplete || b.units_incomplete || b.units === 0) return null;
        return {
          meter: m.local_name,
          site: m.site_name,
          now: a.units,
          before: b.units,
          change: ((a.units - b.units) / b.units) * 100,
        };
      })
      .filter((m): m is NonNullable<typeof m> => m !== null);
    const count = Number(ctx.settings.movers ?? 5);
    const moverRows = (list: typeof movers): Row[] =>
      list.slice(0, count).map((m) => ({
        cells: { meter: m.meter, site: m.site, before: m.before, now: m.now, change: m.change },
      }));
    const moverColumns = [
      { key: 'meter', label: 'Data source', width: 2 },
      { key: 'site', label: 'Site', width: 2 },
      { key: 'before', label: monthLabel(before), unit: 'kWh', format: 'number' as const },
      { key: 'now', label: monthLabel(month), unit: 'kWh', format: 'number' as const },
      { key: 'change', label: 'Change', format: 'percent' as const },
    ];

    const money = { format: 'money' as const, unit: '$' };
    const warning = completenessWarning(provenance, ['Consumption', 'Cost', 'Emissions']);
    const blocks: Block[] = [
      figures,
      ...(warning ? [warning] : []),
      {
        kind: 'chart',
        title: `Energy, twelve months to ${monthLabel(month)} against a year earlier (kWh)`,
        option: twelveMonthChart(
          Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11)),
          months,
          months,
          ctx.org.currentMonth,
        ),
        height: 190,
      },
      {
        kind: 'table',
        title: `By data type, ${monthLabel(month)}`,
        sheet: 'By data type',
        primary: true,
        columns: [
          { key: 'type', label: 'Data type', width: 2.4 },
          { key: 'quantity', label: 'Quantity', format: 'number' },
          { key: 'unit', label: 'Unit', width: 0.7 },
          { key: 'cost', label: 'Cost', ...money },
          { key: 'co2e', label: 'Emissions', unit: 'kg CO2e', format: 'number' },
          { key: 'change', label: 'Quantity on a year earlier', format: 'percent' },
        ],
        rows: typeTable,
      },
      {
        kind: 'table',
        title: `By site, ${monthLabel(month)}`,
        sheet: 'By site',
        columns: [
          { key: 'site', label: 'Site', width: 2.4 },
          { key: 'cons', label: 'Energy', unit: 'kWh', format: 'number' },
          { key: 'cost', label: 'Cost', ...money },
          { key: 'co2e', label: 'Emissions', unit: 'kg CO2e', format: 'number' },
          { key: 'change', label: 'Energy on a year earlier', format: 'percent' },
        ],
        rows: siteTable,
      },
      { kind: 'heading', text: 'Top movers' },
      {
        kind: 'text',
        tone: 'note',
        text: 'Energy data sources whose month and the same month a year earlier are both complete.',
      },
      {
        kind: 'table',
        title: 'Largest increases',
        columns: moverColumns,
        rows: moverRows([...movers].filter((m) => m.change > 0).sort((a, b) => b.change - a.change)),
        empty: 'No meters increased consumption',
      },
      {
        kind: 'table',
        title: 'Largest decreases',
        columns: moverColumns,
        rows: moverRows([...movers].filter((m) => m.change < 0).sort((a, b) => a.change - b.change)),
        empty: 'No meters decreased consumption',
      },
      {
        kind: 'table',
        title: `Open alerts (${alerts.total})`,
        columns: [
          { key: 'date', label: 'Date', format: 'date' },
          { key: 'meter', label: 'Data source', width: 2 },
          { key: 'site', label: 'Site', width: 1.6 },
          { key: 'message', label: 'Alert', width: 4 },
        ],
        rows: alerts.rows.map((a) => ({
          cells: { date: a.date, meter: a.meter, site: a.site, message: a.message },
        })),
        note:
          alerts.total > alerts.rows.length
            ? `The ${alerts.rows.length} newest of ${alerts.total} open alerts.`
            : undefined,
        empty: 'No open alerts',
      },
    ];
    return {
      title: `${this.name}, ${monthLabel(month)}`,
      subtitle: subtitleOf(ctx),
      blocks,
      provenance,
      empty,
    };
  },
};
