import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { users } from '@verdant/db/schema/core';
import { invoiceMeters, invoices } from '@verdant/db/schema/inputs';
import { jobs } from '@verdant/db/schema/organisation';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';

const columns = {
  id: jobs.id,
  meterId: jobs.meterId,
  dateFrom: jobs.dateFrom,
  dateTill: jobs.dateTill,
  text: jobs.text,
  invoiceGapFiller: jobs.invoiceGapFiller,
  invoiceId: jobs.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  invoiceDate: invoices.invoiceDate,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.surname}), '')`,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
};

export type NoteRow = {
  id: number;
  meterId: number | null;
  dateFrom: string;
  dateTill: string | null;
  text: string;
  invoiceGapFiller: boolean;
  invoiceId: number | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date | null;
};

/** A data source's notes (all, or only those bound to invoices), latest start first. */
export async function listNotes(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  opts: { onlyInvoice?: boolean; noteId?: number } = {},
): Promise<NoteRow[]> {
  return db
    .select(columns)
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .leftJoin(
      invoices,
      and(eq(invoices.organisationId, jobs.organisationId), eq(invoices.id, jobs.invoiceId)),
    )
    .where(
      and(
        eq(jobs.organisationId, organisationId),
        eq(jobs.meterId, meterId),
        opts.onlyInvoice ? isNotNull(jobs.invoiceId) : undefined,
        opts.noteId === undefined ? undefined : eq(jobs.id, opts.noteId),
      ),
    )
    .orderBy(desc(jobs.dateFrom), desc(jobs.id));
}

/** The meter's invoice of that id (through invoice_meters), with its period. */
export async function findMeterInvoice(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  invoiceId: number,
) {
  const [row] = await db
    .select({ id: invoices.id, dateFrom: invoices.dateFrom, dateTill: invoices.dateTill })
    .from(invoices)
    .innerJoin(
      invoiceMeters,
      and(
        eq(invoiceMeters.organisationId, invoices.organisationId),
        eq(invoiceMeters.invoiceId, invoices.id),
        eq(invoiceMeters.meterId, meterId),
      ),
    )
    .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, invoiceId)));
  return row;
}

/** The live meter's name (for the audit row). */
export async function meterName(db: DbOrTx, organisationId: number, meterId: number) {
  const [row] = await db
    .select({ name: meters.localName })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, meterId), isNull(meters.deletedAt)));
  return row?.name;
}

export async function insertNote(db: DbOrTx, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('note not inserted');
  return row.id;
}

export async function updateNote(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  noteId: number,
  values: Partial<typeof jobs.$inferInsert>,
) {
  await db
    .update(jobs)
    .set(values)
    .where(and(eq(jobs.organisationId, organisationId), eq(jobs.meterId, meterId), eq(jobs.id, noteId)));
}
