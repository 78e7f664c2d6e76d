import { z } from 'zod';
import { member } from './access';
import { idNumber, text } from './common';
import { meterTypesParams, retailerList } from './data-sources/creation';
import { defineOperations } from './operations';

/** Database ids are 32-bit integers; anything else is refused as bad input rather than failing in SQL. */
const dbId = idNumber();

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

/** The current organisation's members read the catalogue; a product administrator also without one. */
const current = member('session', { withoutOrganisation: 'product-administrator' });

const lookup = <const P extends `/lookups/${string}`>(path: P, summary: string) =>
  ({ method: 'GET', path, summary, access: current, answer: lookupList }) as const;

/** The catalogue as the portal's forms read it: data types, units, conversions and the fixed lists. */
export const catalogueOperations = defineOperations('catalogue', {
  energyTypes: {
    method: 'GET',
    path: '/lookups/energy-types',
    summary: 'Data types of the current organisation (global and its own), by grouping then name',
    access: current,
    answer: energyTypeList,
  },
  organisationEnergyTypes: {
    method: 'GET',
    path: '/organisations/:id/energy-types',
    summary: 'Data types an organisation can use (global and its own)',
    access: member('params.id'),
    params: organisationIdParam,
    answer: energyTypeList,
  },
  energiesMeasured: {
    method: 'GET',
    path: '/organisations/:id/energies-measured',
    summary:
      "Data types the organisation's data sources measure (those the caller may see), by grouping then name",
    access: member('params.id'),
    params: organisationIdParam,
    answer: energyTypeList,
  },
  energyUnits: {
    method: 'GET',
    path: '/lookups/energy-units',
    summary: 'Units of every data type the caller can see',
    access: current,
    answer: energyUnitList,
  },
  unitsOfType: {
    method: 'GET',
    path: '/lookups/energy/:id/energy-units',
    summary: 'Units of one data type',
    access: current,
    params: energyIdParam,
    answer: meterEnergyUnitList,
  },
  conversionFactor: {
    method: 'GET',
    path: '/lookups/energies/:energy/conversion-factor-from/:a/to/:b',
    summary: 'Factor to multiply a quantity in unit a by to get it in unit b (units of one data type)',
    access: current,
    params: conversionParams,
    answer: conversionFactor,
  },
  reportingGroups: lookup('/lookups/energy-reporting-groups', 'Energy reporting groups'),
  standardisedUnits: lookup('/lookups/standardised-units', 'Physical quantities the data types measure'),
  energyTypeTypes: lookup(
    '/lookups/energy-type-types',
    'Data type kinds (1 Energy Consumption to 4 GHG Emission)',
  ),
  loadMeasurements: lookup('/lookups/load-measurements', 'Load measurement units'),
  activityGroupings: lookup('/lookups/activity-groupings', 'Groupings of the data types'),
  meterLevels: lookup('/lookups/meter-levels', 'Levels (situations) a meter can be created at'),
  meterTypes: lookup('/lookups/meter-types', 'Meter types 1 to 9'),
  retailers: {
    method: 'GET',
    path: '/lookups/retailers',
    summary: 'Energy and water retailers',
    access: current,
    answer: retailerList,
  },
  meterTypesOf: {
    method: 'GET',
    path: '/lookups/energy/:id/meter-levels/:level/meter-types',
    summary: 'Meter types offered for a data type at a level',
    access: current,
    params: meterTypesParams,
    answer: lookupList,
  },
});
