/** Meter types 1-9 and metering levels (data-portal.md 3, 9). */
export const METER_TYPE_LABELS: Record<number, string> = {
  1: 'Time of use',
  2: 'Non time of use',
  3: 'Profiled consumption',
  4: 'Unmetered account',
  5: 'Smart meter',
  6: 'Smart check meter',
  7: 'Transactional',
  8: 'Unmetered consumption only',
  9: 'Transactional with cost',
};

/** Level 1 is retail (a supply meter); level 2 a check meter (submeter). */
export const METER_LEVEL_LABELS: Record<number, string> = { 1: 'Supply Meter', 2: 'check' };

/** Energy type 52 is externally calculated CO2e (the Carbon Reporting section shows for it only). */
export const CARBON_REPORTING_ENERGY_ID = 52;
/**
 * Energy types 13 and 14 are the electricity (ICP) types; a replacement meter is offered for them only (the
 * spec names 14; this catalogue's grid electricity is 13: docs/decisions/data-sources.md, Create Replacement
 * and the replacement link).
 */
export const ELECTRICITY_ICP_ENERGY_IDS: readonly number[] = [13, 14];
