import {
  type AdminDataType,
  type CompositeDetails,
  type CompositeRequest,
  compositeRequest,
  type DataTypeUpdate,
  dataTypeUpdate,
  type NewDataTypeRequest,
  type NewUnitRequest,
  NUMERIC_TEXT,
  newDataTypeRequest,
  newUnitRequest,
} from '@verdant/contracts/catalogue-admin';
import type { Db, DbOrTx } from '@verdant/db/client';
import { CAT } from '@verdant/domain/catalogue-messages';
import { fill } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './catalogue-admin.queries';
import { defaultSourceId, insertHandFactor } from './catalogue-factors.queries';

const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

export const toAdminType = (r: q.AdminTypeRow): AdminDataType => ({
  id: r.id,
  energyDescr: r.name,
  grouping: r.grouping,
  type: r.type_id,
  org: r.organisation_id === null ? null : { id: r.organisation_id, name: r.organisation_name ?? '' },
  stdUnit: r.std_unit,
  defaultUnit: r.default_unit_id,
  standardisedUnit: r.standardised_unit,
  units: r.units.map((u) => ({ ...u, conversionToStandard: Number(u.conversionToStandard) })),
  retired: r.retired,
  composite: r.composite,
  source_notes: r.source_notes,
  scope3Category: r.scope3_category,
  reportingGroupId: r.reporting_group_id,
  factorScopes: r.scopes,
});

/** The physical quantity a standard unit measures, for a new data type that does not say. */
function standardisedOf(unit: string): string {
  const u = unit.toLowerCase();
  if (['kwh', 'mwh', 'gj', 'mj'].includes(u)) return 'energy';
  if (['m3', 'kl', 'litres', 'l'].includes(u)) return 'volume';
  if (['kg', 'tonnes', 't'].includes(u)) return 'mass';
  if (['km', 'miles'].includes(u)) return 'distance';
  if (u.includes('co2e')) return 'emissions';
  return u;
}

/**
 * Data types, units and composites for product administrators (data-portal.md 5: New data type, New unit,
 * Composite factor; docs/decisions/catalogue.md). Access is declared on the operations (product
 * administrators only); each write is one transaction with its audit row.
 */
export function createCatalogueAdminService({ db }: { db: Db }) {
  async function typeRow(tx: DbOrTx, id: number) {
    const [row] = await q.adminTypes(tx, id);
    if (!row) throw notFound();
    return row;
  }

  async function assertNameFree(tx: DbOrTx, name: string, organisationId: number | null, exceptId?: number) {
    if (await q.typeNamed(tx, name, organisationId, exceptId))
      throw fieldError('name', CAT.dataTypeNameTaken);
  }

  return {
    async list(): Promise<AdminDataType[]> {
      return (await q.adminTypes(db)).map(toAdminType);
    },

    /** Create New Data Type: the standard unit becomes its first unit; each scope given gets its first factor. */
    async create(a: Caller, input: NewDataTypeRequest) {
      const body = newDataTypeRequest.parse(input);
      if (body.type === 1 && body.stdUnit !== 'kWh') throw fieldError('stdUnit', CAT.dataTypeConsumptionKwh);
      if ((body.type === 1 || body.type === 4) && body.scopes.length === 0)
        throw fieldError('scopes', CAT.dataTypeScopeRequired);
      if (new Set(body.scopes.map((s) => s.scope)).size !== body.scopes.length)
        throw fieldError('scopes', CAT.dataTypeScopeTwice);
      return db.transaction(async (tx) => {
        await q.lockCatalogue(tx);
        if (body.org !== null && !(await q.organisationExists(tx, body.org)))
          throw fieldError('org', 'Choose an organisation from the list');
        if (body.reportingGroupId !== null && !(await q.reportingGroupExists(tx, body.reportingGroupId)))
          throw fieldError('reportingGroupId', 'Choose a reporting group from the list');
        await assertNameFree(tx, body.name, body.org);
        const id = await q.insertType(tx, {
          name: body.name,
          grouping: body.grouping,
          typeId: body.type,
          stdUnit: body.stdUnit,
          standardisedUnit: body.standardisedUnit || standardisedOf(body.stdUnit),
          organisationId: body.org,
          reportingGroupId: body.reportingGroupId,
          composite: false,
          scope3Category: body.scopes.some((s) => s.scope === 3) ? body.scope3Category : null,
          sourceNotes: body.sourceNotes,
        });
        const unitId = await q.insertUnit(tx, id, body.stdUnit, '1', null);
        await q.setDefaultUnit(tx, id, unitId);
        const source = await defaultSourceId(tx);
        for (const s of body.scopes) {
          await insertHandFactor(tx, a, {
            dataTypeId: id,
            sourceId: source,
            scope: s.scope,
            basis: s.scope === 2 ? 'location' : null,
            rate: s.rate,
            startDate: s.startDate,
            endDate: null,
            notes: body.sourceNotes,
            reason: 'Created with the data type',
          });
        }
        await audit(tx, a, {
          organisationId: body.org,
          action: 'create',
          asset: { type: 'data type', id, name: body.name },
          changes: created({ ...body, scopes: undefined }),
        });
        return {
          success: true as const,
          message: fill(CAT.dataTypeCreated, { name: body.name }),
          data: toAdminType(await typeRow(tx, id)),
        };
      });
    },

    async update(a: Caller, id: number, input: DataTypeUpdate) {
      const body = dataTypeUpdate.parse(input);
      return db.transaction(async (tx) => {
        await q.lockCatalogue(tx);
        const before = await typeRow(tx, id);
        await assertNameFree(tx, body.name, before.organisation_id, id);
        if (body.defaultUnit !== null && !before.units.some((u) => u.unitId === body.defaultUnit))
          throw fieldError('defaultUnit', 'Choose one of the data type’s units');
        if (body.reportingGroupId !== null && !(await q.reportingGroupExists(tx, body.reportingGroupId)))
          throw fieldError('reportingGroupId', 'Choose a reporting group from the list');
        await q.updateType(tx, id, body);
        const after = await typeRow(tx, id);
        await audit(tx, a, {
          organisationId: before.organisation_id,
          action: 'update',
          asset: { type: 'data type', id, name: body.name },
          changes: diff(
            {
              name: before.name,
              grouping: before.grouping,
              sourceNotes: before.source_notes,
              retired: before.retired,
              scope3Category: before.scope3_category,
              defaultUnit: before.default_unit_id,
              reportingGroupId: before.reporting_group_id,
            },
            body,
          ),
        });
        return { success: true as const, message: CAT.dataTypeSaved, data: toAdminType(after) };
      });
    },

    /** Create New Unit: a name not yet used by the data type, and a factor that is a number other than 0. */
    async createUnit(a: Caller, dataTypeId: number, input: NewUnitRequest) {
      const body = newUnitRequest.parse(input);
      const name = body.name.trim();
      if (!name) throw fieldError('name', CAT.unitNameBlank);
      const raw = body.conversionToStandard;
      const factor = raw === null ? '' : String(raw).trim();
      if (!factor) throw fieldError('conversionToStandard', CAT.unitFactorMissing);
      if (!NUMERIC_TEXT.test(factor)) throw fieldError('conversionToStandard', CAT.unitFactorNumber);
      if (Number(factor) === 0) throw fieldError('conversionToStandard', CAT.unitFactorZero);
      if (Math.abs(Number(factor)) >= 1e10) throw fieldError('conversionToStandard', CAT.unitFactorNumber);
      return db.transaction(async (tx) => {
        await q.lockCatalogue(tx);
        const type = await typeRow(tx, dataTypeId);
        if (type.retired) throw fieldError('name', CAT.unitOfRetiredType);
        if (type.units.some((u) => u.name.toLowerCase() === name.toLowerCase()))
          throw fieldError('name', fill(CAT.unitNameTaken, { name }));
        const unitId = await q.insertUnit(tx, dataTypeId, name, factor, body.sourceInfo);
        await audit(tx, a, {
          organisationId: type.organisation_id,
          action: 'create unit',
          asset: { type: 'data type', id: dataTypeId, name: type.name },
          changes: created({ unit: name, conversionToStandard: factor, sourceInfo: body.sourceInfo }),
        });
        return {
          success: true as const,
          message: fill(CAT.unitCreated, { name }),
          data: { unitId, name, conversionToStandard: Number(factor), sourceInfo: body.sourceInfo },
        };
      });
    },

    async compositeDetails(id: number): Promise<CompositeDetails> {
      const type = await typeRow(db, id);
      if (!type.composite) throw notFound();
      return detailsIn(db, id, type.name, type.std_unit);
    },

    /**
     * New composite factor: at least 2 components, each at least 1 % and the total 100; its id from 100000.
     * It is measured in the first component's standard unit, which every component must have as a unit.
     */
    async createComposite(a: Caller, input: CompositeRequest) {
      const body = compositeRequest.parse(input);
      if (body.name.length < 3) throw fieldError('name', CAT.compositeNameShort);
      if (body.components.length < 2) throw fieldError('components', CAT.compositeTwoComponents);
      const parts = body.components.map((c) => ({ energy: c.energy, percentage: Number(c.percentage) }));
      if (parts.some((p) => !Number.isFinite(p.percentage) || p.percentage < 1))
        throw fieldError('components', CAT.compositeComponentMin);
      if (new Set(parts.map((p) => p.energy)).size !== parts.length)
        throw fieldError('components', CAT.compositeComponentTwice);
      // Percentages to 4 decimals (the column's scale), summed exactly in ten-thousandths.
      const total = parts.reduce((sum, p) => sum + Math.round(p.percentage * 10_000), 0) / 10_000;
      if (total !== 100) throw fieldError('components', fill(CAT.compositeTotal, { total }));
      return db.transaction(async (tx) => {
        await q.lockCatalogue(tx);
        const mixable = await q.mixableTypes(tx);
        const chosen = parts.map((p) => mixable.find((m) => m.id === p.energy));
        if (chosen.some((c) => c === undefined))
          throw fieldError('components', CAT.compositeComponentUnknown);
        const first = chosen[0];
        if (!first) throw fieldError('components', CAT.compositeTwoComponents);
        const unit = first.std_unit;
        const missing = chosen.find((c) => c && !c.units.includes(unit.toLowerCase()));
        if (missing) throw fieldError('components', fill(CAT.compositeNoUnit, { name: missing.name, unit }));
        await assertNameFree(tx, body.name, null);
        const id = await q.insertType(tx, {
          name: body.name,
          grouping: body.grouping ?? first.grouping,
          // A composite measured in kWh is an energy consumption type; in any other unit it is recorded only.
          typeId: unit === 'kWh' ? 1 : 2,
          stdUnit: unit,
          standardisedUnit: standardisedOf(unit),
          organisationId: null,
          reportingGroupId: null,
          composite: true,
          scope3Category: null,
          sourceNotes: `Mixed from ${chosen.map((c, i) => `${parts[i]?.percentage} % ${c?.name}`).join(', ')}`,
        });
        const unitId = await q.insertUnit(tx, id, unit, '1', null);
        await q.setDefaultUnit(tx, id, unitId);
        await q.insertComponents(tx, id, parts);
        await audit(tx, a, {
          organisationId: null,
          action: 'create composite',
          asset: { type: 'data type', id, name: body.name },
          changes: created({ name: body.name, components: parts }),
        });
        return {
          success: true as const,
          message: fill(CAT.compositeCreated, { name: body.name }),
          data: await detailsIn(tx, id, body.name, unit),
        };
      });
    },

    async commons() {
      const units = [...new Set((await q.mixableTypes(db)).map((m) => m.std_unit))].sort();
      return units.map((u, i) => ({ Id: u, Descr: u, Order: i + 1 }));
    },

    async commonTypes(unit: string) {
      return (await q.mixableTypes(db))
        .filter((m) => m.units.includes(unit.toLowerCase()))
        .map((m) => ({ id: m.id, energyDescr: m.name, grouping: m.grouping }));
    },
  };
}

async function detailsIn(tx: DbOrTx, id: number, name: string, stdUnit: string): Promise<CompositeDetails> {
  const parts = await q.components(tx, id);
  return {
    id,
    name,
    factorId: id,
    stdUnit,
    components: parts.map((p) => ({
      energy: { id: p.id, energyDescr: p.name },
      percentage: Number(p.percentage),
    })),
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
