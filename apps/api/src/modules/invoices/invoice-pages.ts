import type {
  BlankInput,
  InvoiceInput,
  InvoiceItem,
  InvoicePage,
  NewInvoiceDefaults,
} from '@verdant/contracts/invoices/entry';
import { blankInput } from '@verdant/contracts/invoices/entry';
import type { Db, DbOrTx } from '@verdant/db/client';
import { invoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { CHARGE_TYPES, chargeTypeById, ENTRY_CHARGE_TYPES } from '@verdant/domain/invoices/charge-types';
import { invoiceGaps, suggestedPeriod } from '@verdant/domain/invoices/gaps';
import { centsToDollars } from '@verdant/domain/invoices/money';
import { MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import {
  alertOf,
  arithmeticAlerts,
  arithmeticOf,
  cents,
  ELECTRICITY_ICP_TYPES,
  type FileLinks,
  type HalfHourChecker,
  num,
  type StoredAlerts,
} from './invoice-arithmetic';
import { chargedCostLine } from './invoice-sundry';
import * as q from './invoices.queries';

/** Reading invoices for entry: one invoice for its page, a new blank, and the New Invoice dialog's defaults. */
export function createInvoicePages({
  db,
  storedAlerts,
  halfHourCheck,
  fileLinks,
}: {
  db: Db;
  storedAlerts?: StoredAlerts;
  halfHourCheck?: HalfHourChecker;
  fileLinks?: FileLinks;
}) {
  /** The organisation the route's rule was checked in (its dates: docs/domain.md, "Time zones and today"). */
  const organisationOf = (a: Caller) => orgOf(a).id;

  async function meterOf(tx: DbOrTx, organisationId: number, meterId: number) {
    const meter = await q.findMeter(tx, organisationId, meterId);
    if (!meter) throw notFound();
    return meter;
  }

  async function page(
    tx: DbOrTx,
    a: Caller,
    organisationId: number,
    meter: q.MeterRow,
    invoice: Awaited<ReturnType<typeof q.findInvoice>> | undefined,
    draft: InvoiceInput,
  ): Promise<InvoicePage> {
    const kind = invoice?.kind ?? 'normal';
    const editable = kind === 'normal';
    const reversed = invoice?.reversed ?? false;
    const around = invoice ? await q.neighbours(tx, organisationId, meter.id, invoice.id) : null;
    const icp = ELECTRICITY_ICP_TYPES.has(meter.energy_id ?? -1);
    const arithmetic = arithmeticOf(draft);
    const totals = invoiceTotals(arithmetic);
    const items = draft.items.map((it, i) => {
      const r = totals.items[i];
      return {
        ...it,
        calculatedTotal:
          r?.calculatedCents === null || r === undefined ? null : centsToDollars(r.calculatedCents),
        actualTotal: centsToDollars(r?.totalCents ?? 0),
        observedArithmeticError: r?.arithmeticError ?? false,
        wasManuallyAdjusted: r?.manuallyAdjusted ?? false,
        taxExempt: chargeTypeById(it.chargeTypeId)?.taxExempt ?? false,
      };
    });
    const { dryRun: _dry, ...rest } = draft;
    return {
      ...rest,
      items,
      kind,
      editable,
      dateEditable: editable && !reversed,
      reversed,
      mayEdit: a.checked.mayEdit,
      previousId: around?.previous_id ?? null,
      nextId: around?.next_id ?? null,
      organisationName: meter.organisation_name,
      siteId: meter.site_id,
      siteName: meter.site_name,
      // The account of an electricity ICP type is its ICP (data-portal.md 9), as the settings page labels it.
      meterCollectionLabel: icp ? 'ICP' : 'Account',
      meterCollectionValue: meter.account,
      localNameValue: meter.local_name,
      userCodeLabel: 'Meter Number',
      userCodeValue: meter.meter_number,
      billType: invoice?.billType ?? 'Consumption and cost',
      enteredBy: invoice?.enteredByName ?? null,
      meterOpen: meter.meter_open,
      meterClose: meter.meter_close,
      energyUnits: await q.unitsOfDataType(tx, organisationId, meter.energy_id),
      retailers: await q.retailerOptions(tx),
      availableChargeTypes: [...(kind === 'normal' ? ENTRY_CHARGE_TYPES : CHARGE_TYPES)],
      alerts:
        invoice && storedAlerts
          ? (await storedAlerts(tx, organisationId, [invoice.id]))
              .filter((x) => x.meterId === undefined || x.meterId === meter.id)
              .map(alertOf)
          : arithmeticAlerts(draft.items, arithmetic),
      halfHourCheck: halfHourCheck ? await halfHourCheck(tx, organisationId, meter.id, draft) : null,
      originalInvoice:
        invoice && fileLinks
          ? ((await fileLinks(tx, organisationId, [invoice.id])).get(invoice.id)?.pdf ?? null)
          : null,
    };
  }

  async function draftOf(
    tx: DbOrTx,
    organisationId: number,
    meterId: number,
    invoice: NonNullable<Awaited<ReturnType<typeof q.findInvoice>>>,
  ): Promise<InvoiceInput> {
    const rows = await q.invoiceItems(tx, organisationId, invoice.id);
    const items: InvoiceItem[] = rows
      .filter((r) => r.category !== 'tax')
      .map((r) => ({
        id: r.id,
        category: r.category as InvoiceItem['category'],
        chargeTypeId: r.chargeTypeId ?? defaultType(r.category),
        description: r.description,
        groupName: r.groupName,
        rate: num(r.rate),
        units: num(r.units),
        factor: num(r.factor),
        repeat: num(r.repeat),
        total: r.manuallyAdjusted || r.rate === null || r.units === null ? r.total : null,
        calculatedTotal: null,
        actualTotal: null,
        observedArithmeticError: false,
        wasManuallyAdjusted: false,
        taxExempt: r.taxExempt,
      }));
    const charged = chargedCostLine(invoice, rows);
    if (charged) items.unshift(charged);
    const groups = [...new Set(items.flatMap((i) => (i.groupName ? [i.groupName] : [])))];
    const tax = invoice.taxAmount;
    const total =
      invoice.totalPayable ??
      centsToDollars(cents(invoice.costExclTax) + cents(tax) + cents(invoice.openingBalance));
    return {
      id: invoice.id,
      meterId,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dateDue: invoice.dateDue,
      dateFrom: invoice.dateFrom,
      dateTill: invoice.dateTill,
      readType: invoice.readType,
      unitId: invoice.unitId ?? 0,
      consumption: Number(invoice.consumption ?? 0),
      retailerId: invoice.retailerId,
      itemTotalsIncludeTax: invoice.itemsIncludeTax,
      discountAfterTax: invoice.discountAfterTax,
      taxPercentage: Number(invoice.taxPercentage),
      openingBalance: centsToDollars(cents(invoice.openingBalance)),
      taxAmount: centsToDollars(cents(tax)),
      visibleTotal: centsToDollars(cents(total)),
      edited: invoice.edited,
      metaEdited: invoice.metaEdited,
      notes: invoice.notes,
      chargeGroups: groups,
      items,
      dryRun: false,
    };
  }

  const defaultType = (category: string) => (category === 'sundry' ? 30 : category === 'discount' ? 50 : 1);

  return {
    meterOf,

    async get(a: Caller, invoiceId: number, meterId?: number): Promise<InvoicePage> {
      const organisationId = organisationOf(a);
      const named = meterId ?? (await q.findInvoice(db, organisationId, invoiceId))?.meterIds[0];
      if (named === undefined) throw notFound();
      const chosen = named;
      const invoice = await q.findInvoice(db, organisationId, invoiceId, chosen);
      if (!invoice) throw notFound();
      const meter = await meterOf(db, organisationId, chosen);
      return page(db, a, organisationId, meter, invoice, await draftOf(db, organisationId, chosen, invoice));
    },

    async blank(a: Caller, input: BlankInput): Promise<InvoicePage> {
      const body = blankInput.parse(input);
      const organisationId = organisationOf(a);
      const meter = await meterOf(db, organisationId, body.meter);
      if (body.dateFrom > body.dateTill) throw badRequest(MSG.invoicePeriod);
      if (meter.meter_open && body.dateFrom < meter.meter_open) throw badRequest(MSG.invoiceStartsBeforeOpen);
      if (meter.meter_close && body.dateTill > meter.meter_close) throw badRequest(MSG.invoiceEndsAfterClose);
      const basedOnId = body.basedOn ?? (await q.latestBefore(db, organisationId, meter.id, body.dateFrom));
      const based =
        basedOnId === undefined ? undefined : await q.findInvoice(db, organisationId, basedOnId, meter.id);
      if (body.basedOn !== null && !based) throw notFound();
      const previous = based ? await draftOf(db, organisationId, meter.id, based) : undefined;
      const units = await q.unitsOfDataType(db, organisationId, meter.energy_id);
      // The previous invoice's lines with their rates; units and totals are this bill's to enter.
      const items = (previous?.items ?? []).map((it) => ({
        ...it,
        id: null,
        units: it.rate === null ? it.units : null,
        total: it.rate === null ? it.total : null,
      }));
      const draft: InvoiceInput = {
        id: null,
        meterId: meter.id,
        invoiceNumber: null,
        invoiceDate: body.invoiceDate,
        dateDue: null,
        dateFrom: body.dateFrom,
        dateTill: body.dateTill,
        readType: 'actual',
        unitId: previous?.unitId || meter.unit_id || units[0]?.id || 0,
        consumption: 0,
        retailerId: previous?.retailerId ?? meter.retailer_id,
        itemTotalsIncludeTax: previous?.itemTotalsIncludeTax ?? false,
        discountAfterTax: previous?.discountAfterTax ?? false,
        taxPercentage: previous?.taxPercentage ?? 15,
        openingBalance: '0.00',
        taxAmount: '0.00',
        visibleTotal: '0.00',
        edited: false,
        metaEdited: false,
        notes: null,
        chargeGroups: previous?.chargeGroups ?? [],
        items,
        dryRun: false,
      };
      const totals = invoiceTotals(arithmeticOf(draft));
      draft.taxAmount = centsToDollars(totals.taxCents);
      draft.visibleTotal = centsToDollars(totals.totalCents);
      return page(db, a, organisationId, meter, undefined, draft);
    },

    async defaults(a: Caller, meterId: number): Promise<NewInvoiceDefaults> {
      const { today } = orgOf(a);
      const organisationId = organisationOf(a);
      const meter = await meterOf(db, organisationId, meterId);
      const periods = await q.meterPeriods(db, organisationId, meterId);
      const spans = periods.map((p) => ({ from: p.date_from, till: p.date_till }));
      const end = meter.meter_close ?? today;
      const suggestion = suggestedPeriod(spans, meter.meter_open, end);
      return {
        meterOpen: meter.meter_open,
        meterClose: meter.meter_close,
        startDate: suggestion?.from ?? null,
        endDate: suggestion?.till ?? null,
        gaps: invoiceGaps(spans, meter.meter_open, end),
        previous: periods
          .slice(-12)
          .reverse()
          .map((p) => ({
            id: p.id,
            invoiceNumber: p.invoice_number,
            dateFrom: p.date_from,
            dateTill: p.date_till,
          })),
      };
    },
  };
}
