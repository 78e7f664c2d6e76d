import { Readable } from 'node:stream';
import type { FleetDataExportRequest, FleetTransactionExportRequest } from '@verdant/contracts/fleet/exports';
import type { Db } from '@verdant/db/client';
import { monthsBetween } from '@verdant/domain/calendar';
import { exportEnd } from '@verdant/domain/vehicles';
import { notFound } from '../../lib/errors';
import { restatedRowOf } from '../../lib/restated-row';
import { canOnAssets } from '../../lib/rights';
import { csvStream } from '../../lib/spreadsheet';
import type { Caller } from '../../plugins/auth';
import * as q from './fleet.queries';
import { editionsGathered, meterEditions, meterMonths } from './fleet-figures';
import * as pq from './purchases.queries';

type Quantity = (typeof HEADINGS)[number]['key'];
const HEADINGS = [
  { key: 'kWh', title: 'Energy (kWh)' },
  { key: '$', title: 'Cost ($)' },
  { key: 'CO2e', title: 'Emissions (kg CO2e)' },
  { key: 'L', title: 'Fuel (L)' },
  { key: 'km', title: 'Distance (km)' },
] as const;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const PLACES: Record<Quantity, number> = { kWh: 3, $: 2, CO2e: 3, L: 3, km: 1 };

type Cells = (string | number)[];

/**
 * The fleet exports (core-portal 7, 9): Vehicle Data Export (ledger figures per vehicle and month or range)
 * and Export Transactions (each purchase, or the purchases of a month). Rows are produced range by range and
 * streamed as CSV; a vehicle the caller may not see is refused like a missing one.
 */
/**
 * The closing line of a fleet export of kg CO2e: which figures they are and the editions that produced them, over
 * the vehicles' fuel meters (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally
 * reported).
 */
function closingRow(
  db: Db,
  organisationId: number,
  vehicles: readonly { cons_meter_id: number }[],
  ranges: Parameters<typeof restatedRowOf>[3],
  editions: Parameters<typeof restatedRowOf>[4],
  width: number,
) {
  const fuelIds = vehicles.map((v) => v.cons_meter_id);
  return restatedRowOf(db, organisationId, fuelIds, ranges, editions, width);
}

export function createFleetExportService({ db }: { db: Db }) {
  async function vehiclesFor(a: Caller, organisationId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const seen = await canOnAssets(
      db,
      a.principal,
      'view',
      organisationId,
      unique.map((id) => ({ type: 'vehicle' as const, id })),
    );
    if (seen.some((ok) => !ok)) throw notFound();
    const rows = await q.vehiclesIn(db, organisationId, unique);
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  const header = (first: string[], data: readonly string[]) => [
    ...first,
    ...HEADINGS.filter((h) => data.includes(h.key)).map((h) => h.title),
  ];
  const chosen = (data: readonly string[]) => HEADINGS.filter((h) => data.includes(h.key)).map((h) => h.key);

  const stream = (records: AsyncIterable<Cells>) => Readable.from(records).pipe(csvStream());

  return {
    /** Checks the request, then answers a stream of CSV text. */
    async dataExport(a: Caller, organisationId: number, body: FleetDataExportRequest) {
      const vehicles = await vehiclesFor(a, organisationId, body.assets);
      const keys = chosen(body.data);
      const emissions = keys.includes('CO2e');
      async function* records(): AsyncGenerator<Cells> {
        const heading = header(['Registration', 'Aggregation', 'Period'], body.data);
        yield heading;
        const editions = editionsGathered();
        for (const range of body.ranges) {
          const from = `${range.start}-01`;
          const till = `${range.end}-01`;
          const months = monthsBetween(from, till);
          const meterIds = vehicles.flatMap((v) => [v.cons_meter_id, v.distance_meter_id]);
          const fuelIds = vehicles.map((v) => v.cons_meter_id);
          const [facts, used] = await Promise.all([
            meterMonths(db, organisationId, meterIds, from, till),
            emissions ? meterEditions(db, organisationId, fuelIds, from, till) : [],
          ]);
          editions.add(used);
          const purchases = await pq.purchasesBetween(
            db,
            organisationId,
            vehicles.map((v) => v.cons_meter_id),
            from,
            exportEnd(range.end ?? ''),
          );
          const fact = new Map(facts.map((f) => [`${f.meter_id}:${f.month}`, f]));
          for (const v of vehicles) {
            const figure = (list: string[], k: Quantity) => {
              let sum = 0;
              for (const m of list) {
                const fuel = fact.get(`${v.cons_meter_id}:${m}`);
                if (k === 'kWh') sum += fuel?.quantity ?? 0;
                if (k === '$') sum += fuel?.cost ?? 0;
                if (k === 'CO2e') sum += fuel?.co2e ?? 0;
                if (k === 'km') sum += fact.get(`${v.distance_meter_id}:${m}`)?.quantity ?? 0;
                if (k === 'L')
                  sum += purchases
                    .filter((p) => p.meter_id === v.cons_meter_id && p.date.slice(0, 7) === m.slice(0, 7))
                    .reduce((s, p) => s + (p.unit === 'litres' ? p.quantity : 0), 0);
              }
              return round(sum, PLACES[k]);
            };
            if (range.aggregation === 'monthly') {
              for (const m of months)
                yield [v.registration, 'monthly', m.slice(0, 7), ...keys.map((k) => figure([m], k))];
            } else {
              yield [
                v.registration,
                'total',
                `${range.start} to ${range.end}`,
                ...keys.map((k) => figure(months, k)),
              ];
            }
          }
        }
        if (emissions)
          yield await closingRow(db, organisationId, vehicles, body.ranges, editions.list(), heading.length);
      }
      return stream(records());
    },

    /**
     * Each purchase (individual) or each month's purchases (month) between the start month's first day and the
     * end month's last. kWh through the unit's energy content; emissions share the month's ledger emissions
     * by kWh; km is the odometer difference since the previous counted reading.
     */
    async transactionExport(a: Caller, organisationId: number, body: FleetTransactionExportRequest) {
      const vehicles = await vehiclesFor(a, organisationId, body.assets);
      const keys = chosen(body.data);
      const emissions = keys.includes('CO2e');
      async function* records(): AsyncGenerator<Cells> {
        const heading = header(['Registration', 'Aggregation', 'Date', 'Time', 'Odometer'], body.data);
        yield heading;
        const editions = editionsGathered();
        for (const range of body.ranges) {
          const from = `${range.start}-01`;
          const till = exportEnd(range.end ?? '');
          const fuelIds = vehicles.map((v) => v.cons_meter_id);
          const [facts, used] = await Promise.all([
            meterMonths(db, organisationId, fuelIds, from, till),
            emissions ? meterEditions(db, organisationId, fuelIds, from, till) : [],
          ]);
          editions.add(used);
          const fact = new Map(facts.map((f) => [`${f.meter_id}:${f.month.slice(0, 7)}`, f]));
          for (const v of vehicles) {
            const all = await pq.purchasesOfMeter(db, organisationId, v.cons_meter_id);
            let last: number | null = null;
            const km = new Map<number, number>();
            for (const p of all) {
              if (p.odometer === null || p.odometer_flag) continue;
              if (last !== null) km.set(p.id, p.odometer - last);
              last = p.odometer;
            }
            const inRange = all.filter((p) => p.date >= from && p.date <= till);
            const value = (p: pq.PurchaseRow, k: Quantity) => {
              const kwh = p.quantity * p.conversion;
              const month = fact.get(`${v.cons_meter_id}:${p.date.slice(0, 7)}`);
              if (k === 'kWh') return kwh;
              if (k === '$') return p.cost;
              if (k === 'L') return p.unit === 'litres' ? p.quantity : 0;
              if (k === 'km') return km.get(p.id) ?? 0;
              return month && month.quantity > 0 ? (month.co2e * kwh) / month.quantity : 0;
            };
            if (range.aggregation === 'individual') {
              for (const p of inRange)
                yield [
                  v.registration,
                  'individual',
                  p.date,
                  p.time ?? '',
                  p.odometer ?? '',
                  ...keys.map((k) => round(value(p, k), PLACES[k])),
                ];
            } else {
              const months = new Map<string, pq.PurchaseRow[]>();
              for (const p of inRange)
                months.set(p.date.slice(0, 7), [...(months.get(p.date.slice(0, 7)) ?? []), p]);
              for (const [month, list] of months)
                yield [
                  v.registration,
                  'month',
                  month,
                  '',
                  '',
                  ...keys.map((k) =>
                    round(
                      list.reduce((s, p) => s + value(p, k), 0),
                      PLACES[k],
                    ),
                  ),
                ];
            }
          }
        }
        if (emissions)
          yield await closingRow(db, organisationId, vehicles, body.ranges, editions.list(), heading.length);
      }
      return stream(records());
    },
  };
}

export type FleetExportService = ReturnType<typeof createFleetExportService>;
