import type { DbOrTx } from '@verdant/db/client';
import { type FactEdition, factEditions, sumFacts, sumFactsBatch } from '@verdant/db/ledger/read-model';

/*
 * The fleet's figures, all through the one read model (docs/domain.md, The read model). A vehicle's fuel is
 * consumption: its kWh count as the totals count them, with the meter's reporting flags. Its distance is
 * recorded, never reported: a distance meter's km are its own quantity (the read model's `totals: false`).
 */

export interface VehicleMeters {
  cons_meter_id: number;
  distance_meter_id: number;
}

/** Each vehicle's km and kWh over months `from` to `till`, keyed by its fuel meter. */
export async function vehicleTotals(
  db: DbOrTx,
  organisationId: number,
  vehicles: readonly VehicleMeters[],
  from: string,
  till: string,
): Promise<Map<number, { km: number; kwh: number }>> {
  const answer = new Map(vehicles.map((v) => [v.cons_meter_id, { km: 0, kwh: 0 }]));
  if (vehicles.length === 0) return answer;
  const [fuel = [], distance = []] = await sumFactsBatch(db, [
    { organisationId, by: ['meter'], from, till, visible: vehicles.map((v) => v.cons_meter_id) },
    {
      organisationId,
      by: ['meter'],
      from,
      till,
      visible: vehicles.map((v) => v.distance_meter_id),
      totals: false,
    },
  ]);
  const fuelOf = new Map(fuel.map((f) => [f.meter_id, Number(f.cons)]));
  const kmOf = new Map(distance.map((f) => [f.meter_id, Number(f.cons)]));
  for (const v of vehicles) {
    answer.set(v.cons_meter_id, {
      kwh: fuelOf.get(v.cons_meter_id) ?? 0,
      km: kmOf.get(v.distance_meter_id) ?? 0,
    });
  }
  return answer;
}

export interface MeterMonth {
  meter_id: number;
  /** 'yyyy-MM-01' */
  month: string;
  /** The meter's own quantity in its data type's standard unit. */
  quantity: number;
  cost: number;
  /** Scope 1 + scope 2 location-based + scope 3, kg CO2e. */
  co2e: number;
}

/** Meters' own monthly figures (every data type, whatever their flags) from `from` to `till`, by meter and month. */
export async function meterMonths(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[],
  from: string,
  till: string,
): Promise<MeterMonth[]> {
  if (meterIds.length === 0) return [];
  const rows = await sumFacts(db, {
    organisationId,
    by: ['meter', 'month'],
    from,
    till,
    visible: meterIds,
    totals: false,
    measures: ['cons', 'cost', 'co2e'],
  });
  return rows
    .map((r) => ({
      meter_id: Number(r.meter_id),
      month: String(r.month),
      quantity: Number(r.cons),
      cost: Number(r.cost),
      co2e: Number(r.co2e),
    }))
    .sort((x, y) => x.meter_id - y.meter_id || x.month.localeCompare(y.month));
}

/**
 * The editions of emission factors that produced meters' own kg CO2e (location-based, as meterMonths' co2e) from
 * `from` to `till` (docs/decisions/factor-editions.md).
 */
export function meterEditions(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[],
  from: string,
  till: string,
): Promise<FactEdition[]> {
  if (meterIds.length === 0) return Promise.resolve([]);
  return factEditions(
    db,
    { organisationId, from, till, visible: meterIds, totals: false },
    { market: false },
  );
}

/** Editions gathered over several reads, each once, by name. */
export function editionsGathered() {
  const named = new Map<string, FactEdition>();
  return {
    add: (list: readonly FactEdition[]) => {
      for (const e of list) named.set(`${e.id}:${e.name}`, e);
    },
    list: () => [...named.values()].sort((x, y) => x.name.localeCompare(y.name)),
  };
}
