import { eq, inArray, sql } from 'drizzle-orm';
import {
  DATA_TYPES,
  type DataTypeSeed,
  FACTOR_SOURCE,
  type FactorSeed,
  REPORTING_GROUPS,
  RESIDUAL_MIX,
  type UnitSeed,
} from './catalogue-data';
import { assignSeedEditions } from './catalogue-editions';
import type { Db, Tx } from './client';
import { markPendingByDataTypes } from './ledger/pending';
import {
  compositeComponents,
  dataTypes,
  emissionFactorSources,
  emissionFactors,
  energyReportingGroups,
  units,
} from './schema/catalogue';
import { appMeta } from './schema/core';

/**
 * 2: the residual mix (market-based scope 2) of the electricity data types; 3: Portfolio Manager's units; 4: the
 * default set's factors as editions of their publications.
 */
export const CATALOGUE_VERSION = '4';
const VERSION_KEY = 'catalogue_version';
// Not the demo seed's lock: the two seeders may run one after the other in the same start.
const LOCK_KEY = 74202;

/** numeric(20, 10) columns take exact decimal strings. */
const exact = (n: number) => n.toFixed(10);

interface PlannedUnit extends UnitSeed {
  id: number;
}

/** Unit ids are fixed too (the specification names distance unit 35), so every installation agrees. */
function planUnits(types: readonly DataTypeSeed[]): Map<string, PlannedUnit[]> {
  const reserved = new Set(types.flatMap((t) => t.units.flatMap((u) => (u.id ? [u.id] : []))));
  let next = 1;
  const plan = new Map<string, PlannedUnit[]>();
  for (const t of types) {
    plan.set(
      t.key,
      t.units.map((u) => {
        if (u.id) return { ...u, id: u.id };
        while (reserved.has(next)) next++;
        return { ...u, id: next++ };
      }),
    );
  }
  return plan;
}

async function assertIdsFree(tx: Tx, unitIds: number[]) {
  const typeIds = DATA_TYPES.flatMap((t) => (t.id ? [t.id] : []));
  const groupIds = REPORTING_GROUPS.map((g) => g.id);
  const taken = [
    ...(await tx.select({ id: dataTypes.id }).from(dataTypes).where(inArray(dataTypes.id, typeIds))).map(
      (r) => `data type ${r.id}`,
    ),
    ...(await tx.select({ id: units.id }).from(units).where(inArray(units.id, unitIds))).map(
      (r) => `unit ${r.id}`,
    ),
    ...(
      await tx
        .select({ id: energyReportingGroups.id })
        .from(energyReportingGroups)
        .where(inArray(energyReportingGroups.id, groupIds))
    ).map((r) => `reporting group ${r.id}`),
  ];
  if (taken.length > 0) throw new Error(`The catalogue cannot be loaded: ${taken.join(', ')} already taken`);
}

async function insertType(tx: Tx, t: DataTypeSeed, planned: PlannedUnit[], sourceId: number) {
  const id =
    t.id ??
    Number(
      (await tx.execute<{ id: string }>(sql`select nextval('composite_data_type_ids') as id`)).rows[0]?.id,
    );
  const standard = planned.find((u) => u.name === t.stdUnit);
  if (standard?.conversion !== 1) throw new Error(`${t.name}: no standard unit ${t.stdUnit}`);
  await tx.insert(dataTypes).values({
    id,
    name: t.name,
    grouping: t.grouping,
    typeId: t.typeId,
    stdUnit: t.stdUnit,
    standardisedUnit: t.standardisedUnit,
    reportingGroupId: t.reportingGroupId,
    composite: t.components !== undefined,
    scope3Category: t.scope3Category,
    sourceNotes: t.sourceNotes,
  });
  await tx.insert(units).values(
    planned.map((u) => ({
      id: u.id,
      dataTypeId: id,
      name: u.name,
      conversionToStandard: exact(u.conversion),
      sourceInfo: u.sourceInfo ?? null,
    })),
  );
  await tx.update(dataTypes).set({ defaultUnitId: standard.id }).where(eq(dataTypes.id, id));
  if (t.factors.length > 0) {
    await tx.insert(emissionFactors).values(
      t.factors.map((f) => {
        // A factor printed per litre or kg becomes per standard unit: divide by the unit's energy content.
        const per = f.perUnit ? planned.find((u) => u.name === f.perUnit) : standard;
        if (!per) throw new Error(`${t.name}: no unit ${f.perUnit}`);
        return factorRow(f, id, sourceId, per.conversion);
      }),
    );
  }
  return id;
}

function factorRow(f: FactorSeed, dataTypeId: number, sourceId: number, perConversion = 1) {
  return {
    dataTypeId,
    sourceId,
    scope: f.scope,
    scope2Basis: f.scope === 2 ? (f.basis ?? 'location') : null,
    rate: exact(f.rate / Number(exact(perConversion))),
    startDate: f.startDate,
    endDate: f.endDate,
    notes: f.notes,
  };
}

/**
 * Brings a catalogue loaded by an earlier version up to this one: from version 1, the residual mix; from 1 or 2,
 * Portfolio Manager's units.
 */
async function upgradeCatalogue(tx: Tx, from: string) {
  if (from === CATALOGUE_VERSION) return;
  if (from === '1') await addResidualMix(tx);
  if (from === '1' || from === '2') await addPortfolioManagerUnits(tx);
  // Version 4: the default set's factors become editions of their publications (figures unchanged).
  await assignSeedEditions(tx);
  await tx.update(appMeta).set({ value: CATALOGUE_VERSION }).where(eq(appMeta.key, VERSION_KEY));
}

/**
 * Version 3 added Portfolio Manager's units (catalogue-units.ts) to the catalogue's data types still present:
 * each with its fixed id where that id is free, a unit of the same name the type already has left as it is.
 */
async function addPortfolioManagerUnits(tx: Tx) {
  for (const t of DATA_TYPES) {
    const added = t.units.filter((u) => (u.id ?? 0) > 1000);
    if (added.length === 0) continue;
    const found = await tx.execute<{ id: number }>(
      t.id
        ? sql`select id from data_types where id = ${t.id}`
        : sql`select id from data_types where name = ${t.name} and composite order by id limit 1`,
    );
    const typeId = found.rows[0]?.id;
    if (typeId === undefined) continue;
    for (const u of added) {
      await tx.execute(sql`
        insert into units (id, data_type_id, name, conversion_to_standard, source_info)
        select coalesce((select ${u.id}::int where not exists (select 1 from units where id = ${u.id})),
            nextval('units_id_seq')::int),
          ${typeId}, ${u.name}, ${exact(u.conversion)}, ${u.sourceInfo ?? null}
        where not exists (select 1 from units where data_type_id = ${typeId} and name = ${u.name})`);
    }
  }
  await tx.execute(sql`select setval('units_id_seq', greatest((select max(id) from units),
    (select last_value from units_id_seq)))`);
}

/**
 * Version 2 added the residual mix to the electricity data types (where they are still the catalogue's, with the
 * default source) and marked their meters for the background recompute.
 */
async function addResidualMix(tx: Tx) {
  const [source] = await tx
    .select({ id: emissionFactorSources.id })
    .from(emissionFactorSources)
    .where(eq(emissionFactorSources.isDefault, true));
  const electric = DATA_TYPES.filter((t) => t.factors.some((f) => f.basis === 'residual-mix'));
  const present = await tx
    .select({ id: dataTypes.id })
    .from(dataTypes)
    .where(
      inArray(
        dataTypes.id,
        electric.flatMap((t) => (t.id ? [t.id] : [])),
      ),
    );
  if (source && present.length > 0) {
    await tx
      .insert(emissionFactors)
      .values(present.flatMap((t) => RESIDUAL_MIX.map((f) => factorRow(f, t.id, source.id))));
    await tx
      .update(emissionFactorSources)
      .set({ notes: FACTOR_SOURCE.notes })
      .where(eq(emissionFactorSources.id, source.id));
    await markPendingByDataTypes(
      tx,
      present.map((t) => t.id),
    );
  }
}

/**
 * Loads the reference catalogue (reporting groups, global data types, units, the default New Zealand factor
 * set) once per installation. It runs at every start; later starts find the version marker and change nothing.
 */
export async function seedCatalogue(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, VERSION_KEY));
    if (done) {
      await upgradeCatalogue(tx, done.value);
      return { seeded: false };
    }

    const plan = planUnits(DATA_TYPES);
    await assertIdsFree(
      tx,
      [...plan.values()].flat().map((u) => u.id),
    );
    await tx.insert(energyReportingGroups).values([...REPORTING_GROUPS]);
    const [source] = await tx
      .insert(emissionFactorSources)
      .values({ name: FACTOR_SOURCE.name, notes: FACTOR_SOURCE.notes, isDefault: true })
      .returning();
    if (!source) throw new Error('factor source not created');

    const ids = new Map<string, number>();
    for (const t of DATA_TYPES) ids.set(t.key, await insertType(tx, t, plan.get(t.key) ?? [], source.id));
    for (const t of DATA_TYPES) {
      if (!t.components) continue;
      await tx.insert(compositeComponents).values(
        t.components.map((c) => ({
          compositeId: ids.get(t.key) ?? 0,
          componentId: ids.get(c.key) ?? 0,
          percentage: String(c.percentage),
        })),
      );
    }

    // Rows were given explicit ids: move the generators past them.
    for (const [table, seq, filter] of [
      ['energy_reporting_groups', 'energy_reporting_groups_id_seq', sql``],
      ['units', 'units_id_seq', sql``],
      ['data_types', 'data_types_id_seq', sql`where id < 100000`],
    ] as const) {
      await tx.execute(sql`select setval(${seq}, greatest(
        (select max(id) from ${sql.identifier(table)} ${filter}), (select last_value from ${sql.identifier(seq)})))`);
    }
    await assignSeedEditions(tx);
    await tx.insert(appMeta).values({ key: VERSION_KEY, value: CATALOGUE_VERSION });
    return { seeded: true };
  });
}
