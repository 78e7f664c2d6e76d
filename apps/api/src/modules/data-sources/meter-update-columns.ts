import type { MeterUpdate } from '@verdant/contracts/data-sources/meters';
import type { DbOrTx } from '@verdant/db/client';
import type { meters } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import { badRequest } from '../../lib/errors';
import * as q from './meters.queries';

type MeterRow = typeof meters.$inferSelect;

/** The columns a PUT sets, checked against the meter as it is. */
export async function updateColumns(tx: DbOrTx, m: MeterRow, body: MeterUpdate): Promise<Partial<MeterRow>> {
  const { meterLocation, touContract, ppdContract, ...rest } = body;
  const out: Partial<MeterRow> = { ...rest } as Partial<MeterRow>;
  if (touContract !== undefined) out.touContractId = touContract;
  if (ppdContract !== undefined) out.ppdContractId = ppdContract;
  if (meterLocation !== undefined) {
    out.locationX = meterLocation?.x ?? null;
    out.locationY = meterLocation?.y ?? null;
  }
  if (body.meterClose === '') out.meterClose = null;
  if (body.alertRecipient === '') out.alertRecipient = null;
  for (const key of ['meterNumber', 'account', 'address1', 'address2', 'address3', 'address4'] as const) {
    if (out[key] === '') out[key] = null;
  }
  const open = out.meterOpen ?? m.meterOpen;
  const close = out.meterClose === undefined ? m.meterClose : out.meterClose;
  if (open && close && close < open) {
    throw badRequest(MSG.meterCloseBeforeOpen, {
      [body.meterClose !== undefined ? 'meterClose' : 'meterOpen']: [MSG.meterCloseBeforeOpen],
    });
  }
  const situation = out.situation ?? m.situation;
  const landlord = out.landlord === undefined ? m.landlord : out.landlord;
  if (
    situation === 'LANDLORD' &&
    (body.landlord !== undefined || body.situation !== undefined) &&
    !landlord?.trim()
  ) {
    throw badRequest(MSG.meterLandlordRequired, { landlord: [MSG.meterLandlordRequired] });
  }
  for (const [kind, id, field] of [
    ['tou', touContract, 'touContract'],
    ['ppd', ppdContract, 'ppdContract'],
  ] as const) {
    if (id !== undefined && id !== null && !(await q.contractExists(tx, m.organisationId, kind, id))) {
      throw badRequest(MSG.meterContractUnknown, { [field]: [MSG.meterContractUnknown] });
    }
  }
  if (out.unitId !== undefined && out.unitId !== null) {
    const unit = await q.findUnit(tx, out.unitId);
    if (!unit || unit.dataTypeId !== m.energyId) {
      throw badRequest(MSG.meterUnitNotOfType, { unitId: [MSG.meterUnitNotOfType] });
    }
  }
  return out;
}
