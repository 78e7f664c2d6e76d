import {
  ENERGY_TYPE_TYPES,
  type EnergyTypeItem,
  type EnergyUnit,
  LOAD_MEASUREMENTS,
  type LookupItem,
  type MeterEnergyUnit,
} from '@verdant/contracts/catalogue';
import type { Retailer } from '@verdant/contracts/data-sources/creation';
import type { Db } from '@verdant/db/client';
import {
  meterTypesFor,
  SITUATION_LABELS,
  SITUATIONS,
  type Situation,
  supplyOf,
} from '@verdant/domain/meter-creation';
import { METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { notFound } from '../../lib/errors';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './catalogue.queries';

type UnitRow = Awaited<ReturnType<typeof q.unitsOf>>[number];
type TypeRow = Awaited<ReturnType<typeof q.listDataTypes>>[number];

// numeric columns arrive as exact strings; callers get JSON numbers.
const toUnit = (u: UnitRow): EnergyUnit => ({ ...u, conversionToStandard: Number(u.conversionToStandard) });
const toMeterUnit = ({ energyId: _, ...u }: EnergyUnit): MeterEnergyUnit => u;
const toTypeItem = ({ standardisedUnit: _, ...t }: TypeRow): EnergyTypeItem => t;

/** Distinct texts as lookup items, the text being the Id, in alphabetical order. */
const textLookup = (values: string[]): LookupItem[] =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b)).map((v, i) => ({ Id: v, Descr: v, Order: i + 1 }));

/**
 * The catalogue as the lookups show it. Anyone who may enter the current organisation reads the global data types
 * and that organisation's own; a product administrator with no organisation chosen reads the global ones.
 */
export function createCatalogueService({ db }: { db: Db }) {
  /** The organisation whose own data types the caller sees besides the global ones (the rule checked it). */
  const scope = (a: Caller) => a.checked.organisationId;

  async function visibleType(a: Caller, dataTypeId: number) {
    const organisationId = scope(a);
    const found = await q.findDataType(db, dataTypeId, organisationId);
    if (!found) throw notFound();
    return found;
  }

  const meterTypeItems = (ids: number[]): LookupItem[] =>
    ids.map((id, i) => ({ Id: id, Descr: METER_TYPE_LABELS[id] ?? String(id), Order: i + 1 }));

  return {
    async energyTypes(a: Caller): Promise<EnergyTypeItem[]> {
      return (await q.listDataTypes(db, scope(a))).map(toTypeItem);
    },

    /** An organisation's data types; one the caller may not enter is refused without saying whether it exists. */
    async organisationEnergyTypes(a: Caller, organisationId: number): Promise<EnergyTypeItem[]> {
      if (!a.checked.role) throw notFound();
      return (await q.listDataTypes(db, organisationId)).map(toTypeItem);
    },

    /** The data types its data sources measure, of those the caller may see (advanced rights narrow them). */
    async energiesMeasured(a: Caller, organisationId: number): Promise<EnergyTypeItem[]> {
      if (!a.checked.role) throw notFound();
      const visible = await visibleMetersOf(db, a, organisationId);
      return (await q.measuredDataTypes(db, organisationId, visible)).map(toTypeItem);
    },

    async energyUnits(a: Caller): Promise<EnergyUnit[]> {
      return (await q.listUnits(db, scope(a))).map(toUnit);
    },

    async unitsOfType(a: Caller, dataTypeId: number): Promise<MeterEnergyUnit[]> {
      await visibleType(a, dataTypeId);
      return (await q.unitsOf(db, dataTypeId)).map((u) => toMeterUnit(toUnit(u)));
    },

    /** The factor taking a quantity in unit `from` to unit `to`, both units of the data type. */
    async conversionFactor(a: Caller, dataTypeId: number, from: number, to: number) {
      await visibleType(a, dataTypeId);
      const found = (await q.unitsOf(db, dataTypeId, [from, to])).map(toUnit);
      const a1 = found.find((u) => u.unitId === from);
      const b1 = found.find((u) => u.unitId === to);
      if (!a1 || !b1) throw notFound();
      return { factor: a1.conversionToStandard / b1.conversionToStandard };
    },

    async reportingGroups(_a: Caller): Promise<LookupItem[]> {
      return (await q.listReportingGroups(db)).map((g) => ({ Id: g.id, Descr: g.name, Order: g.sortOrder }));
    },

    async standardisedUnits(a: Caller): Promise<LookupItem[]> {
      return textLookup((await q.listDataTypes(db, scope(a))).map((t) => t.standardisedUnit));
    },

    async activityGroupings(a: Caller): Promise<LookupItem[]> {
      return textLookup((await q.listDataTypes(db, scope(a))).map((t) => t.grouping));
    },

    async energyTypeTypes(_a: Caller): Promise<LookupItem[]> {
      return [...ENERGY_TYPE_TYPES];
    },

    async loadMeasurements(_a: Caller): Promise<LookupItem[]> {
      return [...LOAD_MEASUREMENTS];
    },

    async retailers(_a: Caller): Promise<Retailer[]> {
      return q.listRetailers(db);
    },

    /** The levels a meter can be created at: the spec's situations, the Id being the situation. */
    async meterLevels(_a: Caller): Promise<LookupItem[]> {
      return SITUATIONS.map((s, i) => ({ Id: s, Descr: SITUATION_LABELS[s], Order: i + 1 }));
    },

    async meterTypes(_a: Caller): Promise<LookupItem[]> {
      return meterTypeItems(Object.keys(METER_TYPE_LABELS).map(Number));
    },

    /** The meter types offered for a data type at a level (packages/domain/src/meter-creation.ts). */
    async meterTypesOf(a: Caller, dataTypeId: number, level: Situation): Promise<LookupItem[]> {
      const type = await visibleType(a, dataTypeId);
      return meterTypeItems(meterTypesFor(supplyOf(type.grouping), level));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
