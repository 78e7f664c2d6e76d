import {
  type InvoiceDateDefaults,
  type InvoiceList,
  type InvoiceListEntry,
  type InvoiceListRow,
  RECENT_INVOICES,
  type RecentInvoice,
} from '@verdant/contracts/invoices/list';
import type { Db, DbOrTx } from '@verdant/db/client';
import {
  invoiceGaps,
  nestReversed,
  type Period,
  reversalStartDate,
  suggestedPeriod,
} from '@verdant/domain/invoice-list';
import { MSG } from '@verdant/domain/messages';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './invoice-list.queries';

/** What an invoice's files look like in the list; the files part fills them in. */
export interface InvoiceFileLinks {
  pdf: string | null;
  raw: { filename: string; url: string }[];
}
export type FileLinksOf = (
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: number[],
) => Promise<Map<number, InvoiceFileLinks>>;

const money = (v: string) => Math.round(Number(v) * 100) / 100;
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The organisation the route's meter rule was checked in, and the live meter. */
export async function meterScope(tx: DbOrTx, a: Caller, meterId: number, lock = false) {
  const organisationId = orgOf(a).id;
  const meter = await q.findMeter(tx, organisationId, meterId, lock);
  if (meter === undefined) throw notFound();
  return { organisationId, meter };
}

/** The periods that count as invoiced: every invoice, and notes marking a non-invoicing period. */
function coveredPeriods(invoices: q.InvoiceRow[], notes: q.GapNoteRow[], today: string): Period[] {
  return [
    ...invoices.map((i) => ({ from: i.dateFrom, till: i.dateTill })),
    ...notes.map((n) => ({ from: n.dateFrom, till: n.dateTill ?? today })),
  ];
}

/** The invoice list of a data source (2.3) and the New Invoice dialog's date defaults. */
export function createInvoiceListService({ db, fileLinks }: { db: Db; fileLinks?: FileLinksOf }) {
  /** The meter's invoices, gap-filling notes and gaps up to the organisation's today. */
  async function gapsOf(tx: DbOrTx, organisationId: number, meter: q.MeterRow, today: string) {
    const rows = await q.meterInvoices(tx, organisationId, meter.id, meter.conversion);
    const notes = await q.gapFillerNotes(tx, organisationId, meter.id);
    const gaps = invoiceGaps({
      meterOpen: meter.meterOpen,
      meterClose: meter.meterClose,
      today,
      covered: coveredPeriods(rows, notes, today),
    });
    return { rows, notes, gaps };
  }

  return {
    async list(a: Caller, meterId: number, limit: number): Promise<InvoiceList> {
      const { organisationId, meter } = await meterScope(db, a, meterId);
      const { rows, notes, gaps } = await gapsOf(db, organisationId, meter, orgOf(a).today);
      const files = fileLinks
        ? await fileLinks(
            db,
            organisationId,
            rows.map((r) => r.id),
          )
        : new Map<number, InvoiceFileLinks>();
      const parent = nestReversed(
        rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          invoiceDate: r.invoiceDate,
          dateFrom: r.dateFrom,
          dateTill: r.dateTill,
          reverses: r.reverses,
        })),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const entries = new Map<number, InvoiceListEntry>();
      for (const r of rows) {
        // The days a reversed invoice stopped counting: its period within its reverser's.
        const reverser = r.reversedBy.map((id) => byId.get(id)).find((x) => x !== undefined);
        const link = files.get(r.id);
        entries.set(r.id, {
          id: r.id,
          kind: r.kind,
          invoiceDate: r.invoiceDate,
          invoiceNumber: r.invoiceNumber,
          dateFrom: r.dateFrom,
          dateTill: r.dateTill,
          reversalStartDate: reversalStartDate(r),
          reversedStartDate: reverser ? later(reverser.dateFrom, r.dateFrom) : null,
          reversedEndDate: reverser ? earlier(reverser.dateTill, r.dateTill) : null,
          reversed: r.reversedBy.length > 0,
          total: money(r.total),
          cons: r.cons === null ? null : Math.round(Number(r.cons) * 10_000) / 10_000,
          unit: meter.unitName,
          readType: r.readType,
          pdf: link?.pdf ?? null,
          raw: link?.raw ?? [],
          note: r.noteId === null ? null : { id: r.noteId, text: r.noteText ?? '' },
          alerts: r.alerts,
          replaces: [],
        });
      }
      for (const r of rows) {
        const up = parent.get(r.id);
        const child = entries.get(r.id);
        if (up !== undefined && child) entries.get(up)?.replaces.push(child);
      }
      const top = rows.filter((r) => !parent.has(r.id));

      // Invoices, gaps and non-invoicing notes, latest first.
      type Dated = { from: string; order: number; row: InvoiceListRow; invoice?: InvoiceListEntry };
      const dated: Dated[] = [];
      for (const r of top) {
        const invoice = entries.get(r.id) as InvoiceListEntry;
        dated.push({ from: r.dateFrom, order: 1, row: { type: 'invoice', invoice }, invoice });
      }
      const gapText = meter.transientMeter ? MSG.invoiceGapTenanted : MSG.invoiceGapMissing;
      for (const g of gaps) {
        dated.push({
          from: g.from,
          order: 0,
          row: { type: 'gap', dateFrom: g.from, dateTill: g.till, text: gapText },
        });
      }
      for (const n of notes) {
        dated.push({
          from: n.dateFrom,
          order: 2,
          row: { type: 'note', id: n.id, dateFrom: n.dateFrom, dateTill: n.dateTill, text: n.text },
        });
      }
      dated.sort((x, y) => (x.from === y.from ? x.order - y.order : x.from < y.from ? 1 : -1));

      const links = await q.replacementLinks(db, organisationId, meterId);
      const linkRow = (l: (typeof links)[number]): InvoiceListRow => ({
        type: 'link',
        direction: l.direction,
        meterId: l.id,
        name: l.name,
        text: l.direction === 'previous' ? MSG.invoiceLinkPrevious : MSG.invoiceLinkReplacement,
      });
      const out: InvoiceListRow[] = links.filter((l) => l.direction === 'replacement').map(linkRow);
      let shown = 0;
      let more = false;
      for (const d of dated) {
        if (d.invoice) {
          if (shown === limit) {
            more = true;
            break;
          }
          shown += 1;
        }
        out.push(d.row);
        // The note bound to an invoice reads under it.
        if (d.invoice?.note) {
          out.push({
            type: 'note',
            id: d.invoice.note.id,
            dateFrom: d.invoice.dateFrom,
            dateTill: d.invoice.dateTill,
            text: d.invoice.note.text,
          });
        }
      }
      if (!more) out.push(...links.filter((l) => l.direction === 'previous').map(linkRow));
      return { rows: out, unit: meter.unitName, count: top.length, more, mayEdit: a.checked.mayEdit };
    },

    /** The invoices a new note may be bound to: the latest, and the one the list's note icon named. */
    async recent(a: Caller, meterId: number, include: number | null): Promise<RecentInvoice[]> {
      const { organisationId, meter } = await meterScope(db, a, meterId);
      return q.recentInvoices(db, organisationId, meter.id, RECENT_INVOICES, include);
    },

    async dateDefaults(a: Caller, meterId: number): Promise<InvoiceDateDefaults> {
      const { organisationId, meter } = await meterScope(db, a, meterId);
      const { today } = orgOf(a);
      const { rows, gaps } = await gapsOf(db, organisationId, meter, today);
      const lastTill = rows.reduce<string | null>(
        (m, r) => (m === null || r.dateTill > m ? r.dateTill : m),
        null,
      );
      const period = suggestedPeriod({
        meterOpen: meter.meterOpen,
        meterClose: meter.meterClose,
        today,
        lastTill,
        gaps,
      });
      return {
        startDate: period.from,
        endDate: period.till,
        meterOpen: meter.meterOpen,
        meterClose: meter.meterClose,
        gaps: gaps.map((g) => [g.from, g.till] as [string, string]),
      };
    },
  };
}

export type InvoiceListService = ReturnType<typeof createInvoiceListService>;
