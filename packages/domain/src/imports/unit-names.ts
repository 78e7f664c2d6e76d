import { loose } from './csv-text';

/**
 * The catalogue's names for the units Portfolio Manager writes otherwise (docs/decisions/imports.md, Portfolio
 * Manager), compared loosely. A label may name a different unit per data type ("cm (cubic meters)" is natural
 * gas's own unit and a water data source's m3): the first name the data type has wins.
 */
const ALIASES: Record<string, string[]> = {
  'mbtu mmbtu million btu': ['MBtu'],
  mmbtu: ['MBtu'],
  liters: ['litres'],
  'cm cubic meters': ['cm (cubic meters)', 'm3'],
  'mcf million cubic feet': ['MMcf (million cubic feet)'],
  'mcf million cubic feed': ['MMcf (million cubic feet)'],
  'gallons us': ['US gallons'],
  'gallons uk': ['UK gallons'],
  'cgal hundred gallons us': ['cGal (hundred US gallons)'],
  'cgal hundred gallons uk': ['cGal (hundred UK gallons)'],
  'kgal thousand gallons us': ['kGal (thousand US gallons)'],
  'kgal thousand gallons uk': ['kGal (thousand UK gallons)'],
  'mgal million gallons us': ['MGal (million US gallons)'],
  'mgal million gallons uk': ['MGal (million UK gallons)'],
  'kcm thousand cubic meters': ['kcm (thousand cubic meters)'],
  'kcm thousand cubit meters': ['kcm (thousand cubic meters)'],
};

/**
 * The names a unit written in a file may be, loosely and in order: as written ('kWh (thousand Watt-hours)'), the
 * part outside brackets ('kWh'), the part inside ('thousand Watt-hours'), then the catalogue's names for it.
 */
export function unitCandidates(text: string): string[] {
  const outside = text.replace(/\(.*?\)/g, '');
  const inside = /\((.*?)\)/.exec(text)?.[1] ?? '';
  const names = [text, outside, inside, ...(ALIASES[loose(text)] ?? [])].map(loose).filter(Boolean);
  return [...new Set(names)];
}
