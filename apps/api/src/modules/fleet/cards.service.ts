import type { CardNameCheck, FuelCard, FuelPurchaseRequest } from '@verdant/contracts/fleet/purchases';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { fill, MSG } from '@verdant/domain/messages';
import { storedPurchaseTime } from '@verdant/domain/vehicles';
import { audit, created } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { canOnAssets } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as cq from './cards.queries';
import * as q from './fleet.queries';
import { decimals, type FleetCore, refuse, toPurchase } from './fleet-core';
import { meterEditions, meterMonths } from './fleet-figures';
import * as pq from './purchases.queries';

/** Fuel cards: a card meter, its months and its purchases. */
export function cardOperations({ db, clock, fuelUnit, purchaseRules }: FleetCore) {
  return {
    async cardNameCheck(a: Caller, organisationId: number, name: string): Promise<CardNameCheck> {
      void a;
      const exists = name.trim() !== '' && (await cq.cardNameTaken(db, organisationId, name.trim()));
      return { exists, message: exists ? MSG.cardNameExists : null };
    },

    async newCard(a: Caller, organisationId: number, body: { name: string; siteId: number | null }) {
      const name = body.name.trim().toUpperCase();
      return db.transaction(async (tx) => {
        const fields: Record<string, string[]> = {};
        if (body.siteId === null) fields.siteId = [MSG.vehicleSiteRequired];
        if (await cq.cardNameTaken(tx, organisationId, name)) fields.name = [MSG.cardNameExists];
        if (Object.keys(fields).length > 0 || body.siteId === null) refuse(fields);
        const site = await q.findSite(tx, organisationId, body.siteId);
        const ref = [{ type: 'site' as const, id: body.siteId }];
        if (!site || !(await canOnAssets(tx, a.principal, 'view', organisationId, ref))[0])
          refuse({ siteId: [MSG.meterUnknownSite] });
        if (!(await canOnAssets(tx, a.principal, 'edit', organisationId, ref))[0]) throw forbidden();
        // A card buys petrol unless told otherwise (the spec's card carries only a petrol91 flag).
        const unit = await fuelUnit(tx, 5);
        const meter = await q.insertMeter(tx, {
          organisationId,
          siteId: body.siteId,
          localName: name,
          meterType: 7,
          energyId: 5,
          unitId: unit.id,
          outputUnitId: unit.id,
          meterOpen: orgOf(a).today,
        });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'meter', id: meter.id, name },
          changes: created({ localName: name, siteId: body.siteId, meterType: 7 }),
        });
        return { success: true as const, message: fill(MSG.cardCreated, { name }), id: meter.id, name };
      });
    },

    async card(a: Caller, id: number, incorrectOnly = false): Promise<FuelCard> {
      const organisationId = orgOf(a).id;
      const card = await cq.findCard(db, organisationId, id);
      if (!card) throw notFound();
      const end = monthOf(orgOf(a).today);
      const start = addMonths(end, -23);
      const [facts, purchases, editions] = await Promise.all([
        meterMonths(db, organisationId, [id], start, end),
        pq.purchasesOfMeter(db, organisationId, id),
        meterEditions(db, organisationId, [id], start, end),
      ]);
      const unit = await q.unitNamed(db, card.energy_id, 'litres');
      const perLitreStd = unit?.conversion ?? 1;
      return {
        id: card.id,
        name: card.name,
        site: card.site,
        siteId: card.site_id,
        fuel: card.fuel,
        petrol91: card.energy_id === 5,
        monthly: facts.map((f) => ({
          month: f.month.slice(0, 7),
          litres: decimals(f.quantity / perLitreStd, 3),
          cost: f.cost,
          co2e: Math.round(f.co2e),
          toDate: f.month.slice(0, 7) === end.slice(0, 7),
        })),
        purchases: purchases
          .filter((p) => !incorrectOnly || p.incorrect_fuel)
          .reverse()
          .map((p) => toPurchase(p)),
        editions,
        mayEdit: a.checked.mayEdit,
      };
    },

    /** A purchase on a card: flagged incorrect-fuel when it names a vehicle of another fuel. */
    async addCardPurchase(a: Caller, id: number, body: FuelPurchaseRequest & { registration: string }) {
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const card = await cq.findCard(tx, organisationId, id);
        if (!card) throw notFound();
        purchaseRules(a, body, null);
        const registration = body.registration.toUpperCase();
        const v = registration ? await cq.vehicleByRegistration(tx, organisationId, registration) : undefined;
        const readingId = await pq.insertPurchase(tx, {
          organisationId,
          meterId: id,
          unitId: card.unit_id,
          purchaseDate: body.date,
          purchaseTime: storedPurchaseTime(body.time),
          odometer: body.odo,
          quantity: String(body.quantity),
          cost: String(body.cost),
          registration: registration || null,
          incorrectFuel: v !== undefined && v.fuelId !== card.energy_id,
        });
        await recomputeOrganisationFacts(tx, organisationId, [id], clock());
        const row = await pq.findPurchase(tx, organisationId, id, readingId);
        if (!row) throw badRequest(MSG.fuelPurchaseSaveFailed);
        return {
          success: true as const,
          message: MSG.fuelPurchaseAdded,
          warning: null,
          data: toPurchase(row),
        };
      });
    },
  };
}
