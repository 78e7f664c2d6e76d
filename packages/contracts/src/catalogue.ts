import { z } from 'zod';
import { int4Param, text } from './common';

/** Database ids are 32-bit integers; anything else is refused as bad input rather than failing in SQL. */
const dbId = int4Param().positive().max(2_147_483_647);

export const energyIdParam = z.object({ id: dbId });
export const organisationIdParam = z.object({ id: dbId });
export const conversionParams = z.object({ energy: dbId, a: dbId, b: dbId });

/** The spec's energy type list item; energytypeId is the kind (1 consumption, 2 record only, 3 delivery, 4 emission). */
export const energyTypeItem = z.object({
  id: z.number(),
  grouping: text(),
  energyDescr: text(),
  retired: z.boolean(),
  energytypeId: z.number(),
});
export type EnergyTypeItem = z.infer<typeof energyTypeItem>;
export const energyTypeList = z.array(energyTypeItem);

/** A unit of a data type: standard quantity = quantity x conversionToStandard. */
export const energyUnit = z.object({
  unitId: z.number(),
  name: text(),
  conversionToStandard: z.number(),
  energyId: z.number(),
});
export type EnergyUnit = z.infer<typeof energyUnit>;
export const energyUnitList = z.array(energyUnit);

/** The spec's meter energy unit: the units offered for one data type. */
export const meterEnergyUnit = energyUnit.omit({ energyId: true });
export type MeterEnergyUnit = z.infer<typeof meterEnergyUnit>;
export const meterEnergyUnitList = z.array(meterEnergyUnit);

/** Multiply a quantity in unit a by `factor` to get it in unit b. */
export const conversionFactor = z.object({ factor: z.number() });
export type ConversionFactor = z.infer<typeof conversionFactor>;

/** Lookups have Descr, Id and Order fields (spec); text lookups use the text itself as the Id. */
export const lookupItem = z.object({
  Id: z.union([z.number(), text()]),
  Descr: text(),
  Order: z.number(),
});
export type LookupItem = z.infer<typeof lookupItem>;
export const lookupList = z.array(lookupItem);

export const ENERGY_TYPE_TYPES: readonly LookupItem[] = [
  { Id: 1, Descr: 'Energy Consumption', Order: 1 },
  { Id: 2, Descr: 'Record Only', Order: 2 },
  { Id: 3, Descr: 'Energy Delivery', Order: 3 },
  { Id: 4, Descr: 'GHG Emission', Order: 4 },
];

export const LOAD_MEASUREMENTS: readonly LookupItem[] = ['kW', 'kVA', 'MW', 'MVA'].map((Descr, i) => ({
  Id: i + 1,
  Descr,
  Order: i + 1,
}));
