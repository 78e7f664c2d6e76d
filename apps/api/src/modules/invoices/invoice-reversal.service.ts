import type { ReversalData, ReversalRequest } from '@verdant/contracts/invoices/list';
import type { Db, DbOrTx } from '@verdant/db/client';
import { addInvoice, LedgerInputError } from '@verdant/db/ledger/inputs';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { matchReversalPeriod, type ReversalMode, type ReversibleInvoice } from '@verdant/domain/invoice-list';
import { MSG } from '@verdant/domain/messages';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './invoice-list.queries';
import { meterScope } from './invoice-list.service';

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** The invoices a new reversing document may still reverse: those not reversed already, and not reversals. */
async function reversible(
  tx: DbOrTx,
  organisationId: number,
  meter: q.MeterRow,
): Promise<ReversibleInvoice[]> {
  const rows = await q.meterInvoices(tx, organisationId, meter.id, meter.conversion);
  return rows
    .filter((r) => r.reversedBy.length === 0 && (r.kind === 'normal' || r.kind === 'replacement'))
    .map((r) => ({ id: r.id, dateFrom: r.dateFrom, dateTill: r.dateTill }));
}

/** Reversal, replacement and decommission of invoices (data-portal.md 4, 5, 7), each one transaction. */
export function createInvoiceReversalService({ db, clock }: { db: Db; clock: () => Date }) {
  async function unitOf(tx: DbOrTx, meter: q.MeterRow, unitId: number | undefined) {
    const units = await q.unitsOf(tx, meter.energyId);
    const unit = units.find((u) => u.id === (unitId ?? meter.unitId));
    if (!unit) throw badRequest(MSG.reversalUnitUnknown, { unit: [MSG.reversalUnitUnknown] });
    return { unit, units };
  }

  return {
    async reversalData(
      a: Caller,
      meterId: number,
      query: { id?: number; unit?: number; startDate?: string; endDate?: string },
    ): Promise<ReversalData> {
      const { organisationId, meter } = await meterScope(db, a, meterId);
      const { unit, units } = await unitOf(db, meter, query.unit);
      let start = query.startDate ?? null;
      let end = query.endDate ?? null;
      if (query.id !== undefined) {
        const invoice = await q.meterInvoice(db, organisationId, meterId, query.id);
        if (!invoice) throw notFound();
        start ??= invoice.dateFrom;
        end ??= invoice.dateTill;
      }
      const matched =
        start !== null && end !== null
          ? (await reversible(db, organisationId, meter)).filter(
              (i) => i.dateFrom >= start && i.dateFrom <= end,
            )
          : [];
      const billed = await q.reversedPerMeter(
        db,
        organisationId,
        matched.map((i) => i.id),
        unit.conversion,
      );
      return {
        reversedConsumption: billed.meters.map((m) => {
          const cons = round(Number(m.cons), 4);
          return {
            id: m.meterId,
            meterNumber: m.meterNumber,
            reversals: m.invoices.map(Number),
            reversedConsumption: cons,
            chargedConsumption: cons,
          };
        }),
        reversedCosts: round(billed.cost, 2),
        unit: { id: unit.id, name: unit.name },
        energyUnits: units.map((u) => ({ id: u.id, name: u.name })),
        startDate: start,
        endDate: end,
      };
    },

    /** Writes the reversing document over the body's meters; the first meter's invoices decide the match. */
    async reverse(
      a: Caller,
      mode: ReversalMode,
      body: ReversalRequest,
    ): Promise<{ savedInvoice: { id: number } }> {
      const meterIds = body.meters.map((m) => m.meterId);
      if (new Set(meterIds).size !== meterIds.length) {
        throw badRequest(MSG.reversalMeterOutside, { meters: [MSG.reversalMeterOutside] });
      }
      try {
        return await db.transaction(async (tx) => {
          const [first] = meterIds;
          const { organisationId, meter } = await meterScope(tx, a, first ?? 0, true);
          if (meter.meterOpen && body.startDate < meter.meterOpen) {
            throw badRequest(MSG.reversalBeforeOpen, { startDate: [MSG.reversalBeforeOpen] });
          }
          if (meter.meterClose && body.endDate > meter.meterClose) {
            throw badRequest(MSG.reversalAfterClose, { endDate: [MSG.reversalAfterClose] });
          }
          const { unit } = await unitOf(tx, meter, body.unit);
          const match = matchReversalPeriod(
            mode,
            body.startDate,
            body.endDate,
            await reversible(tx, organisationId, meter),
          );
          if ('refusal' in match) throw badRequest(MSG[match.refusal]);
          const meters = [];
          for (const m of body.meters) {
            const other = m.meterId === meter.id ? meter : (await meterScope(tx, a, m.meterId, true)).meter;
            const unitId = m.meterId === meter.id ? unit.id : other.unitId;
            if (unitId === null) throw badRequest(MSG.reversalUnitUnknown);
            meters.push({ meterId: m.meterId, unitId, consumption: m.chargedConsumption });
          }
          const invoice = await addInvoice(tx, organisationId, {
            from: body.startDate,
            till: body.endDate,
            invoiceDate: body.invoiceDate,
            invoiceNumber: body.invoiceNumber,
            kind: mode,
            cost: body.chargedCost,
            meters,
            reverses: match.matched.map((i) => i.id),
          });
          await q.completeInvoice(tx, organisationId, invoice.id, {
            dateDue: body.dueDate ?? null,
            enteredBy: a.user.id,
            meterId: meter.id,
          });
          if (mode === 'decommission') {
            for (const id of meterIds) await q.closeMeter(tx, organisationId, id, body.endDate);
            await recomputeOrganisationFacts(tx, organisationId, meterIds, clock());
          }
          await audit(tx, a, {
            organisationId,
            action: mode,
            asset: { type: 'meter', id: meter.id, name: meter.localName },
            changes: {
              invoice: { before: null, after: body.invoiceNumber },
              reverses: { before: null, after: match.matched.map((i) => i.id) },
              ...(mode === 'decommission'
                ? { meterClose: { before: meter.meterClose, after: body.endDate } }
                : {}),
            },
          });
          return { savedInvoice: { id: invoice.id } };
        });
      } catch (error) {
        if (error instanceof LedgerInputError) throw badRequest(error.message);
        throw error;
      }
    },
  };
}

export type InvoiceReversalService = ReturnType<typeof createInvoiceReversalService>;
