import type {
  BlankInput,
  InvoiceAlert,
  InvoiceInput,
  InvoiceItem,
  InvoicePage,
  NewInvoiceDefaults,
  SaveResult,
} from '@verdant/contracts/invoice-edit';
import { blankInput } from '@verdant/contracts/invoice-edit';
import type { Db, DbOrTx } from '@verdant/db/client';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { type InvoiceInput as ArithmeticInput, invoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { CHARGE_TYPES, chargeTypeById, ENTRY_CHARGE_TYPES } from '@verdant/domain/invoices/charge-types';
import { invoiceGaps, suggestedPeriod } from '@verdant/domain/invoices/gaps';
import { centsToDollars, formatMoney, toCents } from '@verdant/domain/invoices/money';
import { itemsCheck, saveCheck } from '@verdant/domain/invoices/save-checks';
import { fill, MSG } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { chargedCostLine, helperSundries } from './invoice-sundry';
import * as q from './invoices.queries';

type AlertOut = { id: number | null; details: string; reportStatus: number | null; meterId?: number };
/**
 * Evaluates (and unless dryRun stores) the bill-audit alerts of invoices: evaluateInvoiceAlerts of
 * invoice-alerts (docs/architecture.md, Bill audit).
 */
export type AlertEvaluator = (
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
  options: { dryRun: boolean },
) => Promise<AlertOut[]>;
/**
 * The invoice's period and consumption beside the data source's half-hour data (docs/decisions/invoices.md,
 * Half-hour check on the invoice page).
 */
export type HalfHourChecker = (
  tx: DbOrTx,
  organisationId: number,
  meterId: number,
  invoice: { dateFrom: string | null; dateTill: string | null; unitId: number; consumption: number },
) => Promise<InvoicePage['halfHourCheck']>;
/** The direct links of invoices' files (the invoice files part): the original PDF's is the header's link. */
export type FileLinks = (
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: number[],
) => Promise<Map<number, { pdf: string | null }>>;
/** The stored alerts of invoices (the Alerts raised table). */
export type StoredAlerts = (
  db: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
) => Promise<AlertOut[]>;

const alertOf = (a: AlertOut): InvoiceAlert => ({
  id: a.id,
  details: a.details,
  reportStatus: a.reportStatus,
});

const ELECTRICITY_ICP_TYPES = new Set([13, 14]);
const cents = (dollars: string | null | undefined) => toCents(dollars ?? '0') ?? 0;
const num = (v: string | null) => (v === null ? null : Number(v));
class DryRun extends Error {
  constructor(readonly result: SaveResult) {
    super('dry run');
  }
}

function arithmeticOf(
  body: Pick<
    InvoiceInput,
    'items' | 'itemTotalsIncludeTax' | 'discountAfterTax' | 'taxPercentage' | 'openingBalance'
  >,
): ArithmeticInput {
  return {
    items: body.items.map((it) => ({
      category: it.category,
      rate: it.rate,
      units: it.units,
      factor: it.factor,
      repeat: it.repeat,
      totalCents: it.total === null ? null : cents(it.total),
      taxExempt: chargeTypeById(it.chargeTypeId)?.taxExempt ?? false,
    })),
    itemsIncludeTax: body.itemTotalsIncludeTax,
    discountAfterTax: body.itemTotalsIncludeTax ? false : body.discountAfterTax,
    taxPercentage: body.taxPercentage,
    openingBalanceCents: cents(body.openingBalance),
  };
}

/** The alerts the arithmetic raises: items adjusted by more than 1% from their calculated totals. */
function arithmeticAlerts(items: InvoiceItem[], input: ArithmeticInput): InvoiceAlert[] {
  const totals = invoiceTotals(input);
  return totals.items.flatMap((r, i) =>
    r.arithmeticError
      ? [
          {
            id: null,
            reportStatus: null,
            details: fill(MSG.invoiceArithmeticAlert, {
              description:
                items[i]?.description || chargeTypeById(items[i]?.chargeTypeId ?? 0)?.name || 'Item',
              total: formatMoney(r.totalCents),
              calculated: formatMoney(r.calculatedCents ?? 0),
            }),
          },
        ]
      : [],
  );
}

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
  function organisationOf(a: Caller) {
    const id = a.checked.organisationId;
    if (id === null) throw notFound();
    return id;
  }

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
    await recomputeFacts(tx, existing.meterIds);
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

    async defaults(a: Caller, meterId: number, today: string): Promise<NewInvoiceDefaults> {
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
          await recomputeFacts(tx, meterIds);
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
        await recomputeFacts(tx, invoice.meterIds);
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
