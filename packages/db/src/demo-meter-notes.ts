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
 * Demo notes of every kind on a few data sources (ongoing, for a period, non-invoicing, bound to an invoice),
 * each true of the invoices it stands beside (docs/decisions/demo.md), and
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
  note('Aquatic Centre Pool pumps', {
    dateFrom: addDays(today, -30),
    text: 'Variable speed drives fitted to both circulation pumps.',
  });
  // Notes bound to invoices take the invoice's period, and say what the invoice shows: an estimated read, and
  // two of the slips the bill audit finds (demo-invoice-anomalies.ts).
  for (const [name, estimated, text] of [
    ['Aquatic Centre Main supply', true, 'Estimated read: the actual read follows on the next invoice.'],
    [
      'Northern Depot Workshop supply',
      false,
      'GST on this invoice is $12.34 more than 15 % of its charges: queried with the retailer.',
    ],
    [
      'Southern Depot Wash bay',
      false,
      "Levy rate is half as much again as the Electricity Authority's: queried with the retailer.",
    ],
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
      .where(
        and(
          eq(invoices.organisationId, organisationId),
          eq(invoices.kind, 'normal'),
          sql`${invoices.dateTill} <= ${today}`,
          estimated ? eq(invoices.readType, 'estimated') : undefined,
        ),
      )
      .orderBy(desc(invoices.dateFrom))
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
  // The wash bay was connected six weeks before its first invoice: a non-invoicing period, not a missing one.
  const washBay = meterId('Southern Depot Wash bay');
  const [first] = washBay
    ? await tx
        .select({ dateFrom: invoices.dateFrom })
        .from(invoices)
        .innerJoin(
          invoiceMeters,
          and(eq(invoiceMeters.invoiceId, invoices.id), eq(invoiceMeters.meterId, washBay)),
        )
        .orderBy(invoices.dateFrom)
        .limit(1)
    : [];
  if (washBay !== undefined && first) {
    const opened = addDays(first.dateFrom, -47);
    await tx.update(meters).set({ meterOpen: opened }).where(eq(meters.id, washBay));
    notes.push({
      organisationId,
      meterId: washBay,
      dateFrom: opened,
      dateTill: addDays(first.dateFrom, -1),
      text: "Wash bay commissioned: the builder's account paid for its power until handover, so no invoices came to us.",
      invoiceGapFiller: true,
    });
  }
  if (notes.length > 0) await tx.insert(jobs).values(notes);
}
