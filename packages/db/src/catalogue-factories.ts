import type { DbOrTx } from './client';
import { dataTypes, emissionFactorSources, emissionFactors, units } from './schema/catalogue';

const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('row not inserted');
  return row;
};

/** A data type with its standard unit (factor 1) and any other units, for tests. */
export async function createDataType(
  db: DbOrTx,
  values: Partial<typeof dataTypes.$inferInsert> & { name: string },
  otherUnits: { name: string; conversionToStandard: number }[] = [],
) {
  const stdUnit = values.stdUnit ?? 'kWh';
  const type = first(
    await db
      .insert(dataTypes)
      .values({ grouping: values.name, typeId: 1, standardisedUnit: 'energy', stdUnit, ...values })
      .returning(),
  );
  const [std, ...rest] = await db
    .insert(units)
    .values(
      [{ name: stdUnit, conversionToStandard: 1 }, ...otherUnits].map((u) => ({
        dataTypeId: type.id,
        name: u.name,
        conversionToStandard: String(u.conversionToStandard),
      })),
    )
    .returning();
  if (!std) throw new Error('unit not inserted');
  const unitByName = Object.fromEntries([std, ...rest].map((u) => [u.name, u]));
  return { ...type, stdUnitId: std.id, units: unitByName };
}

export async function createFactorSource(
  db: DbOrTx,
  values: Partial<typeof emissionFactorSources.$inferInsert> = {},
) {
  return first(
    await db
      .insert(emissionFactorSources)
      .values({ name: 'Test factors', isDefault: true, ...values })
      .returning(),
  );
}

export async function createFactor(
  db: DbOrTx,
  values: {
    dataTypeId: number;
    sourceId: number;
    scope: number;
    rate: number;
    startDate: string;
    endDate?: string | null;
    /** Scope 2: location (the default) or residual-mix. */
    scope2Basis?: 'location' | 'residual-mix';
  },
) {
  const scope2Basis = values.scope === 2 ? (values.scope2Basis ?? 'location') : null;
  return first(
    await db
      .insert(emissionFactors)
      .values({ ...values, scope2Basis, rate: String(values.rate), endDate: values.endDate ?? null })
      .returning(),
  );
}
