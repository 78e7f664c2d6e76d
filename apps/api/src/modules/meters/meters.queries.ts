import type { DbOrTx } from '@verdant/db/client';
import { meters, sites } from '@verdant/db/schema/assets';
import { dataTypes, units } from '@verdant/db/schema/catalogue';
import { organisations } from '@verdant/db/schema/core';
import { and, eq, isNull } from 'drizzle-orm';

/** A live meter of the organisation with its site, organisation, data type and unit names. */
export async function findMeter(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select({
      meter: meters,
      siteName: sites.name,
      organisationName: organisations.name,
      reportingYearEnd: organisations.reportingYearEnd,
      energy: dataTypes.name,
      energyGroup: dataTypes.grouping,
      stdUnit: dataTypes.stdUnit,
      unit: units.name,
      conversion: units.conversionToStandard,
    })
    .from(meters)
    .innerJoin(sites, and(eq(sites.organisationId, meters.organisationId), eq(sites.id, meters.siteId)))
    .innerJoin(organisations, eq(organisations.id, meters.organisationId))
    .leftJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .leftJoin(units, eq(units.id, meters.unitId))
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, id), isNull(meters.deletedAt)));
  return row;
}
export type FoundMeter = NonNullable<Awaited<ReturnType<typeof findMeter>>>;
