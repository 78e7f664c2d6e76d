import { type DataTypeSeed, energyUnits, FLOOR, MFE, PAGE25, WB25, WB26 } from './catalogue-sources';

// Energy contents. MfE prints fuel factors per litre or kg and the stored MfE pages do not print the calorific
// values behind them, so these come from the publications named; gross (higher) heating values, as MfE's factors
// are on a gross basis. An emission computed from litres or kg equals the MfE per-litre or per-kg factor exactly.
const LPG_KWH_PER_L = 7.259;
const LPG_KWH_PER_KG = 7.259 / 0.529749;
const LPG_CV =
  'UK DESNZ 2025 fuel properties, LPG gross CV 7.259 kWh per litre at density 529.749 kg/m3, as quoted by universal-converter.org';
const REN21 =
  'REN21 Renewables 2014 Global Status Report, Energy units and conversion factors, heat of combustion (high heat values)';
/** A liquid fuel's litre as a unit, from its gross calorific value in MJ per litre (3.6 MJ to the kWh). */
const litresAt = (mjPerLitre: number) => ({
  name: 'litres',
  conversion: mjPerLitre / 3.6,
  sourceInfo: `${mjPerLitre} MJ/litre gross calorific value: ${REN21}`,
});

/** LPG, diesel, petrol and bioethanol, as transport and stationary fuels: part of DATA_TYPES (./catalogue-data.ts). */
export const LIQUID_FUELS: DataTypeSeed[] = [
  {
    key: 'lpg',
    id: 3,
    name: 'LPG',
    grouping: 'LPG',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 1,
    scope3Category: null,
    sourceNotes: `${MFE}, 2025 edition, Table 3.2 (stationary combustion, commercial use), 'LPG' 2.971635097 kg CO2-e per kg; converted to kWh with ${LPG_CV} (MfE's own LPG calorific value was not found in the sources read).`,
    units: [
      ...energyUnits(),
      { name: 'kg', conversion: LPG_KWH_PER_KG, sourceInfo: `Gross calorific value: ${LPG_CV}` },
      { name: 'litres', conversion: LPG_KWH_PER_L, sourceInfo: `Gross calorific value: ${LPG_CV}` },
    ],
    factors: [
      {
        scope: 1,
        rate: 2.971635097,
        perUnit: 'kg',
        startDate: FLOOR,
        endDate: null,
        notes: `${PAGE25}, Table 3.2 stationary combustion, Commercial Use, 'LPG' 2.971635097 kg CO2-e/kg, divided by the kg unit's energy content.`,
      },
    ],
  },
  {
    key: 'diesel',
    id: 4,
    name: 'Diesel',
    grouping: 'Diesel',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 2,
    scope3Category: null,
    sourceNotes: `Diesel burnt in owned or leased vehicles and mobile plant. ${MFE}, transport fuel 'Diesel' per litre: 2025 v3 workbook 2.680680605, 2026 v2 workbook 2.67177 (workbook transcriptions; the transport table is not in the stored MfE pages). Energy content 37.3 MJ/litre gross: ${REN21}.`,
    units: [...energyUnits(), litresAt(37.3)],
    factors: [
      {
        scope: 1,
        rate: 2.680680605,
        perUnit: 'litres',
        startDate: FLOOR,
        endDate: '2025-12-31',
        notes: `${WB25}, Fuel / Transport Fuel, 'Diesel (litre)' total (cell data!O1463), per litre divided by the litre's energy content.`,
      },
      {
        scope: 1,
        rate: 2.67177,
        perUnit: 'litres',
        startDate: '2026-01-01',
        endDate: null,
        notes: `${WB26}, Fuel / Transport Fuel, 'Diesel (litre)' total (cell data!J1441), per litre divided by the litre's energy content.`,
      },
    ],
  },
  {
    key: 'diesel-stationary',
    id: 6,
    name: 'Diesel (stationary combustion)',
    grouping: 'Diesel',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 1,
    scope3Category: null,
    sourceNotes: `Diesel burnt in boilers and generators. ${MFE}, 2025 edition, Table 3.2 (stationary combustion, commercial use), 'Diesel' 2.679858468 kg CO2-e per litre. Energy content 37.3 MJ/litre gross: ${REN21}.`,
    units: [...energyUnits(), litresAt(37.3)],
    factors: [
      {
        scope: 1,
        rate: 2.679858468,
        perUnit: 'litres',
        startDate: FLOOR,
        endDate: null,
        notes: `${PAGE25}, Table 3.2 stationary combustion, Commercial Use, 'Diesel' per litre, divided by the litre's energy content.`,
      },
    ],
  },
  {
    key: 'petrol',
    id: 5,
    name: 'Petrol',
    grouping: 'Petrol',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 2,
    scope3Category: null,
    sourceNotes: `Regular petrol in owned or leased vehicles. ${MFE}, transport fuel 'Regular Petrol' per litre: 2025 v3 workbook 2.383126924, 2026 v2 workbook 2.36143 (workbook transcriptions). Energy content 35.2 MJ/litre gross: ${REN21}.`,
    units: [...energyUnits(), litresAt(35.2)],
    factors: [
      {
        scope: 1,
        rate: 2.383126924,
        perUnit: 'litres',
        startDate: FLOOR,
        endDate: '2025-12-31',
        notes: `${WB25}, Fuel / Transport Fuel, 'Regular Petrol (litre)' total (cell data!O1483), per litre divided by the litre's energy content.`,
      },
      {
        scope: 1,
        rate: 2.36143,
        perUnit: 'litres',
        startDate: '2026-01-01',
        endDate: null,
        notes: `${WB26}, Fuel / Transport Fuel, 'Regular Petrol (litre)' total (cell data!J1461), per litre divided by the litre's energy content.`,
      },
    ],
  },
  {
    key: 'bioethanol',
    id: 7,
    name: 'Bioethanol',
    grouping: 'Biofuels',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 2,
    scope3Category: null,
    sourceNotes: `Blend component. ${MFE} publishes bioethanol and E3/E10 blend factors (2024 edition onwards) but their values were not found in the sources read, so no factor is seeded: its CH4 and N2O (biogenic CO2 is reported outside the scopes) count as zero until one is added. Energy content 23.4 MJ/litre gross: ${REN21}.`,
    units: [...energyUnits(), litresAt(23.4)],
    factors: [],
  },
  {
    key: 'petrol-e10',
    name: 'Petrol E10 blend',
    grouping: 'Petrol',
    typeId: 1,
    stdUnit: 'kWh',
    standardisedUnit: 'energy',
    reportingGroupId: 2,
    scope3Category: null,
    sourceNotes: `Composite: 90% Petrol and 10% Bioethanol by volume (E10 is 10 per cent bioethanol: ${MFE}, 2024 edition, section 3.1). Emissions come from the components' factors.`,
    units: [
      ...energyUnits(),
      {
        name: 'litres',
        conversion: (0.9 * 35.2 + 0.1 * 23.4) / 3.6,
        sourceInfo: `0.9 x 35.2 + 0.1 x 23.4 MJ/litre gross calorific values: ${REN21}`,
      },
    ],
    factors: [],
    components: [
      { key: 'petrol', percentage: 90 },
      { key: 'bioethanol', percentage: 10 },
    ],
  },
];
