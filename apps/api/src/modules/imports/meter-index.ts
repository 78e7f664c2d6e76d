import type { DbOrTx } from '@verdant/db/client';
import { showsDataSourceTab } from '@verdant/domain/data-source-tabs';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { FILE_NAME_LABEL } from '@verdant/domain/imports/portfolio-manager';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { canOnAssets, type Principal } from '../../lib/rights';
import { importIdentifiers } from './meter-identities.queries';

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

/** A key no data source answers to, as the report of unknown meters lists it. */
export interface UnknownKey {
  key: string;
  /** The refusal's reason, which the error report and the refusals' counts group rows by. */
  reason: string;
  /** How the file describes the meter beyond its key, when it does. */
  context: string | null;
  /** The identifier label a data source mapped to this key remembers it under. */
  label: string;
}

export interface MeterIndex {
  /**
   * The meter a file's key names (local name, meter number, ICP/NMI, or an import identifier), or the reason it
   * names none; `hint` describes an unknown key for its report.
   */
  resolve(key: string, hint?: { context?: string | null; label?: string | null }): ImportMeter | string;
  byId(id: number): ImportMeter | undefined;
  /** The value a meter holds under an import identifier label, if any. */
  identifierOf(meterId: number, label: string): string | undefined;
  /** Adds a name the load has just remembered on a meter, so that the file's next rows find it. */
  remember(meterId: number, label: string, key: string): void;
  /** The keys that named no data source, in the order met. */
  unknownKeys(): UnknownKey[];
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
  const index = (name: string | null, id: number) => {
    const key = name ? meterKey(name) : '';
    if (!key) return;
    const ids = byKey.get(key) ?? new Set<number>();
    ids.add(id);
    byKey.set(key, ids);
  };
  rows.rows.forEach((r, i) => {
    const { meterNumber, account, conversion, ...rest } = r;
    meters.set(r.id, {
      ...rest,
      conversion: conversion === null ? 1 : Number(conversion),
      editable: editable[i] === true,
    });
    for (const name of [r.localName, meterNumber, account]) index(name, r.id);
  });
  const identifiers = new Map<string, string>();
  for (const i of await importIdentifiers(db, organisationId)) {
    if (!meters.has(i.meterId)) continue;
    index(i.value, i.meterId);
    identifiers.set(`${i.meterId}|${i.label.toLowerCase()}`, i.value);
  }
  const resolved = new Map<string, ImportMeter | string>();
  const unknown = new Map<string, UnknownKey>();
  return {
    byId: (id) => meters.get(id),
    identifierOf: (meterId, label) => identifiers.get(`${meterId}|${label.toLowerCase()}`),
    remember(meterId, label, key) {
      index(key, meterId);
      identifiers.set(`${meterId}|${label.toLowerCase()}`, key);
      resolved.delete(meterKey(key));
    },
    unknownKeys: () => [...unknown.values()],
    resolve(key, hint) {
      const k = meterKey(key);
      let found = resolved.get(k);
      if (found !== undefined) return found;
      const ids = [...(byKey.get(k) ?? [])];
      const first = ids.length > 0 ? meters.get(ids[0] as number) : undefined;
      if (!first) {
        found = fill(IMPORT_MSG.meterUnknown, { key });
        if (!unknown.has(k))
          unknown.set(k, {
            key,
            reason: found,
            context: hint?.context ?? null,
            label: hint?.label ?? FILE_NAME_LABEL,
          });
      } else if (ids.length > 1)
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
