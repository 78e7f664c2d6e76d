export interface UnitSeed {
  name: string;
  /** standard quantity = quantity x conversionToStandard */
  conversion: number;
  sourceInfo?: string;
  /** Only where the specification fixes an id (distance unit 35). */
  id?: number;
}

/**
 * The units ENERGY STAR Portfolio Manager bills are written in, added to the catalogue's data types
 * (docs/decisions/catalogue.md, Portfolio Manager's units) so that its exports load as downloaded. Energy units by
 * their definitions; a volume of a fuel by the data type's own energy per litre (so that an emission from it
 * equals the per-litre factor, as for litres); a volume of natural gas or propane gas by Portfolio Manager's heat
 * contents; water volumes by their definitions.
 */

const PM = 'ENERGY STAR Portfolio Manager Technical Reference: Thermal Conversion Factors (United States)';
const PM_READ =
  "as read in the Portfolio Manager application by SEED-platform/seed (seed/data_importer/utils.py, 'kbtu_thermal_conversion_factors')";
/** The international table Btu: 1,055.05585262 J, so 1 kBtu = 1,055,055.85262 J / 3,600,000 J per kWh. */
const KWH_PER_KBTU = 1_055_055.852_62 / 3_600_000;
const BTU = '1 Btu (international table) = 1,055.05585262 J; 1 kWh = 3,600,000 J';
const US_GALLON_L = 3.785411784;
const UK_GALLON_L = 4.54609;
const CUBIC_FOOT_M3 = 0.028316846592;

const energy: UnitSeed[] = [
  { name: 'kBtu', conversion: KWH_PER_KBTU, sourceInfo: `1 kBtu = 1,000 Btu; ${BTU}` },
  { name: 'MBtu', conversion: 1000 * KWH_PER_KBTU, sourceInfo: `1 MBtu (MMBtu) = 1,000,000 Btu; ${BTU}` },
];
const therms: UnitSeed = {
  name: 'therms',
  conversion: 100 * KWH_PER_KBTU,
  sourceInfo: `1 therm = 100 kBtu (${PM}); ${BTU}`,
};

/** Gas measured by volume at Portfolio Manager's heat content (kBtu per cubic foot). */
function gasVolumes(gas: string, kbtuPerCubicFoot: number, withCubicMetres: number | null): UnitSeed[] {
  const per = (name: string, cubicFeet: number): UnitSeed => ({
    name,
    conversion: kbtuPerCubicFoot * cubicFeet * KWH_PER_KBTU,
    sourceInfo: `${gas} ${kbtuPerCubicFoot} kBtu per cubic foot (${PM}, ${PM_READ}); ${BTU}`,
  });
  const out = [
    per('cf (cubic feet)', 1),
    per('ccf (hundred cubic feet)', 100),
    per('kcf (thousand cubic feet)', 1000),
    per('MMcf (million cubic feet)', 1_000_000),
  ];
  if (withCubicMetres !== null)
    out.push({
      name: 'cm (cubic meters)',
      conversion: withCubicMetres * KWH_PER_KBTU,
      sourceInfo: `${gas} ${withCubicMetres} kBtu per cubic metre (${PM}, ${PM_READ}; two decimals as read); ${BTU}`,
    });
  return out;
}

/** A liquid fuel's gallons as litres of it. */
function gallons(litre: UnitSeed | undefined): UnitSeed[] {
  if (!litre) return [];
  return [
    {
      name: 'US gallons',
      conversion: US_GALLON_L * litre.conversion,
      sourceInfo: `1 US gallon = ${US_GALLON_L} litres (exact), at the litre's energy content: ${litre.sourceInfo ?? ''}`,
    },
    {
      name: 'UK gallons',
      conversion: UK_GALLON_L * litre.conversion,
      sourceInfo: `1 imperial gallon = ${UK_GALLON_L} litres (exact), at the litre's energy content: ${litre.sourceInfo ?? ''}`,
    },
  ];
}

const waterVolumes = (): UnitSeed[] => {
  const us = `1 US gallon = ${US_GALLON_L} litres (exact)`;
  const uk = `1 imperial gallon = ${UK_GALLON_L} litres (exact)`;
  const cf = `1 cubic foot = ${CUBIC_FOOT_M3} m3 (exact)`;
  const g = US_GALLON_L / 1000;
  const ig = UK_GALLON_L / 1000;
  return [
    { name: 'US gallons', conversion: g, sourceInfo: us },
    { name: 'cGal (hundred US gallons)', conversion: 100 * g, sourceInfo: us },
    { name: 'kGal (thousand US gallons)', conversion: 1000 * g, sourceInfo: us },
    { name: 'MGal (million US gallons)', conversion: 1_000_000 * g, sourceInfo: us },
    { name: 'UK gallons', conversion: ig, sourceInfo: uk },
    { name: 'cGal (hundred UK gallons)', conversion: 100 * ig, sourceInfo: uk },
    { name: 'kGal (thousand UK gallons)', conversion: 1000 * ig, sourceInfo: uk },
    { name: 'MGal (million UK gallons)', conversion: 1_000_000 * ig, sourceInfo: uk },
    { name: 'cf (cubic feet)', conversion: CUBIC_FOOT_M3, sourceInfo: cf },
    { name: 'ccf (hundred cubic feet)', conversion: 100 * CUBIC_FOOT_M3, sourceInfo: cf },
    { name: 'kcf (thousand cubic feet)', conversion: 1000 * CUBIC_FOOT_M3, sourceInfo: cf },
    { name: 'MMcf (million cubic feet)', conversion: 1_000_000 * CUBIC_FOOT_M3, sourceInfo: cf },
    { name: 'kcm (thousand cubic meters)', conversion: 1000, sourceInfo: '1 kcm = 1,000 m3' },
  ];
};

/**
 * The first id of each data type's added units: ids are fixed so that every installation agrees, each type's list
 * only ever grows at its end.
 */
const FIRST_ID: Record<string, number> = {
  electricity: 1001,
  'electricity-ev': 1021,
  'natural-gas': 1041,
  lpg: 1061,
  diesel: 1081,
  'diesel-stationary': 1101,
  petrol: 1121,
  bioethanol: 1141,
  'petrol-e10': 1161,
  'water-supply': 1181,
  wastewater: 1201,
};

/** The units a data type takes beyond its own for Portfolio Manager's bills, with their fixed ids. */
export function portfolioManagerUnits(type: { key: string; units: readonly UnitSeed[] }): UnitSeed[] {
  const first = FIRST_ID[type.key];
  if (first === undefined) return [];
  const litre = type.units.find((u) => u.name === 'litres');
  let units: UnitSeed[];
  if (type.key === 'natural-gas') units = [...energy, therms, ...gasVolumes('Natural gas', 1.026, 36.3)];
  else if (type.key === 'lpg') units = [...energy, ...gallons(litre), ...gasVolumes('Propane', 2.516, null)];
  else if (type.key === 'water-supply' || type.key === 'wastewater') units = waterVolumes();
  else units = [...energy, ...gallons(litre)];
  return units.map((u, i) => ({ ...u, id: first + i }));
}
