/**
 * The benchmark's constants, units and messages (data-portal.md 8 and 9; docs/decisions/benchmark.md).
 */
import { addMonths } from '../calendar';

/** Benchmark levels 0 to 5 (data-portal.md 9). */
export const BENCHMARK_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export type BenchmarkLevel = (typeof BENCHMARK_LEVELS)[number];

/** What each level compares with (docs/decisions/benchmark.md, Levels). */
export const LEVEL_LABELS: Record<BenchmarkLevel, string> = {
  0: "The entity's own previous 12 months",
  1: "The organisation's entities of the same type",
  2: 'ENERGY STAR U.S. national median',
  3: 'CIBSE TM46 typical',
  4: 'A further published set',
  5: 'A further published set',
};

/** The default end month is two months ago (data-portal.md 9). */
const BENCHMARK_DEFAULT_MONTHS_AGO = 2;

/** The end month when none is chosen: two months before the organisation's month ('yyyy-MM-01' both). */
export function defaultBenchmarkEnd(organisationMonth: string): string {
  return addMonths(organisationMonth, -BENCHMARK_DEFAULT_MONTHS_AGO);
}

/** The earliest end month, and the earliest commissioning year (data-portal.md 5). */
export const BENCHMARK_MIN_YEAR = 2000;
export const COMMISSIONING_MIN_YEAR = 2000;

/** The indicator benchmarks are per: gross floor area (reference-data.ts, indicators). */
export const FLOOR_AREA_INDICATOR = 1;

/** The units a benchmark set may be published in, and what one of each is in kWh/m² (per year). */
export const BENCHMARK_UNITS: Record<string, { label: string; toKwhPerM2: number }> = {
  'kWh/m2': { label: 'kWh/m² per year', toKwhPerM2: 1 },
  /** 1 kBtu/ft² = 3.155 kWh/m² (the ENERGY STAR conversion the issue names). */
  'kBtu/ft2': { label: 'kBtu/ft² per year', toKwhPerM2: 3.155 },
  'MJ/m2': { label: 'MJ/m² per year', toKwhPerM2: 1 / 3.6 },
  'GJ/m2': { label: 'GJ/m² per year', toKwhPerM2: 1000 / 3.6 },
};

export const BENCHMARK_MSG = {
  /** data-portal.md 8, Benchmark: 'Benchmark could not be calculated' plus the error text. */
  couldNotCalculate: 'Benchmark could not be calculated',
  noFloorArea: 'the entity has no gross floor area',
  noType: 'the entity has no building type (occupancy)',
  noConsumption: 'the entity has no consumption in the 12 months to {end}',
  noPriorConsumption: 'the entity has no consumption in the 12 months before {start}',
  noPeers: 'no other entity of the organisation of the same type has a floor area and consumption',
  noSet: 'no benchmark set is published for level {level}',
  noMapping: "the entity's type is not mapped to a type of {set}",
  noValue: '{set} publishes no figure for {type}',
  entityRequired: 'Choose an entity',
  endMonthRequired: 'Choose an end month',
  endMonthFuture: 'The end month cannot be in the future',
  endMonthTooEarly: 'Choose an end month from 2000 on',
  levelInvalid: 'Choose a benchmark level from 0 to 5',
  commissioningYear: 'Enter a year of at least 2000',
  commissioningYearFuture: 'The year cannot be after this one',
  negativeImprovement:
    'A negative possible improvement means the entity already uses less than the benchmark: there is nothing to save against it.',
  notNormalised: 'Not weather-normalised: {reason}',
  unitUnknown:
    "Row {row}: the unit '{unit}' is not one the benchmark library knows (kWh/m2, kBtu/ft2, MJ/m2, GJ/m2)",
  valueNegative: 'Row {row}: {field} cannot be negative',
  typeTwice: "Row {row}: the type '{type}' is listed twice",
  unitMixed: "Row {row}: the unit '{unit}' differs from the set's '{first}' (a set is published in one unit)",
  notNumber: "Row {row}: {field} '{value}' is not a number",
  typeKeyInvalid:
    "Row {row}: the type key '{type}' may use only lower-case letters, digits and dashes (for example general-office)",
  typeNameRequired: 'Row {row}: the type needs a name',
  publicationRequired: 'Row {row}: name the publication (table or page) the figures come from',
  figureRequired: 'Row {row}: give {what}',
  secondaryInvalid: "Row {row}: secondary is yes or no, not '{value}'",
  headerMissing: 'The first row must name the columns; missing: {columns}',
  fileEmpty: 'The file has no types',
  fileTooLong: 'A set has at most {max} types',
  fileUnreadable: 'The file could not be read as CSV: {detail}',
  andMore: '{first} (and {more} more problems)',
  editionExists:
    'The library already has edition {edition} of {series}; an edition is never changed, load a new one',
  levelTaken: 'Level {level} answers {series}; choose a level no other series answers',
  seriesLevel: '{series} answers level {level}; its editions stay at that level',
  setLoaded: '{name} ({edition}) loaded: {types} types',
  seriesUnknown: 'No benchmark set of that series is in the library',
  mappingTypeUnknown: "{series} has no type '{type}'",
  mappingSegmentationUnknown: 'Choose a building segmentation (occupancy) of the list',
  mappingDescriptorUnknown: 'Choose an entity function of the list, or the whole segmentation',
  mappingTwice: 'A segmentation and function are mapped twice',
  mappingsSaved: 'Mappings saved',
  hddMonthInvalid: "Row {row}: the month '{value}' is not a month (yyyy-MM)",
  hddMonthTwice: 'Row {row}: the month {value} is listed twice',
  hddMonthEarly: 'Row {row}: degree days start from 2000',
  hddMonthNotOver: 'Row {row}: the month {value} is not over yet',
  hddBaseDiffers:
    "The organisation's degree days are at base {base} °C; a series at another base cannot be mixed with them",
  degreeDaysLoaded: '{months} months of degree days loaded',
} as const;

export const fillBenchmark = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
