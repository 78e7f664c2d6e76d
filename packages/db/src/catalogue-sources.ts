import type { UnitSeed } from './catalogue-units';

/** The publications the reference catalogue cites and the shapes of its seeds (./catalogue-data.ts). */

export const MFE = 'NZ Ministry for the Environment, Measuring emissions: A guide for organisations';
export const PAGE25 = `${MFE}, 2025 edition (read on the MfE page)`;
export const PAGE26 = `${MFE}, 2026 edition (read on the MfE page)`;
export const WB25 = `${MFE}, emission factors workbook 2025 v3 (workbook transcription)`;
export const WB26 = `${MFE}, emission factors workbook 2026 v2 (workbook transcription)`;
export const FLOOR = '2000-01-01';

export interface FactorSeed {
  scope: 1 | 2 | 3;
  /** Scope 2 only: the grid average (location-based, the default) or the residual mix (market-based). */
  basis?: 'location' | 'residual-mix';
  /** kg CO2-e per unit of `perUnit` (the unit the publication prints); converted to the standard unit. */
  rate: number;
  perUnit?: string;
  startDate: string;
  endDate: string | null;
  notes: string;
}

export interface DataTypeSeed {
  key: string;
  /** Fixed ids for ordinary types; composites take theirs from composite_data_type_ids. */
  id?: number;
  name: string;
  grouping: string;
  typeId: 1 | 2 | 3 | 4;
  stdUnit: string;
  standardisedUnit: string;
  reportingGroupId: number | null;
  scope3Category: number | null;
  sourceNotes: string;
  units: UnitSeed[];
  factors: FactorSeed[];
  components?: { key: string; percentage: number }[];
}

export const KWH_PER_GJ = 277.7777777778;
export const KWH_PER_MJ = 0.2777777778;
export const energyUnits = (): UnitSeed[] => [
  { name: 'kWh', conversion: 1 },
  { name: 'MWh', conversion: 1000 },
  { name: 'GJ', conversion: KWH_PER_GJ, sourceInfo: '1 GJ = 1,000,000 kJ / 3,600 kJ per kWh' },
  { name: 'MJ', conversion: KWH_PER_MJ, sourceInfo: '1 MJ = 1,000 kJ / 3,600 kJ per kWh' },
];
export const waterUnits = (): UnitSeed[] => [
  { name: 'm3', conversion: 1 },
  { name: 'kL', conversion: 1 },
  { name: 'litres', conversion: 0.001 },
];
