import { LOAD_MEASUREMENTS } from '@verdant/contracts/catalogue';
import type { Retailer } from '@verdant/contracts/data-sources/creation';
import {
  type AdminRetailer,
  type LineItemOverrideInput,
  type LineItemOverridesReplace,
  lineItemOverrideInput,
  lineItemOverridesReplace,
  NEW_RETAILER_PLACEHOLDER,
  type NewRetailerRequest,
  newRetailerRequest,
  type RetailerUpdate,
  retailerUpdate,
} from '@verdant/contracts/retailers';
import type { Db, DbOrTx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './retailers.queries';

const withLoadUnit = (r: Retailer): AdminRetailer => ({
  ...r,
  loadUnit: LOAD_MEASUREMENTS.find((m) => m.Id === r.loadId)?.Descr ?? null,
});
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Retailers and line item overrides (docs/decisions/catalogue.md; core-portal.md 5: a new retailer's name
 * differs from 'New Retailer' and is unique; an override's line item and instructions are non-empty, the line
 * item unique for the retailer and invoice type). Product administrators only (declared on the routes); every
 * write is one transaction with its audit row.
 */
export function createRetailersService({ db }: { db: Db }) {
  async function retailerOf(tx: DbOrTx, id: number) {
    const retailer = await q.findRetailer(tx, id);
    if (!retailer) throw notFound();
    return retailer;
  }
  const duplicate = (name: string) => {
    const message = fill(MSG.lineItemDuplicate, { name: name.trim() });
    return badRequest(message, { lineItem: [message] });
  };
  const answer = async (tx: DbOrTx, retailerId: number, typeId: number) => ({
    success: true as const,
    message: MSG.lineItemOverridesUpdated,
    data: await q.overrides(tx, retailerId, typeId),
  });

  return {
    async list(): Promise<AdminRetailer[]> {
      return (await q.listRetailers(db)).map(withLoadUnit);
    },

    async create(a: Caller, input: NewRetailerRequest) {
      const body = newRetailerRequest.parse(input);
      if (same(body.name, NEW_RETAILER_PLACEHOLDER))
        throw badRequest(MSG.retailerNamePlaceholder, { name: [MSG.retailerNamePlaceholder] });
      return db.transaction(async (tx) => {
        if (await q.retailerNamed(tx, body.name))
          throw badRequest(MSG.retailerNameTaken, { name: [MSG.retailerNameTaken] });
        const row = await q.insertRetailer(tx, body);
        await audit(tx, a, {
          organisationId: null,
          action: 'create',
          asset: { type: 'retailer', id: row.retailerId, name: row.retailerDescr },
          changes: created(body),
        });
        return {
          success: true as const,
          message: fill(MSG.retailerCreated, { name: body.name }),
          data: withLoadUnit(row),
        };
      });
    },

    /** PUT: a retailer's name, supply and load unit; the name under the same rules as a new one's. */
    async edit(a: Caller, input: RetailerUpdate) {
      const body = retailerUpdate.parse(input);
      if (same(body.retailerDescr, NEW_RETAILER_PLACEHOLDER))
        throw badRequest(MSG.retailerNamePlaceholder, { retailerDescr: [MSG.retailerNamePlaceholder] });
      return db.transaction(async (tx) => {
        const before = await retailerOf(tx, body.retailerId);
        const named = await q.retailerNamed(tx, body.retailerDescr);
        if (named && named.id !== body.retailerId)
          throw badRequest(MSG.retailerNameTaken, { retailerDescr: [MSG.retailerNameTaken] });
        const after = { name: body.retailerDescr, type: body.type, loadId: body.loadId };
        const row = await q.updateRetailer(tx, body.retailerId, after);
        await audit(tx, a, {
          organisationId: null,
          action: 'update',
          asset: { type: 'retailer', id: row.retailerId, name: row.retailerDescr },
          changes: diff({ name: before.retailerDescr, type: before.type, loadId: before.loadId }, after),
        });
        return {
          success: true as const,
          message: fill(MSG.retailerUpdated, { name: row.retailerDescr }),
          data: withLoadUnit(row),
        };
      });
    },

    async overrides(retailerId: number, typeId: number) {
      await retailerOf(db, retailerId);
      return q.overrides(db, retailerId, typeId);
    },

    /** POST: one more override. */
    async add(a: Caller, retailerId: number, typeId: number, input: LineItemOverrideInput) {
      const body = lineItemOverrideInput.parse(input);
      return db.transaction(async (tx) => {
        const retailer = await retailerOf(tx, retailerId);
        await q.lockOverrides(tx, retailerId, typeId);
        const list = await q.overrides(tx, retailerId, typeId);
        if (list.some((o) => same(o.lineItem, body.lineItem))) throw duplicate(body.lineItem);
        await q.insertOverrides(tx, [{ retailerId, billTypeId: typeId, ...body }]);
        await audit(tx, a, {
          organisationId: null,
          action: 'create line item override',
          asset: { type: 'retailer', id: retailerId, name: retailer.retailerDescr },
          changes: created({ invoiceType: typeId, ...body }),
        });
        return answer(tx, retailerId, typeId);
      });
    },

    /** PUT on one: its line item and instructions. */
    async update(
      a: Caller,
      retailerId: number,
      typeId: number,
      mappingId: number,
      input: LineItemOverrideInput,
    ) {
      const body = lineItemOverrideInput.parse(input);
      return db.transaction(async (tx) => {
        const retailer = await retailerOf(tx, retailerId);
        await q.lockOverrides(tx, retailerId, typeId);
        const list = await q.overrides(tx, retailerId, typeId);
        const before = list.find((o) => o.retailerMappingId === mappingId);
        if (!before) throw notFound();
        if (list.some((o) => o.retailerMappingId !== mappingId && same(o.lineItem, body.lineItem)))
          throw duplicate(body.lineItem);
        await q.updateOverride(tx, retailerId, typeId, mappingId, body);
        await audit(tx, a, {
          organisationId: null,
          action: 'update line item override',
          asset: { type: 'retailer', id: retailerId, name: retailer.retailerDescr },
          changes: { override: { before: mappingId, after: mappingId }, ...diff(before, body) },
        });
        return answer(tx, retailerId, typeId);
      });
    },

    /** PUT on the list: the retailer's overrides of the invoice type become exactly the list (ids kept). */
    async replace(a: Caller, retailerId: number, typeId: number, input: LineItemOverridesReplace) {
      const body = lineItemOverridesReplace.parse(input);
      const seen: string[] = [];
      for (const o of body) {
        if (seen.some((s) => same(s, o.lineItem))) throw duplicate(o.lineItem);
        seen.push(o.lineItem);
      }
      return db.transaction(async (tx) => {
        const retailer = await retailerOf(tx, retailerId);
        await q.lockOverrides(tx, retailerId, typeId);
        const before = await q.overrides(tx, retailerId, typeId);
        const ids = new Set(before.map((o) => o.retailerMappingId));
        if (body.some((o) => o.retailerMappingId !== null && !ids.has(o.retailerMappingId))) throw notFound();
        await q.deleteOverrides(tx, retailerId, typeId);
        await q.insertOverrides(
          tx,
          body.map((o) => ({
            ...(o.retailerMappingId === null ? {} : { id: o.retailerMappingId }),
            retailerId,
            billTypeId: typeId,
            lineItem: o.lineItem,
            instructions: o.instructions,
          })),
        );
        await audit(tx, a, {
          organisationId: null,
          action: 'update line item overrides',
          asset: { type: 'retailer', id: retailerId, name: retailer.retailerDescr },
          changes: {
            invoiceType: { before: typeId, after: typeId },
            overrides: {
              before: before.map((o) => `${o.lineItem}: ${o.instructions}`),
              after: body.map((o) => `${o.lineItem}: ${o.instructions}`),
            },
          },
        });
        return answer(tx, retailerId, typeId);
      });
    },
  };
}

export type RetailersService = ReturnType<typeof createRetailersService>;
