import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { DISTRIBUTION_FROM_START } from './ledger/read-model';
import { entities, meterEntityShares, meters } from './schema/assets';
import { invoiceMeters, invoices } from './schema/inputs';
import { jobs } from './schema/organisation';

const addDays = (day: string, n: number) => fromDayNumber(toDayNumber(day) + n);

/** Meter name, then [entity name, % of consumption, % of note] from the meter's first month. */
const DISTRIBUTIONS: [string, [string, number, number][]][] = [
  [
    'Head Office Main supply',
    [
      ['Civic Administration Building', 85, 100],
      ['Server Room', 15, 0],
    ],
  ],
  ['Head Office Data room', [['Server Room', 100, 100]]],
  ['Head Office Gas', [['Civic Administration Building', 100, 100]]],
  [
    'Civic Library Main supply',
    [
      ['Central Library', 70, 50],
      ['Community Hall', 30, 50],
    ],
  ],
  ['Civic Library Air conditioning', [['Central Library', 100, 100]]],
  [
    'Civic Library Gas',
    [
      ['Central Library', 60, 60],
      ['Community Hall', 40, 40],
    ],
  ],
  ['Aquatic Centre Gas', [['Pool Heating Plant', 100, 100]]],
  ['Water Treatment Plant Intake pumps', [['Raw Water Intake Pump', 100, 100]]],
  ['Water Treatment Plant Outfall pumps', [['Moa Point Wastewater Plant', 100, 100]]],
];

/**
 * Demo notes of every kind on a few data sources (ongoing, for a period, non-invoicing, bound to an invoice) and
 * the entity distributions (with one change of shares a year ago, so the Distribution tab has history).
 * Runs after the ledger and the entities, which it finds by name.
 */
export async function seedDemoMeterNotes(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const meterRows = await tx
    .select({ id: meters.id, name: meters.localName })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), isNull(meters.deletedAt)));
  const entityRows = await tx
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(and(eq(entities.organisationId, organisationId), isNull(entities.deletedAt)));
  const meterId = (name: string) => meterRows.find((m) => m.name === name)?.id;
  const entityId = (name: string) => entityRows.find((e) => e.name === name)?.id;

  const shares: (typeof meterEntityShares.$inferInsert)[] = [];
  const share = (meter: number, entity: number, validFrom: string, cons: number, note: number) =>
    shares.push({
      organisationId,
      meterId: meter,
      entityId: entity,
      validFrom,
      percentage: String(cons),
      notePercentage: String(note),
    });
  for (const [meterName, list] of DISTRIBUTIONS) {
    const meter = meterId(meterName);
    if (meter === undefined) continue;
    for (const [entityName, cons, note] of list) {
      const entity = entityId(entityName);
      if (entity !== undefined) share(meter, entity, DISTRIBUTION_FROM_START, cons, note);
    }
  }
  // The Community Hall took more of the library's supply from a year ago (its new kitchen).
  const library = meterId('Civic Library Main supply');
  const central = entityId('Central Library');
  const hall = entityId('Community Hall');
  if (library !== undefined && central !== undefined && hall !== undefined) {
    const from = addMonths(monthOf(today), -12);
    share(library, central, from, 60, 50);
    share(library, hall, from, 40, 50);
  }
  if (shares.length > 0) await tx.insert(meterEntityShares).values(shares);

  const notes: (typeof jobs.$inferInsert)[] = [];
  const note = (name: string, values: Omit<typeof jobs.$inferInsert, 'organisationId' | 'meterId'>) => {
    const meter = meterId(name);
    if (meter !== undefined) notes.push({ organisationId, meterId: meter, ...values });
  };
  note('Head Office Main supply', {
    dateFrom: addDays(today, -120),
    text: 'Building management system upgraded: after-hours base load should fall by about a fifth.',
  });
  note('Civic Library Air conditioning', {
    dateFrom: addDays(today, -75),
    dateTill: addDays(today, -40),
    text: 'Chiller out of service for repairs; portable units used in the reading room.',
  });
  note('Southern Depot Wash bay', {
    dateFrom: addDays(today, -200),
    dateTill: addDays(today, -170),
    text: 'Wash bay closed for resurfacing: the supply was disconnected and no invoices were issued.',
    invoiceGapFiller: true,
  });
  note('Aquatic Centre Pool pumps', {
    dateFrom: addDays(today, -30),
    text: 'Variable speed drives fitted to both circulation pumps.',
  });
  // Notes bound to invoices take the invoice's period.
  for (const [name, back, text] of [
    ['Aquatic Centre Main supply', 0, 'Estimated read: the actual read follows on the next invoice.'],
    ['Head Office Gas', 5, 'Credit for overcharged line charges applied on this invoice.'],
  ] as const) {
    const meter = meterId(name);
    if (meter === undefined) continue;
    const [invoice] = await tx
      .select({ id: invoices.id, dateFrom: invoices.dateFrom, dateTill: invoices.dateTill })
      .from(invoices)
      .innerJoin(
        invoiceMeters,
        and(eq(invoiceMeters.invoiceId, invoices.id), eq(invoiceMeters.meterId, meter)),
      )
      .where(and(eq(invoices.organisationId, organisationId), sql`${invoices.dateTill} <= ${today}`))
      .orderBy(desc(invoices.dateFrom))
      .offset(back)
      .limit(1);
    if (invoice) {
      notes.push({
        organisationId,
        meterId: meter,
        invoiceId: invoice.id,
        dateFrom: invoice.dateFrom,
        dateTill: invoice.dateTill,
        text,
      });
    }
  }
  if (notes.length > 0) await tx.insert(jobs).values(notes);
}
