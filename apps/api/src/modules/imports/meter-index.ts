import type { DbOrTx } from '@verdant/db/client';
import { showsDataSourceTab } from '@verdant/domain/data-source-tabs';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { canOnAssets, type Principal } from '../../lib/rights';

/** A data source of the organisation as the load job needs it. */
export interface ImportMeter {
  id: number;
  localName: string;
  meterType: number;
  level: number;
  inheritSubmeter: boolean;
  hasExport: boolean;
  meterOpen: string | null;
  meterClose: string | null;
  unitId: number | null;
  /** The meter's unit in its data type's standard unit (kWh for electricity). */
  conversion: number;
  dataTypeId: number | null;
  editable: boolean;
}

/** How a meter is named in files: case, spaces and punctuation aside (an ICP with or without its hyphen). */
export const meterKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

export interface MeterIndex {
  /** The meter a file's key names (local name, meter number or ICP/NMI), or the reason it names none. */
  resolve(key: string): ImportMeter | string;
  byId(id: number): ImportMeter | undefined;
}

type Row = Omit<ImportMeter, 'editable' | 'conversion'> & {
  meterNumber: string | null;
  account: string | null;
  conversion: string | null;
};

/**
 * Every live data source of the organisation, indexed by the names files give them, with whether the uploader
 * may change it (advanced rights included): one query each, whatever the size of the file.
 */
export async function loadMeterIndex(
  db: DbOrTx,
  organisationId: number,
  principal: Principal,
): Promise<MeterIndex> {
  const rows = await db.execute<Row>(sql`
    select m.id, m.local_name as "localName", m.meter_type as "meterType", m.metlvl_id as level,
      m.inherit_submeter as "inheritSubmeter", m.has_export as "hasExport", m.meter_open as "meterOpen",
      m.meter_close as "meterClose", m.unit_id as "unitId", u.conversion_to_standard::text as conversion,
      m.energy_id as "dataTypeId", m.meter_number as "meterNumber", m.account
    from meters m left join units u on u.id = m.unit_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null order by m.id`);
  const editable = await canOnAssets(
    db,
    principal,
    'edit',
    organisationId,
    rows.rows.map((r) => ({ type: 'meter' as const, id: r.id })),
  );
  const meters = new Map<number, ImportMeter>();
  const byKey = new Map<string, Set<number>>();
  rows.rows.forEach((r, i) => {
    const { meterNumber, account, conversion, ...rest } = r;
    meters.set(r.id, {
      ...rest,
      conversion: conversion === null ? 1 : Number(conversion),
      editable: editable[i] === true,
    });
    for (const name of [r.localName, meterNumber, account]) {
      const key = name ? meterKey(name) : '';
      if (!key) continue;
      const ids = byKey.get(key) ?? new Set<number>();
      ids.add(r.id);
      byKey.set(key, ids);
    }
  });
  const resolved = new Map<string, ImportMeter | string>();
  return {
    byId: (id) => meters.get(id),
    resolve(key) {
      const k = meterKey(key);
      let found = resolved.get(k);
      if (found !== undefined) return found;
      const ids = [...(byKey.get(k) ?? [])];
      const first = ids.length > 0 ? meters.get(ids[0] as number) : undefined;
      if (!first) found = fill(IMPORT_MSG.meterUnknown, { key });
      else if (ids.length > 1)
        found = fill(IMPORT_MSG.meterAmbiguous, {
          key,
          names: ids.map((id) => meters.get(id)?.localName).join(', '),
        });
      else if (!first.editable) found = fill(IMPORT_MSG.meterNotEditable, { name: first.localName });
      else found = first;
      resolved.set(k, found);
      return found;
    },
  };
}

const tabMeter = (m: ImportMeter) => ({
  level: m.level,
  meterType: m.meterType,
  inheritSubmeter: m.inheritSubmeter,
});
/** Whether a meter records half-hour data (types 1, 5 and 6, the ones with an HH Data tab). */
export const takesIntervals = (m: ImportMeter) => showsDataSourceTab('half-hour', tabMeter(m), false);
export const takesInvoices = (m: ImportMeter) => showsDataSourceTab('invoices', tabMeter(m), false);
export const takesRecords = (m: ImportMeter) => showsDataSourceTab('consumption', tabMeter(m), false);
