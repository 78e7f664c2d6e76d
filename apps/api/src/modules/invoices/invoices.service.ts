import type { InvoiceInput, SaveResult } from '@verdant/contracts/invoices/entry';
import type { Db, DbOrTx } from '@verdant/db/client';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { invoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { chargeTypeById } from '@verdant/domain/invoices/charge-types';
import { centsToDollars } from '@verdant/domain/invoices/money';
import { itemsCheck, saveCheck } from '@verdant/domain/invoices/save-checks';
import { fill, MSG } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import {
  type AlertEvaluator,
  alertOf,
  arithmeticAlerts,
  arithmeticOf,
  cents,
  DryRun,
  type FileLinks,
  type HalfHourChecker,
  type StoredAlerts,
} from './invoice-arithmetic';
import { invoiceInfo } from './invoice-info';
import { sameLedgerInputs } from './invoice-ledger-inputs';
import { createInvoicePages } from './invoice-pages';
import { helperSundries } from './invoice-sundry';
import * as q from './invoices.queries';

/** Invoice entry: one invoice for its page, save with the spec's checks, delete, a new blank. */
export function createInvoicesService({
  db,
  evaluateAlerts,
  storedAlerts,
  halfHourCheck,
  fileLinks,
}: {
  db: Db;
  clock?: () => Date;
  evaluateAlerts?: AlertEvaluator;
  storedAlerts?: StoredAlerts;
  halfHourCheck?: HalfHourChecker;
  fileLinks?: FileLinks;
}) {
  /** The organisation the route's rule was checked in (its dates: docs/domain.md, "Time zones and today"). */
  const organisationOf = (a: Caller) => orgOf(a).id;

  const pages = createInvoicePages({ db, storedAlerts, halfHourCheck, fileLinks });
  const { meterOf } = pages;

  /** Every refusal of a save, before anything is written: the same checks the page runs, then the data's. */
  function refuse(meter: q.MeterRow, body: InvoiceInput) {
    for (const it of body.items) {
      const type = chargeTypeById(it.chargeTypeId);
      if (!type || type.documentOnly)
        throw badRequest(fill(MSG.invoiceChargeTypeUnknown, { name: it.chargeTypeId }));
      if (type.category !== it.category)
        throw badRequest(fill(MSG.invoiceChargeTypeCategory, { name: type.name, category: it.category }));
    }
    const groupsUsed = body.items.flatMap((i) => (i.groupName ? [i.groupName] : []));
    const groups = body.chargeGroups.length > 0 ? body.chargeGroups : [...new Set(groupsUsed)];
    const itemsMessage = itemsCheck(body.items, groups);
    if (itemsMessage) throw badRequest(itemsMessage);
    const check = saveCheck({
      ...arithmeticOf(body),
      edited: body.edited,
      visibleTotalCents: cents(body.visibleTotal),
      taxCents: cents(body.taxAmount),
      invoiceNumber: body.invoiceNumber,
      invoiceDate: body.invoiceDate,
      dateDue: body.dateDue,
      dateFrom: body.dateFrom,
      dateTill: body.dateTill,
    });
    if (check) throw badRequest(check);
    const from = body.dateFrom ?? '';
    const till = body.dateTill ?? '';
    if (from > till) throw badRequest(MSG.invoicePeriod, { dateTill: [MSG.invoicePeriod] });
    if (meter.meter_open && from < meter.meter_open) throw badRequest(MSG.invoiceStartsBeforeOpen);
    if (meter.meter_close && till > meter.meter_close) throw badRequest(MSG.invoiceEndsAfterClose);
    if (!meter.unit_ids.includes(body.unitId))
      throw badRequest(MSG.invoiceUnitUnknown, { unitId: [MSG.invoiceUnitUnknown] });
  }

  /** Add Sundry on a reversing document (invoice-sundry.ts): the new sundries, GST and total, then as a save. */
  async function addSundries(
    tx: DbOrTx,
    a: Caller,
    meter: q.MeterRow,
    existing: q.InvoiceRow,
    body: InvoiceInput,
  ): Promise<SaveResult> {
    const organisationId = existing.organisationId;
    const stored = await q.invoiceItems(tx, organisationId, existing.id);
    const { items, update } = helperSundries(existing, stored, body);
    await q.updateInvoice(tx, organisationId, existing.id, update);
    await q.insertItems(
      tx,
      items.map((it) => ({ ...it, organisationId, invoiceId: existing.id })),
    );
    await recomputeOrganisationFacts(tx, organisationId, existing.meterIds);
    const raised = evaluateAlerts
      ? (await evaluateAlerts(tx, organisationId, [existing.id], { dryRun: body.dryRun })).map(alertOf)
      : [];
    if (body.dryRun) throw new DryRun({ errors: [], alerts: raised, savedInvoice: null });
    await audit(tx, a, {
      organisationId,
      action: 'update',
      asset: { type: 'meter', id: meter.id, name: meter.local_name },
      changes: {
        invoice: { before: existing.id, after: existing.id },
        sundries: { before: null, after: items.map((i) => `${i.description ?? 'Sundry'} ${i.total}`) },
        ...diff(existing as unknown as Record<string, unknown>, update),
      },
    });
    return { errors: [], alerts: raised, savedInvoice: { id: existing.id } };
  }

  return {
    get: pages.get,
    info: (a: Caller, invoiceId: number, meterId?: number) =>
      invoiceInfo(db, organisationOf(a), invoiceId, meterId),
    blank: pages.blank,
    defaults: pages.defaults,

    async save(a: Caller, body: InvoiceInput): Promise<SaveResult> {
      const organisationId = organisationOf(a);
      try {
        return await db.transaction(async (tx) => {
          const meter = await meterOf(tx, organisationId, body.meterId);
          const existing =
            body.id === null ? undefined : await q.findInvoice(tx, organisationId, body.id, body.meterId);
          if (body.id !== null && !existing) throw notFound();
          if (existing && existing.kind !== 'normal') return await addSundries(tx, a, meter, existing, body);
          if (
            existing?.reversed &&
            (existing.dateFrom !== body.dateFrom || existing.dateTill !== body.dateTill)
          )
            throw badRequest(MSG.invoiceDatesFixed);
          refuse(meter, body);

          const arithmetic = arithmeticOf(body);
          const totals = invoiceTotals(arithmetic);
          const taxCents = body.edited ? cents(body.taxAmount) : totals.taxCents;
          const totalCents = body.edited ? cents(body.visibleTotal) : totals.totalCents;
          const costExcl = body.itemTotalsIncludeTax ? totals.itemsCents - taxCents : totals.itemsCents;
          const record = {
            retailerId: body.retailerId,
            invoiceNumber: body.invoiceNumber,
            invoiceDate: body.invoiceDate,
            dateDue: body.dateDue,
            dateFrom: body.dateFrom ?? '',
            dateTill: body.dateTill ?? '',
            readType: body.readType,
            estimated: body.readType === 'estimated',
            chargesTotal: centsToDollars(totals.chargesCents),
            sundriesTotal: centsToDollars(totals.sundriesCents),
            discountsTotal: centsToDollars(-totals.discountsCents),
            costExclTax: centsToDollars(costExcl),
            taxAmount: centsToDollars(taxCents),
            itemsIncludeTax: body.itemTotalsIncludeTax,
            discountAfterTax: arithmetic.discountAfterTax,
            taxPercentage: String(body.taxPercentage),
            openingBalance: centsToDollars(arithmetic.openingBalanceCents),
            totalPayable: centsToDollars(totalCents),
            edited: body.edited,
            metaEdited: body.metaEdited,
            notes: body.notes,
          };
          let id: number;
          if (existing) {
            id = existing.id;
            await q.updateInvoice(tx, organisationId, id, record);
          } else {
            id = await q.insertInvoice(tx, { organisationId, enteredBy: a.user.id, ...record });
          }
          await q.upsertInvoiceMeter(tx, {
            organisationId,
            invoiceId: id,
            meterId: meter.id,
            unitId: body.unitId,
            consumption: String(body.consumption),
          });
          await q.replaceItems(
            tx,
            organisationId,
            id,
            body.items.map((it, i) => {
              const r = totals.items[i];
              const type = chargeTypeById(it.chargeTypeId);
              return {
                organisationId,
                invoiceId: id,
                category: it.category,
                chargeTypeId: it.chargeTypeId,
                chargeType: type?.name ?? null,
                description: it.description,
                groupName: it.groupName,
                rate: it.rate === null ? null : String(it.rate),
                units: it.units === null ? null : String(it.units),
                factor: it.factor === null ? null : String(it.factor),
                repeat: it.repeat === null ? null : String(it.repeat),
                total: centsToDollars(r?.totalCents ?? 0),
                calculatedTotal: r?.calculatedCents == null ? null : centsToDollars(r.calculatedCents),
                manuallyAdjusted: r?.manuallyAdjusted ?? false,
                arithmeticError: r?.arithmeticError ?? false,
                taxExempt: type?.taxExempt ?? false,
                discountable: type?.discountable ?? false,
                sortOrder: i,
              };
            }),
          );
          const meterIds = [...new Set([meter.id, ...(existing?.meterIds ?? [])])];
          // A save that changes no input of the ledger (its notes, number, a line's description) would write the
          // facts already stored (docs/decisions/performance.md, A save that changes no figure).
          const unchanged =
            existing !== undefined &&
            sameLedgerInputs(existing, { ...record, unitId: body.unitId, consumption: body.consumption });
          if (!unchanged) await recomputeOrganisationFacts(tx, organisationId, meterIds);
          const raised = evaluateAlerts
            ? (await evaluateAlerts(tx, organisationId, [id], { dryRun: body.dryRun })).map(alertOf)
            : arithmeticAlerts(body.items, arithmetic);
          if (body.dryRun) throw new DryRun({ errors: [], alerts: raised, savedInvoice: null });
          await audit(tx, a, {
            organisationId,
            action: existing ? 'update' : 'create',
            asset: { type: 'meter', id: meter.id, name: meter.local_name },
            changes: existing
              ? {
                  invoice: { before: id, after: id },
                  ...diff(existing as unknown as Record<string, unknown>, record),
                }
              : created({ invoice: id, ...record }),
          });
          return { errors: [], alerts: raised, savedInvoice: { id } };
        });
      } catch (e) {
        if (e instanceof DryRun) return e.result;
        throw e;
      }
    },

    async remove(a: Caller, invoiceId: number) {
      const organisationId = organisationOf(a);
      await db.transaction(async (tx) => {
        const invoice = await q.findInvoice(tx, organisationId, invoiceId);
        if (!invoice) throw notFound();
        await q.deleteInvoice(tx, organisationId, invoiceId);
        await recomputeOrganisationFacts(tx, organisationId, invoice.meterIds);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'meter', id: invoice.meterIds[0] ?? null },
          changes: diff(
            { invoice: invoice.id, invoiceNumber: invoice.invoiceNumber, dateFrom: invoice.dateFrom },
            null,
          ),
        });
      });
      return { success: true as const };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
