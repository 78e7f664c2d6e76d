import type { EntityDetail } from '@verdant/contracts/entities';
import type { DbOrTx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './entities.queries';

/**
 * The entity the route's rule was checked on (the rule answers 'not found' for one the caller may not see,
 * 403 for a write without edit rights); one gone since the check is 'not found'.
 */
export async function entityFor(db: DbOrTx, a: Caller, id: number) {
  const organisationId = a.checked.organisationId;
  const rec = organisationId === null ? undefined : await q.findEntity(db, organisationId, id);
  if (!rec) throw notFound();
  return { rec, mayEdit: a.checked.mayEdit };
}

/** The site the route's rule was checked on (for the wizard's lists). */
export async function siteFor(db: DbOrTx, a: Caller, siteId: number) {
  const organisationId = a.checked.organisationId;
  const site = organisationId === null ? undefined : await q.findSite(db, organisationId, siteId);
  if (!site) throw notFound();
  return site;
}

export function toDetail(rec: q.EntityRecord, mayEdit: boolean): EntityDetail {
  const e = rec.entity;
  return {
    id: e.id,
    entityName: e.name,
    type: e.entityType as EntityDetail['type'],
    siteId: e.siteId,
    siteName: rec.siteName,
    organisationId: e.organisationId,
    buildsegId: e.buildsegId,
    entdescId: e.entdescId,
    controlId: e.controlId,
    entityOpen: e.entityOpen,
    entityClose: e.entityClose,
    description: e.description,
    address1: e.address1,
    address2: e.address2,
    address3: e.address3,
    x: e.locationX,
    y: e.locationY,
    facilityName: rec.facilityName,
    closed: e.entityClose !== null,
    mayEdit,
  };
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A typed value as a number: null (or empty text) clears, text must be an integer or a number as asked.
 * Undefined means the value does not fit.
 */
export function parseValue(value: number | string | null | undefined, integer: boolean) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return undefined;
    return value;
  }
  const text = value.trim();
  if (text === '') return null;
  if (!(integer ? INTEGER : NUMBER).test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && (!integer || Number.isSafeInteger(n)) ? n : undefined;
}

/** The spec's 'Entity usage' rule as a 400, naming the field. */
export const usageRuleError = (field: string) =>
  badRequest(MSG.entityUsageRule, { [field]: [MSG.entityUsageRule] });

/** Refuses a field with its message, in the one error shape. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

export const pumpMeterMessage = (kind: 'power' | 'flow', site: string) =>
  fill(kind === 'power' ? MSG.pumpNoPowerMeters : MSG.pumpNoFlowMeters, { site });

export const isPowerMeter = (m: q.SiteMeter) => m.grouping?.toLowerCase() === 'electricity';
export const isFlowMeter = (m: q.SiteMeter) => m.grouping?.toLowerCase() === 'water';

/** The pump rules: head digits only; power and flow meters of the site, refused when it has none. */
export async function validatePump(
  tx: DbOrTx,
  site: { id: number; name: string; organisationId: number },
  body: { head?: string | number | null; powerMeterId?: number | null; flowMeterId?: number | null },
) {
  const head = parseHead(body.head);
  const meters = await q.siteMeters(tx, site.organisationId, site.id);
  const power = meters.filter(isPowerMeter);
  const flow = meters.filter(isFlowMeter);
  if (power.length === 0) throw fieldError('powerMeterId', pumpMeterMessage('power', site.name));
  if (flow.length === 0) throw fieldError('flowMeterId', pumpMeterMessage('flow', site.name));
  if (body.powerMeterId === null || body.powerMeterId === undefined)
    throw fieldError('powerMeterId', MSG.entityPowerMeterRequired);
  if (!power.some((m) => m.id === body.powerMeterId))
    throw fieldError('powerMeterId', MSG.entityPowerMeterInvalid);
  if (body.flowMeterId === null || body.flowMeterId === undefined)
    throw fieldError('flowMeterId', MSG.entityFlowMeterRequired);
  if (!flow.some((m) => m.id === body.flowMeterId))
    throw fieldError('flowMeterId', MSG.entityFlowMeterInvalid);
  return { head, powerMeterId: body.powerMeterId, flowMeterId: body.flowMeterId };
}

export function parseHead(head: string | number | null | undefined): number | null {
  if (head === null || head === undefined || head === '') return null;
  const text = String(head).trim();
  if (!/^\d+$/.test(text)) throw fieldError('head', MSG.entityHeadDigits);
  const n = parseValue(text, true);
  if (n === undefined || n === null || n > 2_147_483_647) throw fieldError('head', MSG.entityHeadDigits);
  return n;
}
