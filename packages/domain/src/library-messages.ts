/**
 * Messages of the Data Library, the public datasets and the complimentary report editor. Those the
 * specification gives are word for word (data-portal.md 8); the others are ours, each written in the
 * decisions of its feature (data library, public datasets, complimentary report). Kept apart from messages.ts.
 */
export const LIB = {
  // data-portal.md 8, Data Library search
  libraryFilters: 'You must choose at least three filters',
  libraryEmpty: 'No files matched your search.',
  libraryMore: 'Only the first {max} files are listed: add a filter to narrow the search.',
  // Public datasets (docs/decisions/public-datasets.md)
  datasetUnknown: 'There is no such public dataset',
  datasetMonthTwice: 'Month {month} is given more than once',
  datasetValue: 'Enter a number for month {month}, or leave it blank',
  datasetCsvHeader: "The CSV needs the columns 'year', 'month' and 'value'",
  datasetCsvRows: 'Nothing was loaded: {count} rows were refused',
  datasetLoaded: '{count} months loaded',
  datasetKindMissing: 'Say whether these are heating or cooling degree days',
  datasetBaseMissing: 'Give the base temperature of the degree days',
  // data-portal.md 8, Comp-report
  compReportSaved: 'Complimentary Report Saved.',
  compReportXml: 'The report is not well-formed XML: {reason}',
  compReportPage: "There is no report page called '{page}'",
  compReportParameter: "Choose a value for '{parameter}' on the page '{page}'",
  compReportParameterValue: "'{value}' is not one of the choices for '{parameter}' on the page '{page}'",
  compReportNoPages: 'Add at least one page to the report',
  compReportModified: 'Modified: not saved yet',
} as const;
