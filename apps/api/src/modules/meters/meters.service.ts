import type { MeterDetail, MeterGraphData } from '@verdant/contracts/meters';
import type { Db, DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { METER_LEVEL_LABELS, METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { comparisonMonths, round } from '../../lib/asset-graph';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './meters.queries';

type Measure = 'cons' | 'cost' | 'co2e';

/** The data source page (data-portal.md 2.2): rights first (declared on the routes), one transaction per write. */
export function createMetersService({ db, clock }: { db: Db; clock: () => Date }) {
  const lastCompleteMonth = () => addMonths(monthOf(clock().toISOString().slice(0, 10)), -1);

  /** The live meter the route's rule was checked on (gone since the check: not found). */
  async function meterScope(tx: DbOrTx, a: Caller, meterId: number) {
    const organisationId = a.checked.organisationId;
    const found = organisationId === null ? undefined : await q.findMeter(tx, organisationId, meterId);
    if (!found) throw notFound();
    return found;
  }

  /** Standard quantity to the meter's own unit (its figures follow a change of unit). */
  const toMeterUnit = (found: q.FoundMeter) => {
    const factor = found.conversion === null ? 1 : Number(found.conversion);
    return (std: number) => (factor === 0 ? std : std / factor);
  };

  /** A meter's own monthly figures from the ledger's read model (every data type, whether or not in totals). */
  const monthly = (found: q.FoundMeter, from: string, till: string) =>
    sumFacts(db, {
      organisationId: found.meter.organisationId,
      by: ['month'],
      from,
      till,
      visible: [found.meter.id],
      totals: false,
    });

  async function read(a: Caller, meterId: number): Promise<MeterDetail> {
    const found = await meterScope(db, a, meterId);
    const m = found.meter;
    const month = lastCompleteMonth();
    const rows = await monthly(found, addMonths(month, -1), month);
    const convert = toMeterUnit(found);
    const latest = [month, addMonths(month, -1)].map((mo) => {
      const r = rows.find((row) => row.month === mo);
      return {
        month: mo.slice(0, 7),
        consumption: round(convert(r?.cons ?? 0), 3),
        cost: round(r?.cost ?? 0, 2),
        co2e: round(r?.co2e ?? 0, 3),
        consIncomplete: r ? r.cons_incomplete : true,
        costIncomplete: r ? r.cost_incomplete : true,
        co2eIncomplete: r ? r.co2e_incomplete : true,
      };
    });
    return {
      id: m.id,
      organisationId: m.organisationId,
      organisation: { id: m.organisationId, name: found.organisationName },
      site: { id: m.siteId, name: found.siteName },
      localName: m.localName,
      name: m.localName,
      meterType: m.meterType,
      meterDescr: METER_TYPE_LABELS[m.meterType] ?? String(m.meterType),
      metlvlId: m.metlvlId,
      level: METER_LEVEL_LABELS[m.metlvlId] ?? String(m.metlvlId),
      energyId: m.energyId,
      energy: found.energy,
      energyGroup: found.energyGroup,
      unitId: m.unitId,
      unit: found.unit ?? found.stdUnit,
      stdUnit: found.stdUnit,
      inheritSubmeter: m.inheritSubmeter,
      closed: m.meterClose !== null,
      transientMeter: m.transientMeter,
      meterOpen: m.meterOpen,
      meterClose: m.meterClose,
      mayEdit: a.checked.mayEdit,
      mayAdminister: a.checked.mayAdminister,
      reportingYearEnd: found.reportingYearEnd,
      lastCompleteMonth: month.slice(0, 7),
      latest,
    };
  }

  return {
    read,

    async graph(
      a: Caller,
      meterId: number,
      measure: Measure,
      year: number,
      yearEnd: number,
    ): Promise<MeterGraphData> {
      const found = await meterScope(db, a, meterId);
      const graph = comparisonMonths(year, yearEnd);
      const rows = await monthly(found, graph.from, graph.till);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      const convert = measure === 'cons' ? toMeterUnit(found) : (v: number) => v;
      const value = (m: string) => round(convert(byMonth.get(m)?.[measure] ?? 0), measure === 'cost' ? 2 : 3);
      const incomplete = (m: string) => byMonth.get(m)?.[`${measure}_incomplete`] ?? false;
      return {
        months: graph.months.map((m) => m.slice(0, 7)),
        data: [graph.months.map(value), graph.previous.map(value)],
        incomplete: [graph.months.map(incomplete), graph.previous.map(incomplete)],
        seriesLabels: graph.seriesLabels,
        unit: { cons: found.unit ?? found.stdUnit ?? '', cost: '$', co2e: 'kg CO2e' }[measure],
        year,
        yearEnd,
      };
    },
  };
}

export type MetersService = ReturnType<typeof createMetersService>;
