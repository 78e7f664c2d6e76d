import type { Db } from '@verdant/db/client';
import { lockMeters } from '@verdant/db/ledger/lock';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { fill, MSG } from '@verdant/domain/messages';
import { ELECTRICITY_ICP_ENERGY_IDS } from '@verdant/domain/meter-labels';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import * as groups from '../../lib/group-members.queries';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './meters.queries';
import type { MetersService } from './meters.service';

/** Move Meter, Change Data Type and Create Replacement (data-portal.md 2.2, 4). */
export function createMeterMovesService({ db, meters }: { db: Db; meters: MetersService }) {
  async function compatible(a: Caller, meterId: number) {
    const found = await meters.meterScope(db, a, meterId);
    const current =
      found.meter.energyId === null
        ? undefined
        : await q.findDataType(db, found.meter.organisationId, found.meter.energyId);
    return current ? q.compatibleTypes(db, found.meter.organisationId, current) : [];
  }

  return {
    /** GET /meters/{id}/move?to={siteId}: the destination's rights are the operation's rule; it must still be live. */
    async move(a: Caller, meterId: number, to: number | '' | undefined) {
      if (to === undefined || to === '')
        throw badRequest(MSG.meterMoveSiteRequired, { to: [MSG.meterMoveSiteRequired] });
      const message = await db.transaction(async (tx) => {
        const { meter: m, siteName } = await meters.lockedScope(tx, a, meterId);
        const site = await q.findLiveSite(tx, m.organisationId, to);
        if (!site) throw notFound();
        await q.updateMeter(tx, m.organisationId, meterId, { siteId: to });
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'move',
          asset: { type: 'meter', id: meterId, name: m.localName },
          changes: { site: { before: siteName, after: site.name } },
        });
        return fill(MSG.meterMoved, { name: m.localName, site: site.name });
      });
      return { success: true as const, message, id: meterId };
    },

    compatibleTypes: compatible,

    async changeDataType(a: Caller, meterId: number, body: { energyId: number; unitId: number }) {
      const list = await compatible(a, meterId);
      const choice = list.find((t) => t.id === body.energyId);
      if (!choice) {
        const known = await q.findDataType(db, a.checked.organisationId ?? 0, body.energyId);
        const message = known ? MSG.meterDataTypeNotCompatible : MSG.meterDataTypeUnknown;
        throw badRequest(message, { energyId: [message] });
      }
      if (!choice.units.some((u) => u.unitId === body.unitId)) {
        throw badRequest(MSG.meterUnitNotOfType, { unitId: [MSG.meterUnitNotOfType] });
      }
      await db.transaction(async (tx) => {
        const { meter: m, energy } = await meters.lockedScope(tx, a, meterId);
        const change = { energyId: body.energyId, unitId: body.unitId };
        await q.updateMeter(tx, m.organisationId, meterId, change);
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'change data type',
          asset: { type: 'meter', id: meterId, name: m.localName },
          changes: { ...diff(m, change), dataType: { before: energy, after: choice.name } },
        });
        await recomputeOrganisationFacts(tx, m.organisationId, [meterId], meters.now());
      });
      return meters.read(a, meterId);
    },

    /**
     * Closes the meter the day before `openDate` (default today) and opens a new one of the given meter
     * type from that day, inheriting its details, identifiers, groups and alert set-ups.
     */
    async createReplacement(a: Caller, meterId: number, body: { typeId: number; openDate?: string }) {
      const openDate = body.openDate ?? orgOf(a).today;
      const { id, name } = await db.transaction(async (tx) => {
        const { meter: old } = await meters.lockedScope(tx, a, meterId);
        if (old.energyId === null || !ELECTRICITY_ICP_ENERGY_IDS.includes(old.energyId)) {
          throw badRequest(MSG.meterReplacementElectricityOnly);
        }
        if (old.meterClose !== null) throw badRequest(MSG.meterReplacementNeedsOpen);
        const closeDate = fromDayNumber(toDayNumber(openDate) - 1);
        if (old.meterOpen && closeDate < old.meterOpen) {
          throw badRequest(MSG.meterCloseBeforeOpen, { openDate: [MSG.meterCloseBeforeOpen] });
        }
        const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...details } = old;
        const fresh = await q.insertMeter(tx, {
          ...details,
          meterType: body.typeId,
          replacesMeterId: meterId,
          meterOpen: openDate,
          meterClose: null,
        });
        await q.updateMeter(tx, old.organisationId, meterId, { meterClose: closeDate });
        await q.copyIdentifiers(tx, old.organisationId, meterId, fresh.id);
        for (const g of await groups.joinedGroups(tx, old.organisationId, 'meter', meterId)) {
          await groups.addMember(tx, old.organisationId, g.id, fresh.id);
        }
        const alerts = await q.alertSettings(tx, old.organisationId, meterId);
        if (alerts) {
          const { organisationId, meterId: _m, updatedAt: _t, ...values } = alerts;
          await q.saveAlertSettings(tx, organisationId, fresh.id, values);
        }
        await lockMeters(tx, [fresh.id], old.organisationId);
        await audit(tx, a, {
          organisationId: old.organisationId,
          action: 'replace',
          asset: { type: 'meter', id: meterId, name: old.localName },
          changes: {
            meterClose: { before: null, after: closeDate },
            replacement: { before: null, after: fresh.id },
          },
        });
        await audit(tx, a, {
          organisationId: old.organisationId,
          action: 'create',
          asset: { type: 'meter', id: fresh.id, name: fresh.localName },
          changes: created({ replaces: meterId, meterType: fresh.meterType, meterOpen: openDate }),
        });
        await recomputeOrganisationFacts(tx, old.organisationId, [meterId, fresh.id], meters.now());
        return { id: fresh.id, name: fresh.localName };
      });
      return { success: true as const, message: fill(MSG.meterReplaced, { name }), id };
    },
  };
}

export type MeterMovesService = ReturnType<typeof createMeterMovesService>;
