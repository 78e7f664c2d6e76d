import type {
  EntitiesList,
  EntityDetail,
  EntityType,
  EntityUpdate,
  newEntityRequest,
  PumpMeterOptions,
} from '@verdant/contracts/entities';
import type { Db, DbOrTx } from '@verdant/db/client';
import type { entities } from '@verdant/db/schema/assets';
import { fill, MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit, created, diff } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { allowedOf, canOnAssets, hasAdvancedRights, visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './entities.queries';
import {
  entityFor,
  fieldError,
  isFlowMeter,
  isPowerMeter,
  siteFor,
  toDetail,
  validatePump,
} from './entity-access';
import * as dq from './entity-details.queries';

type NewEntity = z.output<typeof newEntityRequest>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function createEntitiesService({ db, clock }: { db: Db; clock: () => Date }) {
  /** Whether advanced rights may hide some of the organisation's assets from the caller. */
  async function narrowed(a: Caller, organisationId: number, admin: boolean) {
    if (a.principal.productAdmin || admin) return false;
    return hasAdvancedRights(db, a.principal, organisationId);
  }

  async function checkLookup(tx: DbOrTx, list: string, id: number | null | undefined, field: string) {
    if (id === null || id === undefined) return;
    if (!(await q.lookupExists(tx, list, id))) throw fieldError(field, MSG.entityUnknownChoice);
  }

  /** The new-entity rules, first failing rule first; the pump's meter rules look at the site's meters. */
  async function validateNew(tx: DbOrTx, organisationId: number, body: NewEntity) {
    if (body.name === '') throw fieldError('name', MSG.entityNameRequired);
    if (body.siteId === null) throw fieldError('siteId', MSG.entitySiteRequired);
    const site = await q.findSite(tx, organisationId, body.siteId);
    if (!site) throw fieldError('siteId', MSG.entitySiteRequired);
    if (body.type === null) throw fieldError('type', MSG.entityTypeRequired);
    if (body.facility === '') throw fieldError('facility', MSG.entityFacilityRequired);
    if (body.buildsegId === null) throw fieldError('buildsegId', MSG.entityOccupancyRequired);
    await checkLookup(tx, 'building-segmentations', body.buildsegId, 'buildsegId');
    if (body.type === 'STANDARD' && (body.entdescId ?? null) === null)
      throw fieldError('entdescId', MSG.entityFunctionRequired);
    await checkLookup(tx, 'entity-descriptors', body.entdescId, 'entdescId');
    let pump: { head: number | null; powerMeterId: number; flowMeterId: number } | null = null;
    if (body.type === 'PUMP') pump = await validatePump(tx, site, body);
    return { site, pump };
  }

  async function applyUpdate(tx: DbOrTx, rec: q.EntityRecord, body: EntityUpdate) {
    const e = rec.entity;
    const set: Partial<typeof entities.$inferInsert> = {};
    if (body.entityName !== undefined) {
      if (body.entityName === '') throw fieldError('entityName', MSG.entityNameRequired);
      set.name = body.entityName;
    }
    if (body.buildsegId !== undefined) {
      if (body.buildsegId === null) throw fieldError('buildsegId', MSG.entityOccupancyRequired);
      await checkLookup(tx, 'building-segmentations', body.buildsegId, 'buildsegId');
      set.buildsegId = body.buildsegId;
    }
    if (body.entdescId !== undefined) {
      if (body.entdescId === null && e.entityType === 'STANDARD')
        throw fieldError('entdescId', MSG.entityFunctionRequired);
      await checkLookup(tx, 'entity-descriptors', body.entdescId, 'entdescId');
      set.entdescId = body.entdescId;
    }
    if (body.controlId !== undefined) {
      await checkLookup(tx, 'entity-controls', body.controlId, 'controlId');
      set.controlId = body.controlId;
    }
    for (const key of ['entityOpen', 'entityClose'] as const) {
      const v = body[key];
      if (v === undefined) continue;
      if (v !== null && !validDate(v)) throw fieldError(key, MSG.entityDateFormat);
      set[key] = v;
    }
    const open = set.entityOpen !== undefined ? set.entityOpen : e.entityOpen;
    const close = set.entityClose !== undefined ? set.entityClose : e.entityClose;
    if (open && close && close < open) throw fieldError('entityClose', MSG.entityCloseBeforeOpen);
    for (const key of ['description', 'address1', 'address2', 'address3'] as const) {
      if (body[key] !== undefined) set[key] = body[key] === '' ? null : body[key];
    }
    if (body.x !== undefined) {
      if (body.x !== null && (body.x < -180 || body.x > 180)) throw fieldError('x', MSG.entityLongitudeRange);
      set.locationX = body.x;
    }
    if (body.y !== undefined) {
      if (body.y !== null && (body.y < -90 || body.y > 90)) throw fieldError('y', MSG.entityLatitudeRange);
      set.locationY = body.y;
    }
    if (body.facilityName !== undefined) {
      if (body.facilityName === '') throw fieldError('facilityName', MSG.entityFacilityRequired);
      set.facilityId = await q.facilityNamed(
        tx,
        { id: e.siteId, organisationId: e.organisationId },
        body.facilityName,
      );
    }
    if (Object.keys(set).length > 0) await q.updateEntity(tx, e.organisationId, e.id, set);
  }

  async function detail(
    tx: DbOrTx,
    organisationId: number,
    id: number,
    mayEdit: boolean,
  ): Promise<EntityDetail> {
    const rec = await q.findEntity(tx, organisationId, id);
    if (!rec) throw notFound();
    return toDetail(rec, mayEdit);
  }

  return {
    async list(
      a: Caller,
      organisationId: number,
      query: q.ListFilter & { offset: number; limit: number },
    ): Promise<EntitiesList> {
      const { role, mayEdit } = a.checked;
      const { offset, limit, ...filter } = query;
      // The consumption column: the last complete month's kWh distributed to each entity.
      const month = orgOf(a).lastCompleteMonth;
      if (!(await narrowed(a, organisationId, role?.admin === true))) {
        const figures = { month, visible: null };
        const [rows, total] = await Promise.all([
          q.listEntities(db, organisationId, filter, figures, { offset, limit }),
          q.countEntities(db, organisationId, filter),
        ]);
        return { entities: rows, total, mayEdit, month: month.slice(0, 7) };
      }
      const figures = { month, visible: await visibleMetersOf(db, a, organisationId) };
      const all = await q.listEntities(db, organisationId, filter, figures);
      const visible = await allowedOf(db, a.principal, 'view', organisationId, all, (r) => ({
        type: 'entity',
        id: r.id,
      }));
      return {
        entities: visible.slice(offset, offset + limit),
        total: visible.length,
        mayEdit,
        month: month.slice(0, 7),
      };
    },

    async facilities(a: Caller, siteId: number) {
      const site = await siteFor(db, a, siteId);
      return q.siteFacilities(db, site.organisationId, siteId);
    },

    async pumpMeters(a: Caller, siteId: number): Promise<PumpMeterOptions> {
      const site = await siteFor(db, a, siteId);
      const meters = await q.siteMeters(db, site.organisationId, siteId);
      const option = (m: q.SiteMeter) => ({ id: m.id, name: m.name });
      return {
        site: site.name,
        power: meters.filter(isPowerMeter).map(option),
        flow: meters.filter(isFlowMeter).map(option),
        all: meters.map(option),
      };
    },

    async create(a: Caller, organisationId: number, body: NewEntity): Promise<EntityDetail> {
      const { role, mayEdit } = a.checked;
      // Only an advanced right can let someone without organisation edit rights create at a site.
      if (!mayEdit && !(await narrowed(a, organisationId, role?.admin === true))) throw forbidden();
      return db.transaction(async (tx) => {
        const { site, pump } = await validateNew(tx, organisationId, body);
        const [allowed] = await canOnAssets(tx, a.principal, 'edit', organisationId, [
          { type: 'site', id: site.id },
        ]);
        if (!allowed) throw forbidden();
        const facilityId = await q.facilityNamed(tx, site, body.facility);
        const id = await q.insertEntity(tx, {
          organisationId,
          siteId: site.id,
          name: body.name,
          entityType: body.type as EntityType,
          facilityId,
          buildsegId: body.buildsegId,
          entdescId: body.entdescId ?? null,
          entityOpen: orgOf(a).today,
        });
        if (pump) await dq.upsertPump(tx, { organisationId, entityId: id, headMetres: pump.head, ...pump });
        if (body.type === 'WWTP') await dq.upsertWwtp(tx, organisationId, id, {});
        const made = await detail(tx, organisationId, id, true);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'entity', id, name: body.name },
          changes: created({ name: body.name, type: body.type, site: site.name, facility: body.facility }),
        });
        return made;
      });
    },

    async get(a: Caller, id: number): Promise<EntityDetail> {
      const { rec, mayEdit } = await entityFor(db, a, id);
      return toDetail(rec, mayEdit);
    },

    async update(a: Caller, id: number, body: EntityUpdate): Promise<EntityDetail> {
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        const before = toDetail(rec, true);
        await applyUpdate(tx, rec, body);
        const after = await detail(tx, rec.entity.organisationId, id, true);
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'update',
          asset: { type: 'entity', id, name: rec.entity.name },
          changes: diff(before, after),
        });
        return after;
      });
    },

    async remove(a: Caller, id: number) {
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        await q.updateEntity(tx, rec.entity.organisationId, id, { deletedAt: clock(), deletedBy: a.user.id });
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'delete',
          asset: { type: 'entity', id, name: rec.entity.name },
        });
        return fill(MSG.entityDeleted, { name: rec.entity.name });
      });
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;
