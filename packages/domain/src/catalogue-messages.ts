/**
 * Messages of the product administrators' catalogue: data types, units, composites, factors, editions,
 * restatements, the jobs centre and the admin checks. Those the specification gives are word for word
 * (data-portal.md 5); the others are ours (docs/decisions/catalogue.md). Kept apart from messages.ts, which
 * holds the rest of the product's.
 */
export const CAT = {
  // data-portal.md 5, New data type
  dataTypeNameTaken: 'A data type with that name already exists',
  dataTypeNameRequired: 'Enter a name for the data type',
  dataTypeGroupRequired: 'Choose or enter a group',
  dataTypeStdUnitRequired: 'Enter the standard unit',
  dataTypeSourceNotesRequired: 'Say where the data type and its factors come from',
  dataTypeConsumptionKwh: 'An energy consumption data type uses kWh as its standard unit',
  dataTypeScopeRequired: 'Give at least one scope a factor and a start date',
  dataTypeScopeTwice: 'Give each scope one factor here; add later periods in the emission factor editor',
  scope3Category: 'The scope 3 category is 3, 4, 5 or 6',
  // data-portal.md 5, New unit
  unitNameBlank: 'Name cannot be blank',
  unitNameTaken: 'There is already a {name} unit',
  unitFactorMissing: 'Factor must be specified',
  unitFactorZero: 'Factor cannot be zero',
  unitFactorNumber: 'Factor must be a number',
  unitOfRetiredType: 'Units cannot be added to a retired data type',
  // data-portal.md 5, Composite factor
  compositeNameShort: 'The name needs at least 3 characters',
  compositeTwoComponents: 'A composite needs at least 2 components',
  compositeComponentMin: 'Each component is at least 1 %',
  compositeTotal: 'The percentages must total 100 (they total {total})',
  compositeComponentTwice: 'Each data type can be a component once',
  compositeComponentUnknown: 'Choose the components from the list',
  compositeNoUnit: '{name} has no {unit} unit, so it cannot be part of a composite measured in {unit}',
  compositeCreated: '{name} created.',
  // data-portal.md 5, Emission factor rate
  factorRateNumber: 'The rate must be a number',
  factorStartRequired: 'Enter the date the factor applies from',
  factorEndBeforeStart: 'The end date cannot be before the start date',
  factorOverlap: 'The period overlaps another scope {scope} factor ({from} to {till})',
  factorOfEdition:
    'This factor belongs to the edition {name}, which is {status}; load a correcting edition instead',
  factorSourceUnknown: 'That factor source does not exist',
  factorScopeBasis: 'Scope 2 factors are location-based or residual mix; other scopes have no basis',
  dataTypeSaved: 'Data type saved',
  dataTypeCreated: '{name} created.',
  unitCreated: '{name} unit created.',
  factorSaved: 'Emission factor saved',
} as const;
