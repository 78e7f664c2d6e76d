/**
 * The vocabulary of reports (data-portal.md 3 Report, 9): period types, output formats, the levels a report
 * is run at, and the periods a favourite or a schedule slides with (docs/decisions/reports.md).
 */

/** How a report's period is chosen (data-portal.md 3). */
export const PERIOD_TYPES = [
  'Quarterly',
  'Monthly',
  'Yearly',
  'FixedLength',
  'VariableLength',
  'VariableMonth',
  'NoLength',
] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** The spec's output formats (data-portal.md 9), and PDF. */
export const OUTPUTS = ['pdf', 'xlsx', 'xls', 'csv', 'npg.csv', 'tdv', 'pipe'] as const;
export type Output = (typeof OUTPUTS)[number];

/** The report type filter of the catalogue: PDF, Spreadsheet, Other (data-portal.md 2.7). */
export const OUTPUT_KINDS = ['PDF', 'Spreadsheet', 'Other'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];
export const OUTPUT_KIND: Record<Output, OutputKind> = {
  pdf: 'PDF',
  xlsx: 'Spreadsheet',
  xls: 'Spreadsheet',
  csv: 'Other',
  'npg.csv': 'Other',
  tdv: 'Other',
  pipe: 'Other',
};
export const OUTPUT_LABELS: Record<Output, string> = {
  pdf: 'PDF',
  xlsx: 'Excel workbook (.xlsx)',
  xls: 'Excel workbook (.xlsx, for xls)',
  csv: 'CSV, months across',
  'npg.csv': 'CSV, one row per figure',
  tdv: 'Tab delimited',
  pipe: 'Pipe delimited',
};
/** The file name extension and content type of each output. */
export const OUTPUT_FILES: Record<Output, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  xls: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  'npg.csv': { extension: 'npg.csv', contentType: 'text/csv; charset=utf-8' },
  tdv: { extension: 'tsv', contentType: 'text/tab-separated-values; charset=utf-8' },
  pipe: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
};

/** The levels a report is run at, as the catalogue's filter names them (data-portal.md 2.7). */
export const LEVELS = [
  'organisation',
  'site-group',
  'site',
  'facility',
  'entity',
  'meter-group',
  'meter',
  'vehicle',
  'none',
] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<Level, string> = {
  organisation: 'Organisation',
  'site-group': 'Site Group',
  site: 'Site',
  facility: 'Facility',
  entity: 'Entity',
  'meter-group': 'Meter Group',
  meter: 'Meter',
  vehicle: 'Vehicle',
  none: 'N/A',
};

/** Periods relative to the day a favourite or a schedule runs (docs/decisions/reports.md, Sliding periods). */
export const RELATIVE_PERIODS = [
  'last-full-month',
  'last-full-quarter',
  'last-12-months',
  'reporting-year-to-date',
  'last-reporting-year',
] as const;
export type RelativePeriod = (typeof RELATIVE_PERIODS)[number];
export const RELATIVE_LABELS: Record<RelativePeriod, string> = {
  'last-full-month': 'Last full month',
  'last-full-quarter': 'Last full quarter',
  'last-12-months': 'Last 12 full months',
  'reporting-year-to-date': 'Financial year to date',
  'last-reporting-year': 'Last reporting year',
};

/** Email frequencies (data-portal.md 3, 7): M monthly, W weekly, and once. */
export const FREQUENCIES = ['M', 'W', 'O'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_NAMES = { Monthly: 'M', Weekly: 'W', Once: 'O' } as const;
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
