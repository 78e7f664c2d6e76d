/**
 * The reference catalogue: data types, units and the default emission factor set (New Zealand Ministry for the
 * Environment). Every number names where it came from. Two kinds of provenance are used and said so in the notes:
 *  - "read on the MfE page": seen on measuringemissionsguide.environment.govt.nz (the edition named);
 *  - "workbook transcription": a value of MfE's emission factors workbook, cell named, as transcribed in a public
 *    code repository; not read on an MfE page, to be checked against the publication.
 * Edition rule (MfE gives no guidance on which edition to use): the grid electricity and T&D loss factors are a
 * series by calendar year and each row covers its own year; any other factor of edition N covers calendar year N
 * (the earliest edition held also covers earlier years, the latest is open-ended).
 */

import { LIQUID_FUELS } from './catalogue-fuels';
import {
  type DataTypeSeed,
  energyUnits,
  type FactorSeed,
  FLOOR,
  MFE,
  PAGE25,
  PAGE26,
  WB26,
  waterUnits,
} from './catalogue-sources';
import { portfolioManagerUnits } from './catalogue-units';

export { MFE };

export const FACTOR_SOURCE = {
  name: 'NZ Ministry for the Environment (Measuring emissions)',
  notes:
    `${MFE}. Default factor set. Editions 2025 and 2026; kg CO2-e per standard unit, total of CO2, CH4 and N2O ` +
    '(AR5 GWPs, gross calorific basis as MfE publishes). Grid electricity and T&D losses follow the calendar-year ' +
    'series; other factors of edition N cover calendar year N. The residual-mix factors (market-based scope 2) ' +
    "are not MfE's: the NZ Energy Certificate System's residual supply factors, each naming its publication.",
};

export const REPORTING_GROUPS = [
  { id: 1, name: 'Stationary energy', sortOrder: 1 },
  { id: 2, name: 'Transport fuels', sortOrder: 2 },
  { id: 3, name: 'Water', sortOrder: 3 },
  { id: 4, name: 'Refrigerants', sortOrder: 4 },
  { id: 5, name: 'Waste', sortOrder: 5 },
] as const;

export type { UnitSeed } from './catalogue-units';
export type { DataTypeSeed, FactorSeed };

const electricity = (scope3: string): FactorSeed[] => [
  ...(
    [
      [2012, 0.1729810303],
      [2013, 0.1461825561],
      [2014, 0.1221241874],
      [2015, 0.1168674104],
      [2016, 0.0915447009],
      [2017, 0.1031083889],
      [2018, 0.097861135],
      [2019, 0.1105547311],
      [2020, 0.1216915353],
      [2021, 0.123323991],
      [2022, 0.0818949105],
      [2023, 0.0766302343],
      [2024, 0.1011189484],
    ] as const
  ).map(([year, rate]) => ({
    scope: 2 as const,
    rate,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    notes: `${PAGE25}, Table 5.2 (purchased grid-average electricity, annual averages), 'Electricity Used – ${year}'.`,
  })),
  {
    scope: 2,
    rate: 0.0786625,
    startDate: '2025-01-01',
    endDate: null,
    notes: `${WB26}, Purchased Electricity, Annual Averages, 'Electricity Used - 2025' (cell data!J1608). The 2026 edition also revises 2023 to 0.0765687 and 2024 to 0.0993596; the 2025 edition's values are kept for those years.`,
  },
  {
    scope: 3,
    rate: 0.00752331,
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    notes: `${WB26}, Transmission and distribution losses, Electricity Consumption, 'Electricity Used - 2024' (cell data!J1708). ${scope3}`,
  },
  {
    scope: 3,
    rate: 0.00595616,
    startDate: '2025-01-01',
    endDate: null,
    notes: `${WB26}, Transmission and distribution losses, 'Electricity Used - 2025' (cell data!J1712; MfE marks it calculated with the latest observed T&D losses). ${scope3}`,
  },
];
/**
 * The New Zealand residual mix for market-based scope 2: the residual supply factor (RSF) of the NZ Energy
 * Certificate System, by production year (1 April to 31 March). Only the figures read on the publisher's pages
 * are held; years whose figure was not found have no residual mix, so their market-based scope 2 takes the grid
 * average and says so (GHG Protocol Scope 2 Guidance, where no residual mix is available).
 */
export const RSM =
  'NZ Energy Certificate System (NZECS) Residual Supply Mix, published by the registry operator Certified Energy (now BraveTrace)';
const RSM_GAP =
  "The residual supply factors of production years 2021/22 to 2023/24 were not found in the sources read (the publisher's table of them was not in the stored pages), so no residual mix is held for April 2021 to March 2024: market-based scope 2 takes the grid average for those months.";
export const RESIDUAL_MIX: FactorSeed[] = [
  {
    scope: 2,
    basis: 'residual-mix',
    rate: 0.099,
    startDate: '2019-04-01',
    endDate: '2020-03-31',
    notes: `${RSM}, production year 2019/20 (1 April 2019 to 31 March 2020): residual supply factor 99 kg CO2-e/MWh (read on certifiedenergy.co.nz/residual-supply, 'The RSF in 2019/20 was 99kg CO2-e/MWh').`,
  },
  {
    scope: 2,
    basis: 'residual-mix',
    rate: 0.125,
    startDate: '2020-04-01',
    endDate: '2021-03-31',
    notes: `${RSM}, production year 2020/21 (1 April 2020 to 31 March 2021): 125 kg CO2-e/MWh (read on certifiedenergy.co.nz/residual-supply). ${RSM_GAP}`,
  },
  {
    scope: 2,
    basis: 'residual-mix',
    rate: 0.11347,
    startDate: '2024-04-01',
    endDate: null,
    notes: `${RSM}: 113.47 kg CO2-e/MWh, the residual supply factor headlined on bravetrace.co.nz/how-it-works/residual-supply-mix beside the certificates redeemed from April 2024 to March 2025, taken as production year 2024/25. As the latest figure held it stays in force until a newer one is loaded (the catalogue's rule for the latest edition). ${RSM_GAP}`,
  },
];

const TD_GAP =
  'T&D loss factors before 2024 were not found in the sources read (MfE Table 5.5 is not in the stored pages).';

export const DATA_TYPES: DataTypeSeed[] = [
  {
    key: 'electricity',
    id: 13,
    name: 'Electricity (grid supplied)',
    grouping: 'Electricity',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 1,
    scope3Category: 4,
    sourceNotes: `${MFE}: scope 2 location-based grid average from the 2025 edition Table 5.2 (annual series 2012-2024) and the 2026 edition workbook (2025, open-ended); scope 3 transmission and distribution losses from the 2026 edition workbook (2024, 2025). Scope 2 market-based residual mix: ${RSM} (2019/20, 2020/21 and from 2024/25). Id 13 is an electricity (ICP) type as the specification's constants say.`,
    units: energyUnits(),
    factors: [...electricity(TD_GAP), ...RESIDUAL_MIX],
  },
  {
    key: 'electricity-ev',
    id: 14,
    name: 'Electricity (vehicle charging)',
    grouping: 'Electricity',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 2,
    scope3Category: 4,
    sourceNotes: `Grid electricity used to charge vehicles (the specification's EV fuel code 14); the same ${MFE} factors and ${RSM} residual mix as Electricity (grid supplied).`,
    units: energyUnits(),
    factors: [...electricity(TD_GAP), ...RESIDUAL_MIX],
  },
  {
    key: 'natural-gas',
    id: 2,
    name: 'Natural gas',
    grouping: 'Natural gas',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 1,
    scope3Category: 4,
    sourceNotes: `${MFE}, 2025 edition, Table 3.2 (stationary combustion, commercial use), 'Natural Gas (kWh)' 0.1951479317 and 'Natural Gas (GJ)' 54.20775879 kg CO2-e. Not found in the sources read: the natural gas T&D loss factor (scope 3) and a calorific value per m3, so no m3 unit is offered.`,
    units: energyUnits(),
    factors: [
      {
        scope: 1,
        rate: 0.1951479317,
        startDate: FLOOR,
        endDate: null,
        notes: `${PAGE25}, Table 3.2 stationary combustion, Commercial Use, 'Natural Gas (kWh)'. Earliest and latest edition held, so it covers all years.`,
      },
    ],
  },
  ...LIQUID_FUELS,
  {
    key: 'water-supply',
    id: 20,
    name: 'Water supply',
    grouping: 'Water',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
    reportingGroupId: 3,
    scope3Category: 4,
    sourceNotes: `Reticulated water bought from a supplier. ${MFE}, Table 9.2 water supply emission factors (m3): 2025 edition 0.048549206, 2026 edition 0.0377557 kg CO2-e per m3.`,
    units: waterUnits(),
    factors: [
      {
        scope: 3,
        rate: 0.048549206,
        startDate: FLOOR,
        endDate: '2025-12-31',
        notes: `${PAGE25}, Table 9.2 water supply emission factors, 'Water supply emission factors (m3)'.`,
      },
      {
        scope: 3,
        rate: 0.0377557,
        startDate: '2026-01-01',
        endDate: null,
        notes: `${PAGE26}, Table 9.2 water supply emission factors, 'Water supply emission factors (m3)'.`,
      },
    ],
  },
  {
    key: 'wastewater',
    id: 21,
    name: 'Wastewater',
    grouping: 'Water',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
    reportingGroupId: 3,
    scope3Category: 4,
    sourceNotes: `Wastewater sent to a treatment plant. ${MFE} publishes wastewater treatment factors per person (section 9.3), not per m3, so metered wastewater uses the UK Government (BEIS) 2020 GHG conversion factors for company reporting, 'Water treatment': 0.708 kg CO2e per m3. Replace it with a local per-m3 factor in an organisation's own set where one is known.`,
    units: waterUnits(),
    factors: [
      {
        scope: 3,
        rate: 0.708,
        startDate: FLOOR,
        endDate: null,
        notes:
          'UK Government GHG conversion factors for company reporting 2020 (BEIS), Water treatment, per cubic metre: 0.708 kg CO2e. Used because MfE publishes wastewater factors per person only.',
      },
    ],
  },
  {
    key: 'co2e',
    id: 52,
    name: 'Externally calculated CO2e',
    grouping: 'Emissions',
    typeId: 4,
    stdUnit: 'kg CO2e',
    standardisedUnit: 'emissions',
    reportingGroupId: null,
    scope3Category: null,
    sourceNotes:
      'Emissions calculated elsewhere and recorded as kg CO2-e (the specification fixes id 52). The quantity is itself the emission; no factor applies.',
    units: [
      { name: 'kg CO2e', conversion: 1 },
      { name: 't CO2e', conversion: 1000 },
    ],
    factors: [],
  },
  {
    key: 'distance',
    id: 116,
    name: 'Distance travelled',
    grouping: 'Distance',
    typeId: 2,
    stdUnit: 'km',
    standardisedUnit: 'distance',
    reportingGroupId: null,
    scope3Category: null,
    sourceNotes:
      "Vehicle distance meters (the specification's fuel code 116 (km) and distance unit id 35). Recorded only; emissions come from the fuel.",
    units: [
      { name: 'km', conversion: 1, id: 35 },
      { name: 'miles', conversion: 1.609344, sourceInfo: '1 international mile = 1.609344 km' },
    ],
    factors: [],
  },
];

// Portfolio Manager's units (catalogue-units.ts), each type's after its own.
for (const t of DATA_TYPES) t.units.push(...portfolioManagerUnits(t));
