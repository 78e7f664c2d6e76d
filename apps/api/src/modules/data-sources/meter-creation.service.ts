import type {
  IcpCheckAnswer,
  NewCombinedAccountAnswer,
  NewMeterAnswer,
  newCombinedAccountRequest,
  newMeterRequest,
} from '@verdant/contracts/data-sources/creation';
import type { Db, Tx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import {
  combinedAccountErrors,
  icpValid,
  meterLevelOf,
  needsIcp,
  needsLandlord,
  newMeterErrors,
  normaliseIcp,
  type StepErrors,
  supplyOf,
  waterMeterNumbers,
} from '@verdant/domain/meter-creation';
import type { z } from 'zod';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { canOnAssets, visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './meter-creation.queries';

type NewMeter = z.output<typeof newMeterRequest>;
type NewCombined = z.output<typeof newCombinedAccountRequest>;

/** One 400 naming every refused field; its message is the first field's. */
function refuse(errors: Record<string, string | undefined>): never {
  const fields = Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (v ? [[k, [v]] as [string, string[]]] : [])),
  );
  const first = Object.values(fields)[0]?.[0] ?? MSG.validation;
  throw badRequest(first, fields);
}

const hasErrors = (e: object) => Object.values(e).some(Boolean);

/**
 * New meters and combined water/wastewater accounts (data-portal spec sections 3 and 5). The route's rule let
 * through organisation editors; the site's own advanced rights are checked here. A site the caller may not see
 * (another organisation's, deleted, barred) is refused exactly like one that does not exist.
 */
export function createMeterCreationService({ db }: { db: Db }) {
  async function siteFor(tx: Tx, a: Caller, organisationId: number, siteId: number | null) {
    if (siteId === null) return undefined;
    const site = await q.findSite(tx, organisationId, siteId);
    const ref = [{ type: 'site' as const, id: siteId }];
    if (!site || !(await canOnAssets(tx, a.principal, 'view', organisationId, ref))[0]) return null;
    if (!(await canOnAssets(tx, a.principal, 'edit', organisationId, ref))[0]) throw forbidden();
    return site;
  }

  const meterAudit = (organisationId: number, row: Awaited<ReturnType<typeof q.insertMeter>>) => ({
    organisationId,
    action: 'create',
    asset: { type: 'meter', id: row.id, name: row.localName },
    changes: created({
      localName: row.localName,
      siteId: row.siteId,
      energyId: row.energyId,
      unitId: row.unitId,
      outputUnitId: row.outputUnitId,
      metlvlId: row.metlvlId,
      situation: row.situation,
      meterType: row.meterType,
      account: row.account,
      meterNumber: row.meterNumber,
      landlord: row.landlord,
      reportingSource: row.reportingSource,
      meterOpen: row.meterOpen,
      retailerId: row.retailerId,
      nonMainland: row.nonMainland,
    }),
  });

  async function newMeterIn(tx: Tx, a: Caller, organisationId: number, body: NewMeter) {
    const site = await siteFor(tx, a, organisationId, body.site);
    const type = body.energy === null ? undefined : await q.findDataType(tx, organisationId, body.energy);
    const supply = supplyOf(type?.grouping);
    const icp = needsIcp(supply, body.level) ? normaliseIcp(body.icp) : body.icp.trim();
    // Unknown references first; then the wizard's own rules (a meter type is judged only for a known type).
    const errors: StepErrors = {};
    if (site === null) errors.site = MSG.meterUnknownSite;
    if (body.energy !== null && !type) errors.energy = MSG.meterUnknownDataType;
    const rules = newMeterErrors({ ...body, icp, grouping: type?.grouping ?? null });
    for (const [key, message] of Object.entries(rules) as [keyof StepErrors, string][])
      if (!(key in errors) && (type || key !== 'meterType')) errors[key] = message;
    const unitTypes = await q.unitTypes(
      tx,
      [body.unit, body.outputUnit].filter((u): u is number => u !== null),
    );
    for (const key of ['unit', 'outputUnit'] as const) {
      const unit = body[key];
      if (type && unit !== null && unitTypes.get(unit) !== type.id) errors[key] = MSG.meterUnitOfOtherType;
    }
    if (body.retailer !== null && !(await q.retailerExists(tx, body.retailer)))
      errors.retailer = MSG.meterUnknownRetailer;
    if (site?.siteClose && body.openDate && body.openDate > site.siteClose)
      errors.openDate = MSG.meterOpenAfterSiteClose;
    if (hasErrors(errors) || !site || !type) refuse(errors);

    const meter = await q.insertMeter(tx, {
      organisationId,
      siteId: site.id,
      localName: body.name.trim(),
      energyId: type.id,
      unitId: body.unit,
      outputUnitId: body.outputUnit,
      metlvlId: meterLevelOf(body.level),
      situation: body.level,
      meterType: body.meterType ?? 2,
      smartMetering: body.meterType === 5 || body.meterType === 6,
      account: icp === '' ? null : icp,
      landlord: needsLandlord(body.level) ? body.landlord.trim() : null,
      reportingSource: body.reporting ?? 'ORGANISATION',
      meterOpen: body.openDate,
      retailerId: body.retailer,
      nonMainland: body.nonMainland,
    });
    await audit(tx, a, meterAudit(organisationId, meter));
    return meter;
  }

  return {
    /** Creates a meter inside the caller's transaction (lib/meter-maker.ts); answers its row. */
    newMeterIn,

    async newMeter(a: Caller, organisationId: number, body: NewMeter): Promise<NewMeterAnswer> {
      const row = await db.transaction((tx) => newMeterIn(tx, a, organisationId, body));
      return {
        success: true,
        message: fill(MSG.meterCreated, { name: row.localName }),
        id: row.id,
        name: row.localName,
      };
    },

    async newCombinedAccount(
      a: Caller,
      organisationId: number,
      body: NewCombined,
    ): Promise<NewCombinedAccountAnswer> {
      return db.transaction(async (tx) => {
        const site = await siteFor(tx, a, organisationId, body.site);
        const errors: Record<string, string | undefined> = combinedAccountErrors(body);
        if (site === null) errors.site = MSG.meterUnknownSite;
        if (site?.siteClose && body.openDate && body.openDate > site.siteClose)
          errors.openDate = MSG.meterOpenAfterSiteClose;
        if (hasErrors(errors) || !site) refuse(errors);

        const numbers = waterMeterNumbers(body.waterMeterNumber, body.wastewaterMeterNumber);
        const account = body.account.trim();
        const make = async (activity: string, name: string, meterNumber: string) => {
          const type = await q.globalDataTypeNamed(tx, activity);
          const unitId = type ? (type.defaultUnitId ?? (await q.standardUnitOf(tx, type.id))) : undefined;
          if (!type || !unitId)
            throw new AppError('BAD_REQUEST', `The catalogue has no ${activity} activity`, 400);
          const meter = await q.insertMeter(tx, {
            organisationId,
            siteId: site.id,
            localName: name.trim(),
            energyId: type.id,
            unitId,
            outputUnitId: unitId,
            meterType: 2,
            account,
            meterNumber,
            reportingSource: body.reporting ?? 'ORGANISATION',
            meterOpen: body.openDate,
          });
          await audit(tx, a, meterAudit(organisationId, meter));
          return { id: meter.id, name: meter.localName, meterNumber };
        };
        const water = await make('Water supply', body.waterMeterName, numbers.water);
        const wastewater = await make('Wastewater', body.wastewaterMeterName, numbers.wastewater);
        return {
          success: true,
          message: fill(MSG.waterAccountCreated, { water: water.name, wastewater: wastewater.name }),
          notice: numbers.notice,
          water,
          wastewater,
        };
      });
    },

    /**
     * Whether an ICP is valid, and whether a meter of the caller's organisation (one they may see) already
     * has it: another organisation's meters are never looked at.
     */
    async icpCheck(a: Caller, text: string, electricity: boolean): Promise<IcpCheckAnswer> {
      const icp = normaliseIcp(text);
      const organisationId = a.checked.organisationId;
      if (!icpValid(icp) || organisationId === null) {
        return { icp, valid: false, exists: false, message: MSG.icpNotValid, address: null };
      }
      const [found, visible] = await Promise.all([
        q.metersWithAccount(db, organisationId, icp, electricity ? ['electricity'] : ['natural gas']),
        visibleMetersOf(db, a, organisationId),
      ]);
      const seen = visible === null ? found : found.filter((m) => visible.includes(m.id));
      const first = seen[0];
      const address = first
        ? [first.address1, first.address2, first.address3, first.address4]
            .filter((p) => p?.trim())
            .join(', ') || null
        : null;
      return {
        icp,
        valid: true,
        exists: first !== undefined,
        message: first ? MSG.icpExists : null,
        address,
      };
    },
  };
}

export type MeterCreationService = ReturnType<typeof createMeterCreationService>;
