import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { MeterDataExportRequest } from '@verdant/contracts/data-sources/list';
import type { Db } from '@verdant/db/client';
import { type FactEdition, factEditions } from '@verdant/db/ledger/read-model';
import { EXPORT_MAX_MONTHS } from '@verdant/domain/data-sources';
import { fill, MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import { restatedRowOf } from '../../lib/restated-row';
import { visibleMetersOf } from '../../lib/rights';
import { csvStream, xlsxStream } from '../../lib/spreadsheet';
import type { Caller } from '../../plugins/auth';
import * as q from './data-sources.queries';

/** Meters read from the database at a time: the export never holds more than one batch's facts. */
const BATCH = 250;

type Cell = string | number | null;
type Quantity = MeterDataExportRequest['data'][number];

const monthIndex = (yyyyMm: string) => Number(yyyyMm.slice(0, 4)) * 12 + Number(yyyyMm.slice(5, 7)) - 1;
const monthOfIndex = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The rows of a table being written: CSV or XLSX, each written as it is made. */
interface Sink {
  stream: PassThrough;
  /** Writes a row; answers a promise only when the reader is behind (wait for it before the next row). */
  row(cells: Cell[]): Promise<unknown> | undefined;
  end(): Promise<void>;
}

function csvSink(): Sink {
  const stream = new PassThrough();
  const csv = csvStream();
  csv.pipe(stream);
  return {
    stream,
    row(cells) {
      return csv.write(cells.map((c) => c ?? '')) ? undefined : once(csv, 'drain');
    },
    async end() {
      csv.end();
      await once(csv, 'end');
    },
  };
}

async function xlsxSink(): Promise<Sink> {
  const stream = new PassThrough();
  const sheet = await xlsxStream(stream, 'Meter data');
  return {
    stream,
    row(cells) {
      sheet.addRow(cells);
      return stream.writableNeedDrain ? once(stream, 'drain') : undefined;
    },
    end: () => sheet.commit(),
  };
}

/**
 * The Meter Data Export (spec 5, "Data export"): per data source and range, one row a month (monthly) or one
 * row for the range (total), with the chosen quantities from the ledger's read model. Rights and limits are
 * checked before the first byte; then the rows stream out a batch of meters at a time.
 */
export function createMeterExportService({ db }: { db: Db }) {
  /** The request's data sources once its limits and the caller's rights are checked (refused: an error). */
  async function check(a: Caller, organisationId: number, body: MeterDataExportRequest) {
    const ids = [...new Set(body.assets)];
    const months = body.ranges.reduce((n, r) => n + monthIndex(r.end) - monthIndex(r.start) + 1, 0);
    if (months > EXPORT_MAX_MONTHS) {
      throw badRequest(fill(MSG.exportTooManyMonths, { n: EXPORT_MAX_MONTHS }));
    }
    // The route let a member of the organisation in; each meter must be one of its live meters the
    // caller may see (advanced rights narrow `visible`). One answer for any refusal: nothing leaks.
    const [visible, meters] = await Promise.all([
      visibleMetersOf(db, a, organisationId),
      q.exportMeters(db, organisationId, ids),
    ]);
    const allowed = visible === null ? null : new Set(visible);
    if (meters.length !== ids.length || (allowed !== null && ids.some((id) => !allowed.has(id)))) {
      throw notFound();
    }
    return meters;
  }
  return {
    check,
    /**
     * Checks the request and answers the stream the file is written to. `step` (a background export) is told
     * the data sources written after each batch, and stops the export when it answers false.
     */
    async open(
      a: Caller,
      organisationId: number,
      body: MeterDataExportRequest,
      format: 'csv' | 'xlsx',
      step?: Step,
    ): Promise<{ stream: PassThrough; done: Promise<boolean> }> {
      const meters = await check(a, organisationId, body);
      const sink = format === 'csv' ? csvSink() : await xlsxSink();
      const done = write(sink, db, organisationId, body, meters, step).catch((error: unknown) => {
        sink.stream.destroy(error instanceof Error ? error : new Error(String(error)));
        return false;
      });
      return { stream: sink.stream, done };
    },
  };
}

/** Told the data sources written so far of all; answers false to stop. */
export type Step = (done: number, total: number) => Promise<boolean>;

async function write(
  sink: Sink,
  db: Db,
  organisationId: number,
  body: MeterDataExportRequest,
  meters: Awaited<ReturnType<typeof q.exportMeters>>,
  step?: Step,
): Promise<boolean> {
  const data = body.data;
  const heading: Record<Quantity, string[]> = {
    kWh: ['Energy (kWh)'],
    units: ['Quantity', 'Unit'],
    $: ['Cost ($)'],
    CO2e: ['Emissions (kg CO2e)'],
  };
  const header = [
    'Data Source',
    'Site',
    'Account',
    'Measuring',
    'Aggregation',
    'Period',
    ...data.flatMap((d) => heading[d]),
    ...(body.validationColumns ? ['Days Open', 'Days With Data', 'Complete'] : []),
  ];
  await sink.row(header);
  // The editions that produced the kg CO2e, each batch's and range's, for the closing line.
  const emissions = data.includes('CO2e');
  const editions = new Map<string, FactEdition>();
  const facts = (batch: typeof meters) => {
    const ids = batch.map((m) => m.id);
    const loading = Promise.all(
      body.ranges.map(async (r) => {
        const [from, till] = [`${r.start}-01`, `${r.end}-01`];
        const [rows, used] = await Promise.all([
          q.exportFacts(db, organisationId, ids, from, till),
          emissions
            ? factEditions(db, { organisationId, from, till, visible: ids, totals: false }, { market: false })
            : [],
        ]);
        for (const e of used) editions.set(`${e.id}:${e.name}`, e);
        return new Map(rows.map((f) => [`${f.meter_id}|${(f.month ?? '').slice(0, 7)}`, f]));
      }),
    );
    // Awaited later: a failure meanwhile must not count as unhandled.
    loading.catch(() => {});
    return loading;
  };
  // The next batch's figures load while this one's rows are written.
  let next = meters.length > 0 ? facts(meters.slice(0, BATCH)) : null;
  for (let i = 0; i < meters.length; i += BATCH) {
    const batch = meters.slice(i, i + BATCH);
    const perRange = await (next ?? facts(batch));
    next = i + BATCH < meters.length ? facts(meters.slice(i + BATCH, i + 2 * BATCH)) : null;
    for (const m of batch) {
      for (const [k, range] of body.ranges.entries()) {
        const facts = perRange[k] ?? new Map();
        const first = monthIndex(range.start);
        const last = monthIndex(range.end);
        const periods =
          range.aggregation === 'total'
            ? [{ label: `${range.start} to ${range.end}`, months: span(first, last) }]
            : span(first, last).map((mm) => ({ label: mm, months: [mm] }));
        for (const period of periods) {
          const sum = { cons: 0, cost: 0, co2e: 0, open: 0, covered: 0, any: false };
          for (const mm of period.months) {
            const f = facts.get(`${m.id}|${mm}`);
            if (!f) continue;
            sum.any = true;
            sum.cons += f.cons;
            sum.cost += f.cost;
            sum.co2e += f.co2e;
            sum.open += f.days_open;
            sum.covered += f.days_covered;
          }
          const cells: Record<Quantity, Cell[]> = {
            kWh: [m.unit === 'kWh' ? round(sum.cons, 3) : null],
            units: [round(sum.cons, 3), m.unit],
            $: [round(sum.cost, 2)],
            CO2e: [round(sum.co2e, 3)],
          };
          const wait = sink.row([
            m.name,
            m.site,
            m.account,
            m.measuring,
            range.aggregation === 'total' ? 'Total' : 'Monthly',
            period.label,
            ...data.flatMap((d) => cells[d]),
            ...(body.validationColumns
              ? [sum.open, sum.covered, sum.any && sum.covered >= sum.open ? 'Yes' : 'No']
              : []),
          ]);
          if (wait) await wait;
        }
      }
    }
    if (step && !(await step(Math.min(i + BATCH, meters.length), meters.length))) {
      // Stopped (a cancelled job): the stream ends and the caller throws the file away.
      await next?.catch(() => {});
      await sink.end();
      return false;
    }
  }
  // A closing line says which figures the kg CO2e are and names their editions (docs/decisions/factor-editions.md,
  // What names its editions; Every report of kg CO2e restated or as originally reported).
  if (emissions) {
    const named = [...editions.values()].sort((x, y) => x.name.localeCompare(y.name));
    const ids = meters.map((m) => m.id);
    await sink.row(await restatedRowOf(db, organisationId, ids, body.ranges, named, header.length));
  }
  await sink.end();
  return true;
}

function span(first: number, last: number) {
  const out: string[] = [];
  for (let i = first; i <= last; i++) out.push(monthOfIndex(i));
  return out;
}

export type MeterExportService = ReturnType<typeof createMeterExportService>;
