import type { DbOrTx } from '@verdant/db/client';
import { dataTypes, energyReportingGroups, units } from '@verdant/db/schema/catalogue';
import { retailers } from '@verdant/db/schema/retailers';
import { andAmong } from '@verdant/db/sql-arrays';
import { and, asc, eq, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';

/** Global data types and, when given, one organisation's own; never another organisation's. */
const visibleTo = (organisationId: number | Placeholder | null) =>
  organisationId === null
    ? isNull(dataTypes.organisationId)
    : or(isNull(dataTypes.organisationId), eq(dataTypes.organisationId, organisationId));

const dataTypesOf = (db: DbOrTx, organisationId: number | Placeholder | null) =>
  db
    .select({
      id: dataTypes.id,
      grouping: dataTypes.grouping,
      energyDescr: dataTypes.name,
      retired: dataTypes.retired,
      energytypeId: dataTypes.typeId,
      standardisedUnit: dataTypes.standardisedUnit,
    })
    .from(dataTypes)
    .where(visibleTo(organisationId))
    .orderBy(asc(dataTypes.grouping), asc(dataTypes.name), asc(dataTypes.id));

/** An organisation's data types with the global ones: the energy types every data entry page asks for. */
const organisationDataTypes = preparedStatement('organisation_data_types', (db) =>
  dataTypesOf(db, sql.placeholder('organisationId')),
);

export async function listDataTypes(db: DbOrTx, organisationId: number | null) {
  return organisationId === null ? dataTypesOf(db, null) : organisationDataTypes(db, { organisationId });
}

/**
 * The data types live data sources of the organisation measure, among the meters given (null: all of them),
 * in the catalogue's order; retired ones too while a data source still measures them.
 */
export async function measuredDataTypes(
  db: DbOrTx,
  organisationId: number,
  visible: readonly number[] | null,
) {
  const seen = andAmong('m.id', visible);
  return db
    .select({
      id: dataTypes.id,
      grouping: dataTypes.grouping,
      energyDescr: dataTypes.name,
      retired: dataTypes.retired,
      energytypeId: dataTypes.typeId,
      standardisedUnit: dataTypes.standardisedUnit,
    })
    .from(dataTypes)
    .where(
      and(
        visibleTo(organisationId),
        sql`exists (select 1 from meters m where m.organisation_id = ${organisationId}
          and m.deleted_at is null and m.energy_id = ${dataTypes.id} ${seen})`,
      ),
    )
    .orderBy(asc(dataTypes.grouping), asc(dataTypes.name), asc(dataTypes.id));
}

export async function findDataType(db: DbOrTx, id: number, organisationId: number | null) {
  const [row] = await db
    .select({
      id: dataTypes.id,
      name: dataTypes.name,
      grouping: dataTypes.grouping,
      retired: dataTypes.retired,
    })
    .from(dataTypes)
    .where(and(eq(dataTypes.id, id), visibleTo(organisationId)));
  return row;
}

const unitColumns = {
  unitId: units.id,
  name: units.name,
  conversionToStandard: units.conversionToStandard,
  energyId: units.dataTypeId,
};

export async function listUnits(db: DbOrTx, organisationId: number | null) {
  return db
    .select(unitColumns)
    .from(units)
    .innerJoin(dataTypes, eq(dataTypes.id, units.dataTypeId))
    .where(visibleTo(organisationId))
    .orderBy(asc(units.dataTypeId), asc(units.conversionToStandard), asc(units.id));
}

export async function unitsOf(db: DbOrTx, dataTypeId: number, unitIds?: number[]) {
  return db
    .select(unitColumns)
    .from(units)
    .where(
      and(eq(units.dataTypeId, dataTypeId), unitIds === undefined ? undefined : inArray(units.id, unitIds)),
    )
    .orderBy(asc(units.conversionToStandard), asc(units.id));
}

export async function listReportingGroups(db: DbOrTx) {
  return db
    .select({
      id: energyReportingGroups.id,
      name: energyReportingGroups.name,
      sortOrder: energyReportingGroups.sortOrder,
    })
    .from(energyReportingGroups)
    .orderBy(
      asc(energyReportingGroups.sortOrder),
      asc(energyReportingGroups.name),
      asc(energyReportingGroups.id),
    );
}

export async function listRetailers(db: DbOrTx) {
  return db
    .select({
      retailerId: retailers.id,
      retailerDescr: retailers.name,
      loadId: retailers.loadId,
      stdUnit: retailers.stdUnit,
      type: retailers.type,
    })
    .from(retailers)
    .orderBy(asc(retailers.name), asc(retailers.id));
}
