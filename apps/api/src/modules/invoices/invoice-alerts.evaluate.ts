import {
  type HalfHourCheck,
  type InvoiceAlert,
  REPORT_STATUS,
  type VirtualInvoiceOfMeter,
} from '@verdant/contracts/invoices/alerts';
import { parseAlertSettings } from '@verdant/contracts/organisations/settings';
import type { DbOrTx } from '@verdant/db/client';
import {
  type AuditCode,
  type AuditContext,
  type AuditInvoice,
  auditByCode,
  type HalfHourDay,
  reconcileHalfHour,
  runAudits,
} from '@verdant/domain/bill-audit/index';
import { virtualInvoiceAudit, virtualInvoiceOf } from '@verdant/domain/bill-audit/virtual-invoice';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { meterContractRates } from '../../lib/contracted-rates.queries';
import * as q from './invoice-alerts.queries';

const STATUS: Record<q.StoredAlert['status'], number> = {
  pending: REPORT_STATUS.unreviewed,
  deleted: REPORT_STATUS.wontSend,
  scheduled: REPORT_STATUS.scheduled,
  sent: REPORT_STATUS.sent,
};

export const toInvoiceAlert = (a: q.StoredAlert): InvoiceAlert => ({
  id: a.id,
  meterId: a.meter_id,
  invoiceId: a.invoice_id,
  audit: a.audit as AuditCode,
  name: auditByCode(a.audit as AuditCode)?.name ?? a.audit,
  details: a.message,
  reportStatus: STATUS[a.status],
});

const toAuditInvoice = (r: q.InvoiceRow, items: q.ItemRow[]): AuditInvoice => ({
  id: r.id,
  invoiceNumber: r.invoice_number,
  invoiceDate: r.invoice_date,
  dateDue: r.date_due,
  dateFrom: r.date_from,
  dateTill: r.date_till,
  consumption: r.consumption,
  costCents: r.cost_cents,
  taxCents: r.tax_cents,
  itemsIncludeTax: r.items_include_tax,
  discountAfterTax: r.discount_after_tax,
  taxPercentage: Number(r.tax_percentage),
  readType: r.read_type,
  items: items.map((i) => ({
    totalCents: i.category === 'discount' ? -Math.abs(i.total_cents) : i.total_cents,
    calculatedCents: i.calculated_cents,
    category: i.category === 'tax' ? 'charge' : i.category,
    taxExempt: i.tax_exempt,
    description: i.description,
    chargeType: i.charge_type,
    touPeriod: i.tou_period,
    dayType: i.day_type,
    rate: i.rate,
    quantity: i.quantity,
  })),
});

const num = (v: string | null) => (v === null ? null : Number(v));

/** What the audits need about the invoices named: one set of queries for all of them. */
async function contexts(tx: DbOrTx, organisationId: number, invoiceIds: readonly number[]) {
  // The meters the invoices cover, each with the invoices it is audited for and the organisation's settings.
  const meterRows = await q.auditMeters(tx, organisationId, invoiceIds);
  if (meterRows.length === 0) return [];
  const meterIds = meterRows.map((m) => m.id);
  // One after another: the queries share the transaction's connection.
  const invoiceRows = await q.meterInvoices(tx, organisationId, meterIds);
  const itemRows = await q.items(tx, organisationId, invoiceIds);
  const settings = parseAlertSettings(meterRows[0]?.alert_settings ?? null);
  const organisation = {
    estimatesAlertCount: settings.estimatesAlertEnabled ? settings.estimatesAlertCount : null,
    nillConsumptionAlertCount: settings.nillConsumptionAlertEnabled
      ? settings.nillConsumptionAlertCount
      : null,
  };
  const itemsOf = new Map<number, q.ItemRow[]>();
  for (const i of itemRows) itemsOf.set(i.invoice_id, [...(itemsOf.get(i.invoice_id) ?? []), i]);
  const byMeter = new Map<number, AuditInvoice[]>();
  for (const r of invoiceRows) {
    const list = byMeter.get(r.meter_id) ?? [];
    list.push(toAuditInvoice(r, itemsOf.get(r.id) ?? []));
    byMeter.set(r.meter_id, list);
  }
  const meterOf = new Map(meterRows.map((m) => [m.id, m]));
  const audited = invoiceRows.filter((r) => invoiceIds.includes(r.id));
  const spanFrom = audited.reduce((a, r) => (r.date_from < a ? r.date_from : a), '9999-12-31');
  const spanTill = audited.reduce((a, r) => (r.date_till > a ? r.date_till : a), '0000-01-01');
  const rates = await meterContractRates(tx, organisationId, meterIds, spanFrom, spanTill);
  const out: { meterId: number; meterName: string; ctx: AuditContext }[] = [];
  for (const meterId of meterIds) {
    const m = meterOf.get(meterId);
    if (!m) continue;
    const all = byMeter.get(meterId) ?? [];
    const mine = m.invoice_ids;
    const ofMeter = all.filter((i) => mine.includes(i.id));
    if (ofMeter.length === 0) continue;
    let halfHour: HalfHourDay[] | null = null;
    const kwhPerUnit = num(m.kwh_per_unit);
    if (m.has_half_hour && kwhPerUnit !== null) {
      // From well before the earliest audited invoice (its previous invoice) to the latest one's end.
      const froms = ofMeter.map((i) => i.dateFrom).sort();
      const tills = ofMeter.map((i) => i.dateTill).sort();
      const from = froms[0] ?? '';
      const till = tills[tills.length - 1] ?? '';
      halfHour = await q.halfHourDays(
        tx,
        organisationId,
        meterId,
        fromDayNumber(toDayNumber(from) - 100),
        till,
      );
    }
    for (const invoice of ofMeter) {
      out.push({
        meterId,
        meterName: m.name,
        ctx: {
          invoice,
          others: all.filter((i) => i.id !== invoice.id),
          meter: { hasExport: m.has_export, unit: m.unit ?? '', kwhPerUnit },
          consumptionSetup:
            m.consumption_differ === null
              ? null
              : { differ: m.consumption_differ, percent: m.consumption_perc, absolute: m.consumption_abs },
          tariffSetup:
            m.tariff_rel === null && m.tariff_abs === null && m.tariff_rate === null
              ? null
              : { relative: num(m.tariff_rel), absolute: num(m.tariff_abs), rate: num(m.tariff_rate) },
          baseLoadTrigger: num(m.baseload_trigger),
          organisation,
          halfHour,
          rates: rates.get(meterId) ?? null,
        },
      });
    }
  }
  return out;
}

/**
 * Runs every bill audit on the organisation's invoices named (each on every meter it covers) and answers the
 * alerts. Unless `dryRun`, stores them in the same transaction: a finding updates the invoice's unreviewed
 * alert of that audit or adds one; an unreviewed alert the invoice no longer trips goes; reviewed alerts (Won't
 * Send, Scheduled, Sent) stay as they are. The answer lists the invoices' alerts after that (in a dry run: what
 * would be raised, without ids).
 */
export async function evaluateInvoiceAlerts(
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
  { dryRun }: { dryRun: boolean },
): Promise<InvoiceAlert[]> {
  const all = await contexts(tx, organisationId, invoiceIds);
  const findings = all.flatMap(({ meterId, ctx }) =>
    runAudits(ctx).map((f) => ({
      invoiceId: ctx.invoice.id,
      meterId,
      audit: f.audit,
      message: f.message,
      date: ctx.invoice.dateTill,
    })),
  );
  return finish(tx, organisationId, invoiceIds, findings, dryRun);
}

async function finish(
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
  findings: q.NewAlert[],
  dryRun: boolean,
): Promise<InvoiceAlert[]> {
  const existing = await q.invoiceAlerts(tx, organisationId, invoiceIds);
  const key = (a: { invoiceId: number; meterId: number; audit: string }) =>
    `${a.invoiceId}|${a.meterId}|${a.audit}`;
  const stored = new Map(
    existing.map((e) => [key({ invoiceId: e.invoice_id, meterId: e.meter_id, audit: e.audit }), e]),
  );
  const found = new Set(findings.map(key));
  if (dryRun) {
    return findings.map((f) => {
      const e = stored.get(key(f));
      return {
        id: null,
        meterId: f.meterId,
        invoiceId: f.invoiceId,
        audit: f.audit as AuditCode,
        name: auditByCode(f.audit as AuditCode)?.name ?? f.audit,
        details: f.message,
        reportStatus: e ? STATUS[e.status] : REPORT_STATUS.unreviewed,
      };
    });
  }
  const gone = existing.filter(
    (e) =>
      e.status === 'pending' &&
      !found.has(key({ invoiceId: e.invoice_id, meterId: e.meter_id, audit: e.audit })),
  );
  await q.deleteAlerts(
    tx,
    organisationId,
    gone.map((e) => e.id),
  );
  const fresh: q.NewAlert[] = [];
  for (const f of findings) {
    const e = stored.get(key(f));
    if (!e) fresh.push(f);
    else if (e.status === 'pending' && e.message !== f.message)
      await q.updateMessage(tx, organisationId, e.id, f.message);
  }
  const inserted = await q.insertAlerts(tx, organisationId, fresh);
  // The answer from what was read and written (no second read), unless a concurrent audit inserted some first.
  if (inserted.length < fresh.length)
    return (await q.invoiceAlerts(tx, organisationId, invoiceIds)).map(toInvoiceAlert);
  const goneIds = new Set(gone.map((e) => e.id));
  const message = new Map(findings.map((f) => [key(f), f.message]));
  const kept = existing
    .filter((e) => !goneIds.has(e.id))
    .map((e) =>
      e.status === 'pending'
        ? {
            ...e,
            message:
              message.get(key({ invoiceId: e.invoice_id, meterId: e.meter_id, audit: e.audit })) ?? e.message,
          }
        : e,
    );
  return [...kept, ...inserted]
    .sort((a, b) => a.invoice_id - b.invoice_id || a.meter_id - b.meter_id || a.id - b.id)
    .map(toInvoiceAlert);
}

/**
 * The half-hour reconciliation of an invoice's period and consumption on one data source (the invoice page's
 * `halfHourCheck`), or null when the data source has no half-hour data in the period or is not measured in kWh.
 */
export async function halfHourCheckOf(
  tx: DbOrTx,
  organisationId: number,
  meterId: number,
  invoice: { dateFrom: string | null; dateTill: string | null; unitId: number; consumption: number },
): Promise<HalfHourCheck | null> {
  const { dateFrom, dateTill } = invoice;
  if (!dateFrom || !dateTill || dateTill < dateFrom) return null;
  const meter = await q.halfHourMeter(tx, organisationId, meterId, invoice.unitId);
  if (!meter?.has_half_hour || meter.kwh_per_unit === null) return null;
  const days = await q.halfHourDays(tx, organisationId, meterId, dateFrom, dateTill);
  const r = reconcileHalfHour(
    { dateFrom, dateTill, consumption: invoice.consumption },
    days,
    meter.kwh_per_unit,
  );
  return r && { ...r, dateFrom, dateTill, unitId: invoice.unitId, kwhPerUnit: meter.kwh_per_unit };
}

/**
 * The virtual invoice (docs/decisions/bill-audit.md, The virtual invoice) of an invoice on each meter with
 * half-hour data and contracted rates for its period, with the meter's Tariff Alert threshold and whether the
 * difference passes it.
 */
export async function virtualInvoices(
  tx: DbOrTx,
  organisationId: number,
  invoiceId: number,
): Promise<VirtualInvoiceOfMeter[]> {
  const all = await contexts(tx, organisationId, [invoiceId]);
  return all.flatMap(({ meterId, meterName, ctx }) => {
    const v = virtualInvoiceOf(ctx);
    if (!v) return [];
    return [
      {
        meterId,
        meterName,
        ...v,
        thresholdDollars: ctx.tariffSetup?.absolute ?? null,
        alert: virtualInvoiceAudit.run(ctx) !== null,
      },
    ];
  });
}
