/**
 * What the edition loader and the restatements say (docs/decisions/catalogue.md, Editions loaded from files;
 * Restatements). Placeholders in braces are filled with `fill` (../messages).
 */
export const EDITION_MSG = {
  fileEmpty: 'The file holds no rows of factors',
  fileUnreadable: 'The file could not be read as {layout}: {detail}',
  tooManyRows: 'The file has more than {max} rows; an edition file may have at most {max}',
  missingColumn: 'The file has no "{column}" column',
  noHeader: 'No header row of the {layout} layout was found in the first {rows} rows',
  notNumber: 'Row {line}: "{value}" is not a number',
  negative: 'Row {line}: a factor cannot be negative ({value})',
  duplicate: 'Row {line} repeats row {first} ({what})',
  overlap: 'Row {line} overlaps row {first} ({what}): periods of one factor may not overlap',
  badDate: 'Row {line}: "{value}" is not a date (yyyy-MM-dd)',
  badScope: 'Row {line}: the scope must be 1, 2 or 3, not "{value}"',
  badBasis: 'Row {line}: the basis must be location or residual-mix, not "{value}"',
  endBeforeStart: 'Row {line}: the period ends before it starts',
  disagrees: 'Row {line} names {what} "{value}"; the file names "{expected}"',
  unmapped: 'Row {line}: no mapping names {label} ({unit})',
  noPeriod:
    'Row {line} names no year and the edition gives none: give the years it covers (covers from and to)',
  publisherNeeded: 'Name the publisher of the edition',
  loaded: 'Edition {name} loaded as a draft: {count} factors',
  noFactors: 'No row of the file maps to a data type yet: save a mapping for its rows and load it again',
  deleted: 'Draft edition {name} discarded',
  unknownUnit: 'Row {line}: {dataType} has no unit "{unit}"',
  noDefaultSource: 'There is no default factor set to load editions into',
  nameInUse: 'An edition named {name} already exists',
  notDraft: 'This edition is already {status}; load a correcting edition instead',
  notFound: 'That edition does not exist',
  supersedesUnknown: 'The edition it corrects must be a published edition of the default set',
  mappingUnit: 'The unit must be one of the data type’s units',
  mappingBasis: 'Only scope 2 takes a basis (location or residual-mix)',
  mappingInUse: 'That row is already mapped to this data type',
  noFile: 'The edition’s file is no longer stored; load it again',
  restatementNotProposed: 'This restatement is already {status}',
  restatementStale:
    'The catalogue or the organisation’s choice changed after this preview; preview the change again',
  restatementBusy:
    'Another restatement is recomputing {organisation} ({years}); confirm this one when it has finished',
  policyPinUnknown: 'A pinned edition must be a published or superseded edition of the default set',
  policyPinTwice: 'Reporting year {year} pins two editions of the same publisher',
  policyPinsNeeded: 'A pinned choice needs at least one reporting year and its edition',
  policySwitchNeeded: 'A pinned choice needs the date it applies from',
  policyUnchanged: 'That is the choice the organisation already has',
} as const;
