/**
 * What the data-load job says: the reasons a row is refused (the error report's third column) and
 * the job errors that end a load. Filled with `fill` from messages.ts.
 */
export const IMPORT_MSG = {
  // The job as a whole.
  fileUnreadable: 'The file could not be read as {format}: {detail}',
  formatUnknown:
    'The file is not in a format the import knows (CSV readings, NEM12, EIEP3, EIEP13A, Green Button, invoice or consumption CSV, Portfolio Manager Meter Entries).',
  formatMismatch: 'The file does not look like {format}.',
  noRows: 'The file has no rows to import.',
  mappingNeeded: 'Map the columns of this CSV file before it is imported.',
  mappingColumnMissing: 'The file has no column "{column}", which the mapping names.',
  notText: 'The file is not a text file (CSV, NEM12, EIEP or XML) or a zip archive of them.',
  notUtf8:
    'The file starts as UTF-8 text but is not UTF-8 near byte {bytes}: save it as "CSV UTF-8" and upload it again.',
  rowsRefused:
    '{count} rows were refused, so nothing was imported. Download the error report for the reasons.',
  tooManyRefused:
    '{count} rows were refused, so nothing was imported. The error report lists the first {limit}; every reason is counted below.',
  unknownMeters:
    '{count} rows were refused, so nothing was imported: {meters} named in the file {are} not in this organisation. Create these data sources, or map them to data sources you have, then load the file again.',
  otherReasons: 'Other rows were refused for other reasons: see the error report.',
  duplicateFile: 'This file was already imported on {date}; nothing changed.',
  interrupted: 'The import stopped before it finished; nothing was imported. Upload the file again.',
  fileMissing: 'The uploaded file is no longer stored; upload it again.',
  zoneChanged:
    "The organisation's time zone changed while the file was loading, so nothing was imported: load it again.",
  // Uploads.
  importTooLarge: 'The file is larger than {size} MB, the most an import takes. Split it into smaller files.',
  importEmpty: 'The file is empty.',
  // Rows.
  columnCount: 'Has {found} columns where the header has {expected}: the row is incomplete',
  noMeter: 'No data source is named',
  meterUnknown: '"{key}" is not a data source of this organisation',
  meterAmbiguous: '"{key}" names more than one data source ({names})',
  meterNotEditable: 'You may not change data source {name}',
  meterNoIntervals: 'Data source {name} does not record half-hour data',
  meterNoInvoices: 'Data source {name} takes no invoices',
  meterNoRecords: 'Data source {name} takes no consumption records',
  meterNoPeriods: 'Data source {name} takes neither invoices nor consumption records',
  meterClosed: 'Data source {name} is not open on {date}',
  valueNotNumber: 'The value "{value}" is not a number',
  valueNegative: 'Negative consumption ({value}) and data source {name} has no export',
  valueNegativeImport:
    'Negative reading ({value}) on an import register: export belongs on an export register of {name}',
  exportWithout: 'An export reading and data source {name} has no export',
  intervalLength:
    '{minutes}-minute intervals: readings of data source {name} must be whole minutes that divide an hour (5, 10, 15, 20, 30 or 60)',
  future: 'The reading at {time} is in the future',
  dateNotValid: 'The date "{value}" is not a date',
  timeNotValid: 'The time "{value}" is not a date and time',
  timeMissing: 'The local time {value} does not exist (daylight saving starts)',
  periodNotValid: 'Period "{value}" is not a period of {date} (1 to {last})',
  qualityNotValid: 'The quality flag "{value}" is not A, E, S, F or V',
  directionNotValid: 'The direction "{value}" is not import or export',
  registerKind: 'Register {register} of {name} is an {direction} {quantity} register',
  unitUnknown: 'The unit "{unit}" is not a unit of data source {name}',
  invoiceExists: 'An invoice for {from} to {till} is already stored with other figures ({number})',
  periodOrder: 'The start date {from} is after the end date {till}',
  required: 'The {field} is empty',
  // Unknown data sources of a refused load.
  notUnknownMeter: '"{key}" is not a data source this load could not find',
  mapped: '"{key}" now names data source {name}. Load the file again when every data source is found.',
  mappedAlready: '"{key}" already names data source {name}.',
  keyTaken: '"{key}" already names data source {name}.',
  labelTaken: 'Data source {name} already has the {label} {value}: map "{key}" to another data source.',
  stillRunning: 'This load has not finished yet.',
  // Workbooks (XLSX).
  workbookUnreadable: 'The workbook could not be read: {detail}',
  workbookTooLarge:
    'The workbook unpacks to more than {size} MB, or to more than {ratio} times its own size: save its sheet as CSV and upload that.',
  workbookFileTooLarge:
    'The workbook is larger than {size} MB, the most a workbook import takes: save its sheet as CSV and upload that.',
  workbookNoSheet:
    "The workbook has no sheet of Portfolio Manager's Meter Entries, invoices or consumption records: none of its sheets has their header row in its first 30 rows.",
  cellFormula:
    'Cell {cell} holds a formula with no saved value: open the file in Excel, save it and upload it again',
  cellError: 'Cell {cell} holds the error {error}',
} as const;

/**
 * A problem with the file as a whole (no header, a bad or missing end record, a truncated file, a file in
 * another format): the load ends with this message and nothing is written. `line` is where the parser found it,
 * when it knows.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';

  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
  }
}
