import {
  type EntityUsages,
  type PumpDetail,
  type pumpUpdate,
  USAGE_FIELDS,
  USAGE_INTEGER_FIELDS,
  type UsageField,
  type WwtpDetail,
  type wwtpUpdate,
} from '@verdant/contracts/entities/details';
import type { Db } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './entities.queries';
import { entityFor, fieldError, parseValue, usageRuleError, validatePump } from './entity-access';
import * as dq from './entity-details.queries';

/** Usage fields that pick from a reference list, and which list. */
const USAGE_LOOKUPS: Partial<Record<UsageField, string>> = {
  entusageId: 'entity-usages',
  accontrId: 'aircon-controls',
  heatId: 'heating-types',
  lightId: 'lighting-types',
};

const toPump = (row: Awaited<ReturnType<typeof dq.findPump>>): PumpDetail => ({
  head: row?.headMetres ?? null,
  powerMeterId: row?.powerMeterId ?? null,
  flowMeterId: row?.flowMeterId ?? null,
});

const toWwtp = (row: Awaited<ReturnType<typeof dq.findWwtp>>): WwtpDetail => ({
  populationServed: row?.populationServed ?? null,
  designCapacityM3PerDay: row?.designCapacityM3PerDay ?? null,
  treatmentType: row?.treatmentType ?? null,
  influentMeterId: row?.influentMeterId ?? null,
});

/** The entity page's sub-resources: pump details, usage, indicators and wastewater plant details. */
export function createEntityDetailsService({ db }: { db: Db }) {
  return {
    async pump(a: Caller, id: number): Promise<PumpDetail> {
      const { rec } = await entityFor(db, a, id);
      if (rec.entity.entityType !== 'PUMP') throw notFound(MSG.entityNotPump);
      return toPump(await dq.findPump(db, rec.entity.organisationId, id));
    },

    async updatePump(a: Caller, id: number, body: z.output<typeof pumpUpdate>): Promise<PumpDetail> {
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        if (rec.entity.entityType !== 'PUMP') throw badRequest(MSG.entityNotPump);
        const current = toPump(await dq.findPump(tx, rec.entity.organisationId, id));
        const merged = {
          head: body.head !== undefined ? body.head : current.head,
          powerMeterId: body.powerMeterId !== undefined ? body.powerMeterId : current.powerMeterId,
          flowMeterId: body.flowMeterId !== undefined ? body.flowMeterId : current.flowMeterId,
        };
        const pump = await validatePump(
          tx,
          { id: rec.entity.siteId, name: rec.siteName, organisationId: rec.entity.organisationId },
          merged,
        );
        await dq.upsertPump(tx, {
          organisationId: rec.entity.organisationId,
          entityId: id,
          headMetres: pump.head,
          powerMeterId: pump.powerMeterId,
          flowMeterId: pump.flowMeterId,
        });
        const after = toPump(await dq.findPump(tx, rec.entity.organisationId, id));
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'update pump',
          asset: { type: 'entity', id, name: rec.entity.name },
          changes: diff(current, after),
        });
        return after;
      });
    },

    async usages(a: Caller, id: number): Promise<EntityUsages> {
      const { rec } = await entityFor(db, a, id);
      const org = rec.entity.organisationId;
      const [row, indicators] = await Promise.all([
        dq.findUsage(db, org, id),
        dq.entityIndicators(db, org, id),
      ]);
      const usage = Object.fromEntries(
        USAGE_FIELDS.map((f) => [f, row?.[f] ?? null]),
      ) as EntityUsages['usage'];
      return {
        usage,
        indicators: indicators.map((i) => ({ ...i, value: i.value === null ? null : Number(i.value) })),
      };
    },

    /** One usage field: integers for EUI targets and list choices, numbers for utilisation fields. */
    async updateUsage(a: Caller, id: number, field: UsageField, value: number | string | null) {
      const integer = (USAGE_INTEGER_FIELDS as readonly string[]).includes(field);
      const parsed = parseValue(value, integer);
      if (parsed === undefined) throw usageRuleError(field);
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        const list = USAGE_LOOKUPS[field];
        if (list && parsed !== null && !(await q.lookupExists(tx, list, parsed)))
          throw fieldError(field, MSG.entityUnknownChoice);
        const before = (await dq.findUsage(tx, rec.entity.organisationId, id))?.[field] ?? null;
        await dq.setUsage(tx, rec.entity.organisationId, id, field, parsed);
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'update usage',
          asset: { type: 'entity', id, name: rec.entity.name },
          changes: diff({ [field]: before }, { [field]: parsed }),
        });
        return { field, value: parsed };
      });
    },

    /** One indicator value: a whole number, or null to clear it. */
    async updateIndicator(a: Caller, id: number, indicatorId: number, value: number | string | null) {
      const parsed = parseValue(value, true);
      if (parsed === undefined) throw usageRuleError('value');
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        if (!(await dq.indicatorAppliesToEntities(tx, indicatorId))) throw notFound();
        const old = (await dq.entityIndicators(tx, rec.entity.organisationId, id)).find(
          (i) => i.indicatorId === indicatorId,
        );
        await dq.setIndicator(tx, rec.entity.organisationId, id, indicatorId, parsed);
        const name = old?.label ?? `indicator ${indicatorId}`;
        const before = old?.value === null || old?.value === undefined ? null : Number(old.value);
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'update indicator',
          asset: { type: 'entity', id, name: rec.entity.name },
          changes: diff({ [name]: before }, { [name]: parsed }),
        });
        return { indicatorId, value: parsed };
      });
    },

    async wwtp(a: Caller, id: number): Promise<WwtpDetail> {
      const { rec } = await entityFor(db, a, id);
      if (rec.entity.entityType !== 'WWTP') throw notFound(MSG.entityNotWwtp);
      return toWwtp(await dq.findWwtp(db, rec.entity.organisationId, id));
    },

    async updateWwtp(a: Caller, id: number, body: z.output<typeof wwtpUpdate>): Promise<WwtpDetail> {
      const set: Parameters<typeof dq.upsertWwtp>[3] = {};
      if (body.populationServed !== undefined) {
        const n = parseValue(body.populationServed, true);
        if (n === undefined || (n !== null && n < 0))
          throw fieldError('populationServed', MSG.wwtpNumberRule);
        set.populationServed = n;
      }
      if (body.designCapacityM3PerDay !== undefined) {
        const n = parseValue(body.designCapacityM3PerDay, false);
        if (n === undefined || (n !== null && n < 0))
          throw fieldError('designCapacityM3PerDay', MSG.wwtpNumberRule);
        set.designCapacityM3PerDay = n;
      }
      if (body.treatmentType !== undefined) set.treatmentType = body.treatmentType || null;
      return db.transaction(async (tx) => {
        const { rec } = await entityFor(tx, a, id);
        if (rec.entity.entityType !== 'WWTP') throw badRequest(MSG.entityNotWwtp);
        if (body.influentMeterId !== undefined) {
          if (body.influentMeterId !== null) {
            const meters = await q.siteMeters(tx, rec.entity.organisationId, rec.entity.siteId);
            if (!meters.some((m) => m.id === body.influentMeterId))
              throw fieldError('influentMeterId', MSG.entityInfluentMeterInvalid);
          }
          set.influentMeterId = body.influentMeterId;
        }
        const before = toWwtp(await dq.findWwtp(tx, rec.entity.organisationId, id));
        if (Object.keys(set).length > 0) await dq.upsertWwtp(tx, rec.entity.organisationId, id, set);
        const after = toWwtp(await dq.findWwtp(tx, rec.entity.organisationId, id));
        await audit(tx, a, {
          organisationId: rec.entity.organisationId,
          action: 'update plant',
          asset: { type: 'entity', id, name: rec.entity.name },
          changes: diff(before, after),
        });
        return after;
      });
    },
  };
}

export type EntityDetailsService = ReturnType<typeof createEntityDetailsService>;
