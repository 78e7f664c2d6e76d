import type { NewPortalQuantity } from '@verdant/contracts/portals/shapes';
import type { Db, Tx } from '@verdant/db/client';
import { fill } from '@verdant/domain/messages';
import { needsAccountNumber, needsIcp, type Supply, supplyOf } from '@verdant/domain/meter-creation';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import type { PortalPeriod } from '@verdant/domain/portals/periods';
import { openPeriod } from '@verdant/domain/portals/periods';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { MeterMaker } from '../../lib/meter-maker';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { toQuantity } from './portal-list.service';
import * as q from './portals.queries';

export const conflict = (message: string) => new AppError('CONFLICT', message, 409);

export const orgIdOf = (a: Caller) => {
  const id = a.checked.organisationId;
  if (id === null) throw notFound();
  return id;
};

export const portalAsset = (p: { id: number; name: string }) => ({ type: 'portal', id: p.id, name: p.name });

type QuantityBody = NewPortalQuantity & { meterId: number | null };

/**
 * A new quantity's data source (docs/decisions/portals.md, "Quantities are supply data sources"): a standard
 * supply of Unmetered consumption only (type 8), which takes consumption records and counts in totals, with the
 * ICP (electricity, gas) or account number (water) the new meter wizard asks of a standard supply.
 */
function supplyAccount(supply: Supply, account: string) {
  const what = needsIcp(supply, 'STANDARD')
    ? 'ICP'
    : needsAccountNumber(supply, 'STANDARD')
      ? 'account number'
      : null;
  if (what && account.trim() === '') {
    const message = fill(PORTAL_MSG.supplyAccountRequired, { what });
    throw badRequest(message, { account: [message] });
  }
  return what ? account : '';
}

/** A portal's quantities: add (a data source made for it, or one chosen), rename and remove. */
export function createQuantityOperations({ db, makeMeter }: { db: Db; makeMeter: MeterMaker }) {
  async function owned(tx: Db | Tx, organisationId: number, portalId: number) {
    const [portal] = await q.portals(tx, organisationId, portalId);
    if (!portal) throw notFound();
    return portal;
  }

  /** The quantity's data source: the existing one chosen, or a new one on the portal's site. */
  async function meterFor(
    tx: Tx,
    a: Caller,
    organisationId: number,
    portal: { siteId: number; dataSourcePrefix: string; openFrom: string },
    quantity: QuantityBody,
  ) {
    if (quantity.meterId !== null) {
      const meter = await q.liveMeter(tx, organisationId, quantity.meterId);
      if (!meter) throw badRequest(PORTAL_MSG.unknownMeter, { meterId: [PORTAL_MSG.unknownMeter] });
      return meter.id;
    }
    const name = [portal.dataSourcePrefix, quantity.name].filter(Boolean).join(' ');
    const grouping = await q.dataTypeGrouping(tx, organisationId, quantity.energy.id);
    const icp = supplyAccount(supplyOf(grouping), quantity.account ?? '');
    const meter = await makeMeter(tx, a, organisationId, {
      name,
      icp,
      site: portal.siteId,
      energy: quantity.energy.id,
      unit: quantity.unit.unitId,
      outputUnit: quantity.unit.unitId,
      level: 'STANDARD',
      meterType: 8,
      landlord: '',
      reporting: 'ORGANISATION',
      openDate: portal.openFrom,
      retailer: null,
      nonMainland: false,
      nonRetailer: true,
    });
    return meter.id;
  }

  async function addQuantity(
    tx: Tx,
    a: Caller,
    organisationId: number,
    portal: q.PortalRow,
    quantity: QuantityBody,
    position: number,
  ) {
    const existing = await q.quantities(tx, organisationId, portal.id);
    if (existing.some((e) => e.name.trim().toLowerCase() === quantity.name.trim().toLowerCase()))
      throw conflict(PORTAL_MSG.quantityNamesUnique);
    if (quantity.meterId !== null && existing.some((e) => e.meterId === quantity.meterId))
      throw conflict(PORTAL_MSG.meterAlreadyQuantity);
    const openFrom = openPeriod(portal.period as PortalPeriod, orgOf(a).today).start;
    const meterId = await meterFor(tx, a, organisationId, { ...portal, openFrom }, quantity);
    return q.insertQuantity(tx, {
      organisationId,
      portalId: portal.id,
      meterId,
      name: quantity.name.trim(),
      position,
    });
  }

  return {
    addQuantity,

    async addMeter(a: Caller, portalId: number, quantity: QuantityBody) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        const position = (await q.quantities(tx, organisationId, portalId)).length;
        const row = await addQuantity(tx, a, organisationId, portal, quantity, position);
        await audit(tx, a, {
          organisationId,
          action: 'add quantity',
          asset: portalAsset(portal),
          changes: created({ quantity: row.name, meterId: row.meterId }),
        });
        const [saved] = (await q.quantities(tx, organisationId, portalId)).filter((x) => x.id === row.id);
        if (!saved) throw notFound();
        return { success: true as const, message: PORTAL_MSG.quantityAdded, quantity: toQuantity(saved) };
      });
    },

    async renameMeter(a: Caller, portalId: number, meterId: number, name: string) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        const all = await q.quantities(tx, organisationId, portalId);
        const before = all.find((x) => x.meterId === meterId);
        if (!before) throw notFound();
        if (all.some((x) => x.meterId !== meterId && x.name.trim().toLowerCase() === name.toLowerCase()))
          throw conflict(PORTAL_MSG.quantityNamesUnique);
        await q.renameQuantity(tx, organisationId, portalId, meterId, name);
        await audit(tx, a, {
          organisationId,
          action: 'rename quantity',
          asset: portalAsset(portal),
          changes: { [`quantity ${meterId}`]: { before: before.name, after: name } },
        });
        return { success: true as const, message: PORTAL_MSG.quantityRenamed };
      });
    },

    /** Removes a quantity that has no entries; its data source and the figures on it stay. */
    async deleteMeter(a: Caller, portalId: number, meterId: number) {
      const organisationId = orgIdOf(a);
      return db.transaction(async (tx) => {
        const portal = await owned(tx, organisationId, portalId);
        // The row lock waits for a submission that is writing an entry for it, so the count below sees it.
        await q.lockQuantity(tx, organisationId, portalId, meterId);
        const all = await q.quantities(tx, organisationId, portalId);
        const quantity = all.find((x) => x.meterId === meterId);
        if (!quantity) throw notFound();
        if (quantity.entries > 0) throw conflict(PORTAL_MSG.quantityHasEntries);
        if (all.length === 1) throw conflict(PORTAL_MSG.lastQuantity);
        await q.deleteQuantity(tx, organisationId, quantity.id);
        await audit(tx, a, {
          organisationId,
          action: 'remove quantity',
          asset: portalAsset(portal),
          changes: {
            quantity: { before: quantity.name, after: null },
            meterId: { before: meterId, after: null },
          },
        });
        return { success: true as const, message: PORTAL_MSG.quantityRemoved };
      });
    },
  };
}
