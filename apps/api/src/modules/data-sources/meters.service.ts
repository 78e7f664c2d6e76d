import type { MeterDetail, MeterGraphData, MeterUpdate } from '@verdant/contracts/data-sources/meters';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { lockMeters } from '@verdant/db/ledger/lock';
import { factEditions, sumFacts } from '@verdant/db/ledger/read-model';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { addMonths } from '@verdant/domain/calendar';
import { METER_LEVEL_LABELS, METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { comparisonMonths, lived, round } from '../../lib/asset-graph';
import { audit, diff } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import * as groups from '../../lib/group-members.queries';
import { orgOf } from '../../lib/organisation-context';
import { allowedOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { updateColumns } from './meter-update-columns';
import * as q from './meters.queries';

type Measure = 'cons' | 'cost' | 'co2e';

/**
 * Settings the ledger reads (docs/domain.md, Which meters count): a change to one recomputes the meter's
 * facts in the same transaction.
 */
const LEDGER_FIELDS = [
  'meterType',
  'metlvlId',
  'energyId',
  'unitId',
  'meterOpen',
  'meterClose',
  'reporting',
  'reportingSource',
  'situation',
  // A retailer's supplier-specific factor prices market-based scope 2 (scope2_instruments).
  'retailerId',
] as const;

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The data source page (data-portal.md 2.2): rights are declared on the routes; one transaction per write. */
export function createMetersService({ db, clock }: { db: Db; clock: () => Date }) {
  /** The live meter the route's rule was checked on (gone since the check: not found). */
  async function meterScope(tx: DbOrTx, a: Caller, meterId: number) {
    const found = await q.findMeter(tx, orgOf(a).id, meterId);
    if (!found) throw notFound();
    return found;
  }

  /** Locks the meter (ledger lock order: meters first), then reads it inside the write's transaction. */
  async function lockedScope(tx: Tx, a: Caller, meterId: number) {
    await lockMeters(tx, [meterId], orgOf(a).id);
    return meterScope(tx, a, meterId);
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

  /**
   * The editions of emission factors that produced the meter's own kg CO2e over some months (location-based, as
   * its figures are), through the read model (docs/decisions/factor-editions.md).
   */
  const editionsOf = (found: q.FoundMeter, from: string, till: string) =>
    factEditions(
      db,
      { organisationId: found.meter.organisationId, from, till, visible: [found.meter.id], totals: false },
      { market: false },
    );

  async function read(a: Caller, meterId: number): Promise<MeterDetail> {
    const found = await meterScope(db, a, meterId);
    const m = found.meter;
    const org = m.organisationId;
    // The organisation's last complete month (docs/domain.md, "Time zones").
    const month = orgOf(a).lastCompleteMonth;
    const [rows, identifiers, joined, available, alerts, links, ...editions] = await Promise.all([
      monthly(found, addMonths(month, -1), month),
      q.identifiers(db, org, m.id),
      groups.joinedGroups(db, org, 'meter', m.id),
      groups.groupsOf(db, org, 'meter'),
      q.alertSettings(db, org, m.id),
      q.replacementLinks(db, org, m.id),
      editionsOf(found, month, month),
      editionsOf(found, addMonths(month, -1), addMonths(month, -1)),
    ]);
    const linked = [links.replaces, links.replacedBy].filter((l) => l !== undefined);
    const visible = new Set(
      (await allowedOf(db, a.principal, 'view', org, linked, (l) => ({ type: 'meter', id: l.id }))).map(
        (l) => l.id,
      ),
    );
    const link = (l: { id: number; name: string } | undefined) =>
      l && visible.has(l.id) ? { id: l.id, name: l.name } : null;
    const convert = toMeterUnit(found);
    const latest = [month, addMonths(month, -1)].map((mo, i) => {
      const r = rows.find((row) => row.month === mo);
      return {
        month: mo.slice(0, 7),
        consumption: round(convert(r?.cons ?? 0), 3),
        cost: round(r?.cost ?? 0, 2),
        co2e: round(r?.co2e ?? 0, 3),
        consIncomplete: r ? r.cons_incomplete : true,
        costIncomplete: r ? r.cost_incomplete : true,
        co2eIncomplete: r ? r.co2e_incomplete : true,
        editions: editions[i] ?? [],
      };
    });
    return {
      id: m.id,
      organisationId: org,
      organisation: { id: org, name: found.organisationName },
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
      smartMetering: m.smartMetering,
      closed: m.meterClose !== null,
      transientMeter: m.transientMeter,
      meterOpen: m.meterOpen,
      meterClose: m.meterClose,
      meterNumber: m.meterNumber,
      account: m.account,
      retailerId: m.retailerId,
      regimeId: m.regimeId,
      touContract: m.touContractId,
      ppdContract: m.ppdContractId,
      loadGroup: m.loadGroup,
      metercoId: m.metercoId,
      hasExport: m.hasExport,
      landlord: m.landlord,
      nonMainland: m.nonMainland,
      contractorMeter: m.contractorMeter,
      alertRecipient: m.alertRecipient,
      invoiceReport: m.invoiceReport,
      address1: m.address1,
      address2: m.address2,
      address3: m.address3,
      address4: m.address4,
      meterLocation: m.locationX === null || m.locationY === null ? null : { x: m.locationX, y: m.locationY },
      reporting: m.reporting,
      reportingSource: m.reportingSource as MeterDetail['reportingSource'],
      situation: m.situation as MeterDetail['situation'],
      identifiers,
      joinedGroups: joined,
      availableGroups: available,
      alertSettings: {
        consumption: {
          alertDiffer: alerts?.consumptionDiffer ?? null,
          alertPerc: alerts?.consumptionPerc ?? null,
          absAlert: alerts?.consumptionAbs ?? null,
        },
        tariff: {
          relAlert: num(alerts?.tariffRel),
          absAlert: num(alerts?.tariffAbs),
          rateAlert: num(alerts?.tariffRate),
        },
        baseLoad: { triggerPercentage: num(alerts?.baseloadTrigger) },
      },
      replaces: link(links.replaces),
      replacedBy: link(links.replacedBy),
      mayEdit: a.checked.mayEdit,
      mayAdminister: a.checked.mayAdminister,
      reportingYearEnd: found.reportingYearEnd,
      lastCompleteMonth: month.slice(0, 7),
      latest,
    };
  }

  return {
    read,

    async update(a: Caller, meterId: number, body: MeterUpdate): Promise<MeterDetail> {
      await db.transaction(async (tx) => {
        const found = await lockedScope(tx, a, meterId);
        const m = found.meter;
        const columns = await updateColumns(tx, m, body);
        await q.updateMeter(tx, m.organisationId, meterId, columns);
        const changes = diff(m, columns);
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'update',
          asset: { type: 'meter', id: meterId, name: columns.localName ?? m.localName },
          changes,
        });
        if (LEDGER_FIELDS.some((f) => f in changes))
          await recomputeOrganisationFacts(tx, m.organisationId, [meterId], clock());
      });
      return read(a, meterId);
    },

    async energyUnit(a: Caller, meterId: number) {
      const found = await meterScope(db, a, meterId);
      const unit = found.meter.unitId === null ? undefined : await q.findUnit(db, found.meter.unitId);
      if (!unit) throw notFound();
      return { unitId: unit.id, name: unit.name, conversionToStandard: Number(unit.conversionToStandard) };
    },

    async sameSite(a: Caller, meterId: number) {
      const found = await meterScope(db, a, meterId);
      const rows = await q.meterSummaries(db, found.meter.organisationId, { siteId: found.meter.siteId });
      return rows.filter((r) => r.id !== meterId);
    },

    async sameCollection(a: Caller, meterId: number) {
      const found = await meterScope(db, a, meterId);
      const account = found.meter.account;
      if (!account) return [];
      const rows = await q.meterSummaries(db, found.meter.organisationId, { account });
      return rows.filter((r) => r.id !== meterId);
    },

    async graph(
      a: Caller,
      meterId: number,
      measure: Measure,
      year: number,
      yearEnd: number,
    ): Promise<MeterGraphData> {
      const found = await meterScope(db, a, meterId);
      const { today } = orgOf(a);
      const graph = comparisonMonths(year, yearEnd);
      const [rows, editions] = await Promise.all([
        monthly(found, graph.from, graph.till),
        measure === 'co2e' ? editionsOf(found, graph.from, graph.till) : [],
      ]);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      const convert = measure === 'cons' ? toMeterUnit(found) : (v: number) => v;
      const value = (m: string) =>
        lived(m, today, () => round(convert(byMonth.get(m)?.[measure] ?? 0), measure === 'cost' ? 2 : 3));
      const incomplete = (m: string) => byMonth.get(m)?.[`${measure}_incomplete`] ?? false;
      return {
        months: graph.months.map((m) => m.slice(0, 7)),
        data: [graph.months.map(value), graph.previous.map(value)],
        currentMonth: today.slice(0, 7),
        incomplete: [graph.months.map(incomplete), graph.previous.map(incomplete)],
        seriesLabels: graph.seriesLabels,
        unit: { cons: found.unit ?? found.stdUnit ?? '', cost: '$', co2e: 'kg CO2e' }[measure],
        year,
        yearEnd,
        editions,
      };
    },

    meterScope,
    lockedScope,
    /** The service's clock: the moment a recompute's facts are as of. */
    now: clock,
  };
}

export type MetersService = ReturnType<typeof createMetersService>;
