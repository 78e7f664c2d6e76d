import type { Tx } from '@verdant/db/client';
import { loadLedger } from '@verdant/db/ledger/queries';
import { factorSetsOf, toLedgerMeter } from '@verdant/db/ledger/recompute';
import { daysInMonth, toDayNumber } from '@verdant/domain/calendar';
import { emissionsOn, reportsInScope3Only } from '@verdant/domain/ledger';
import * as d from './restatement-deltas.queries';

/**
 * A factor change's new rates, month by month (docs/decisions/catalogue.md, Restatement speed). The factors
 * the ledger would take after the change are read once per organisation and data type (from one of its
 * meters), and each month's rate found day by day as the ledger finds it. A month whose days all take the same
 * rate moves every meter of that organisation and type by its quantity times that rate, in SQL; the meters of
 * a type with a month that changes rate part-way, of contractual instruments or reported in scope 3 only go
 * through the ledger as before.
 */
export async function monthRates(tx: Tx, meterIds: readonly number[], organisationId?: number) {
  const meters = await d.meterRows(tx, meterIds, organisationId);
  const { first, last } = await d.factMonths(tx, meterIds, organisationId);
  const exact = new Set<number>();
  const representative = new Map<string, number>();
  const keyOf = (organisationId: number, energyId: number) => `${organisationId}|${energyId}`;
  for (const m of meters) {
    if (m.instruments || reportsInScope3Only(toLedgerMeter(m))) exact.add(m.id);
    const key = keyOf(m.organisation_id, m.energy_id ?? 0);
    if (!representative.has(key)) representative.set(key, m.id);
  }
  const rates: d.MonthRate[] = [];
  const mixed = new Set<string>();
  if (first !== null && last !== null && representative.size > 0) {
    const loaded = await loadLedger(tx, [...representative.values()], organisationId);
    const factorSetOf = factorSetsOf(loaded);
    for (const key of representative.keys()) {
      const [organisationId, energyId] = key.split('|').map(Number) as [number, number];
      const factors = factorSetOf(organisationId, energyId);
      for (let month = first; month <= last; month = nextMonth(month)) {
        const start = toDayNumber(month);
        let rate: d.MonthRate | undefined;
        let same = true;
        for (let day = start; day < start + daysInMonth(month) && same; day++) {
          const e = emissionsOn(factors, day, 1);
          const r = { organisationId, energyId, month, s1: 0, s2Location: 0, s2Market: 0, s3: 0, ...e?.co2e };
          if (rate === undefined) rate = r;
          else
            same =
              rate.s1 === r.s1 &&
              rate.s2Location === r.s2Location &&
              rate.s2Market === r.s2Market &&
              rate.s3 === r.s3;
        }
        if (!same) mixed.add(key);
        else if (rate) rates.push(rate);
      }
    }
  }
  for (const m of meters) if (mixed.has(keyOf(m.organisation_id, m.energy_id ?? 0))) exact.add(m.id);
  return {
    rates: rates.filter((r) => !mixed.has(keyOf(r.organisationId, r.energyId))),
    uniform: meters.filter((m) => !exact.has(m.id)).map((m) => m.id),
    exact: [...exact],
  };
}

function nextMonth(month: string) {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
