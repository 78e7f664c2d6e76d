import { ENERGY_TYPE_TYPES } from '@verdant/contracts/catalogue';
import type { AdminDataType } from '@verdant/contracts/catalogue-admin';
import { csvText } from '../../lib/spreadsheet';

/** The admin data types list as activities.csv: one row per data type, its units in one cell. */
export function activitiesCsv(list: AdminDataType[]): string {
  const typeName = (id: number) => ENERGY_TYPE_TYPES.find((t) => t.Id === id)?.Descr ?? String(id);
  const rows = list.map((t) => [
    t.id,
    t.grouping,
    t.energyDescr,
    typeName(t.type),
    t.org ? t.org.name : 'Global',
    t.stdUnit,
    t.units.map((u) => `${u.name} (x${u.conversionToStandard})`).join('; '),
    t.factorScopes.map((s) => `Scope ${s}`).join('; '),
    t.composite ? 'Yes' : 'No',
    t.retired ? 'Yes' : 'No',
    t.source_notes ?? '',
  ]);
  const header = [
    'Id',
    'Group',
    'Data Type',
    'Type',
    'Availability',
    'Standard Unit',
    'Units',
    'Factor scopes',
    'Composite',
    'Retired',
    'Source notes',
  ];
  return csvText([header, ...rows]);
}
