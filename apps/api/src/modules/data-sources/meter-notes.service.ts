import {
  kindOf,
  type MeterNote,
  type MeterNotesList,
  type meterNoteInput,
} from '@verdant/contracts/data-sources/notes';
import type { Db, DbOrTx } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './meter-notes.queries';

type NoteInput = z.output<typeof meterNoteInput>;
const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

const toNote = (r: q.NoteRow): MeterNote => ({
  id: r.id,
  meterId: r.meterId ?? 0,
  kind: kindOf(r),
  dateFrom: r.dateFrom,
  dateTill: r.dateTill,
  text: r.text,
  invoiceGapFiller: r.invoiceGapFiller,
  invoiceId: r.invoiceId,
  invoiceNumber: r.invoiceNumber,
  invoiceDate: r.invoiceDate,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
});

/** What is stored and audited of a note. */
const recordOf = (
  n: Pick<MeterNote, 'dateFrom' | 'dateTill' | 'text' | 'invoiceGapFiller' | 'invoiceId'>,
) => ({
  dateFrom: n.dateFrom,
  dateTill: n.dateTill,
  text: n.text,
  invoiceGapFiller: n.invoiceGapFiller,
  invoiceId: n.invoiceId,
});

/** Data source notes (the Notes tab): every member reads them; editors of the meter add and change them. */
export function createMeterNotesService({ db, clock }: { db: Db; clock: () => Date }) {
  /** The organisation the route's meter rule was checked in, and the live meter's name. */
  async function scope(tx: DbOrTx, a: Caller, meterId: number) {
    const organisationId = a.checked.organisationId;
    const name = organisationId === null ? undefined : await q.meterName(tx, organisationId, meterId);
    if (organisationId === null || name === undefined) throw notFound();
    return { organisationId, name };
  }

  /** The stored period: a note bound to an invoice takes the invoice's; others what was entered. */
  async function period(tx: DbOrTx, organisationId: number, meterId: number, body: NoteInput) {
    if (body.meterId !== undefined && body.meterId !== meterId)
      throw fieldError('meterId', MSG.noteOtherMeter);
    if (body.invoiceId === null) {
      return { dateFrom: body.dateFrom ?? '', dateTill: body.dateTill };
    }
    const invoice = await q.findMeterInvoice(tx, organisationId, meterId, body.invoiceId);
    if (!invoice) throw fieldError('invoiceId', MSG.noteInvoiceUnknown);
    return { dateFrom: invoice.dateFrom, dateTill: invoice.dateTill };
  }

  async function one(tx: DbOrTx, organisationId: number, meterId: number, noteId: number) {
    const [row] = await q.listNotes(tx, organisationId, meterId, { noteId });
    if (!row) throw notFound();
    return toNote(row);
  }

  return {
    async list(a: Caller, meterId: number, onlyInvoice = false): Promise<MeterNotesList> {
      const { organisationId } = await scope(db, a, meterId);
      const rows = await q.listNotes(db, organisationId, meterId, { onlyInvoice });
      return { notes: rows.map(toNote), mayEdit: a.checked.mayEdit };
    },

    async get(a: Caller, meterId: number, noteId: number): Promise<MeterNote> {
      const { organisationId } = await scope(db, a, meterId);
      return one(db, organisationId, meterId, noteId);
    },

    async create(a: Caller, meterId: number, body: NoteInput): Promise<MeterNote> {
      return db.transaction(async (tx) => {
        const { organisationId, name } = await scope(tx, a, meterId);
        const dates = await period(tx, organisationId, meterId, body);
        const values = {
          ...dates,
          text: body.text,
          invoiceGapFiller: body.invoiceGapFiller,
          invoiceId: body.invoiceId,
        };
        const id = await q.insertNote(tx, { organisationId, meterId, ...values, createdBy: a.user.id });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'meter', id: meterId, name },
          changes: created({ note: id, ...values }),
        });
        return one(tx, organisationId, meterId, id);
      });
    },

    async update(a: Caller, meterId: number, noteId: number, body: NoteInput): Promise<MeterNote> {
      return db.transaction(async (tx) => {
        const { organisationId, name } = await scope(tx, a, meterId);
        const before = await one(tx, organisationId, meterId, noteId);
        // The kind of an invoice note is fixed ('types disabled'), and no other note becomes one.
        if (body.invoiceId !== before.invoiceId) throw fieldError('invoiceId', MSG.noteInvoiceFixed);
        const dates = await period(tx, organisationId, meterId, body);
        const after = {
          ...dates,
          text: body.text,
          invoiceGapFiller: body.invoiceGapFiller,
          invoiceId: body.invoiceId,
        };
        const changes = diff(recordOf(before), after);
        if (Object.keys(changes).length === 0) return before;
        await q.updateNote(tx, organisationId, meterId, noteId, { ...after, updatedAt: clock() });
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'meter', id: meterId, name },
          changes: { note: { before: noteId, after: noteId }, ...changes },
        });
        return one(tx, organisationId, meterId, noteId);
      });
    },
  };
}

export type MeterNotesService = ReturnType<typeof createMeterNotesService>;
