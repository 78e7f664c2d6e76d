import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { meters } from './schema/assets';
import {
  consumptionRecords,
  fuelPurchases,
  invoiceMeters,
  invoiceReversals,
  invoices,
  transactions,
} from './schema/inputs';

/** A meter; its `unitId`, when given, saves a look-up. */
type Owner = { id: number; organisationId: number; unitId?: number | null };

const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('row not inserted');
  return row;
};

/** The unit a meter's new inputs are entered in: its own, else its data type's default or first unit. */
export async function meterUnitId(db: DbOrTx, meter: number | Owner): Promise<number> {
  if (typeof meter === 'object' && meter.unitId) return meter.unitId;
  const meterId = typeof meter === 'number' ? meter : meter.id;
  const rows = await db.execute<{ unit_id: number | null }>(sql`
    select coalesce(m.unit_id, d.default_unit_id, (select min(u.id) from units u where u.data_type_id = m.energy_id))
      as unit_id
    from meters m left join data_types d on d.id = m.energy_id where m.id = ${meterId}`);
  const id = rows.rows[0]?.unit_id;
  if (id === null || id === undefined) throw new Error(`meter ${meterId} has no unit`);
  return id;
}

export interface InvoiceMeterValues {
  meter: Owner;
  consumption: number;
  multiplier?: number;
  sharing?: number | null;
  unitId?: number;
}

/**
 * An invoice document over one or more meters; `cost` in dollars before tax. The one-meter shorthand takes
 * `consumption` for that meter in its unit.
 */
export async function createInvoice(
  db: DbOrTx,
  meter: Owner,
  values: {
    from: string;
    till: string;
    consumption: number;
    cost: number;
    otherMeters?: InvoiceMeterValues[];
    reverses?: number[];
    unitId?: number;
  } & Partial<Omit<typeof invoices.$inferInsert, 'dateFrom' | 'dateTill' | 'costExclTax'>>,
) {
  const { from, till, consumption, cost, otherMeters = [], reverses = [], unitId, ...rest } = values;
  const invoice = first(
    await db
      .insert(invoices)
      .values({
        organisationId: meter.organisationId,
        dateFrom: from,
        dateTill: till,
        costExclTax: cost.toFixed(2),
        chargesTotal: cost.toFixed(2),
        invoiceDate: till,
        readType: rest.estimated ? 'estimated' : 'actual',
        ...rest,
      })
      .returning(),
  );
  const rows: InvoiceMeterValues[] = [{ meter, consumption, unitId }, ...otherMeters];
  for (const r of rows) {
    await db.insert(invoiceMeters).values({
      organisationId: meter.organisationId,
      invoiceId: invoice.id,
      meterId: r.meter.id,
      consumption: String(r.consumption),
      multiplier: String(r.multiplier ?? 1),
      sharing: r.sharing === undefined || r.sharing === null ? null : String(r.sharing),
      unitId: r.unitId ?? (await meterUnitId(db, r.meter)),
    });
  }
  for (const reversedId of reverses) {
    await db
      .insert(invoiceReversals)
      .values({ organisationId: meter.organisationId, reversalId: invoice.id, reversedId });
  }
  return invoice;
}

/** Many one-meter invoices at once (two statements): `consumption` in the meter's unit, `cost` in dollars. */
export async function createInvoices(
  db: DbOrTx,
  meter: Owner,
  list: ({ from: string; till: string; consumption: number; cost: number } & Partial<
    Omit<typeof invoices.$inferInsert, 'dateFrom' | 'dateTill' | 'costExclTax'>
  >)[],
) {
  if (list.length === 0) return [];
  const unitId = await meterUnitId(db, meter);
  const rows = await db
    .insert(invoices)
    .values(
      list.map(({ from, till, consumption: _, cost, ...rest }) => ({
        organisationId: meter.organisationId,
        dateFrom: from,
        dateTill: till,
        costExclTax: cost.toFixed(2),
        chargesTotal: cost.toFixed(2),
        invoiceDate: till,
        readType: rest.estimated ? ('estimated' as const) : ('actual' as const),
        ...rest,
      })),
    )
    .returning();
  await db.insert(invoiceMeters).values(
    rows.map((row, i) => ({
      organisationId: meter.organisationId,
      invoiceId: row.id,
      meterId: meter.id,
      consumption: String(list[i]?.consumption ?? 0),
      unitId,
    })),
  );
  return rows;
}

export async function createConsumptionRecord(
  db: DbOrTx,
  meter: Owner,
  values: { from: string; till: string; units: number; unitId?: number },
) {
  return first(
    await db
      .insert(consumptionRecords)
      .values({
        organisationId: meter.organisationId,
        meterId: meter.id,
        dateFrom: values.from,
        dateTill: values.till,
        units: String(values.units),
        unitId: values.unitId ?? (await meterUnitId(db, meter)),
      })
      .returning(),
  );
}

export async function createTransaction(
  db: DbOrTx,
  meter: Owner,
  values: { date: string; quantity: number; cost?: number; unitId?: number },
) {
  return first(
    await db
      .insert(transactions)
      .values({
        organisationId: meter.organisationId,
        meterId: meter.id,
        txDate: values.date,
        quantity: String(values.quantity),
        cost: values.cost === undefined ? null : values.cost.toFixed(2),
        unitId: values.unitId ?? (await meterUnitId(db, meter)),
      })
      .returning(),
  );
}

export async function createFuelPurchase(
  db: DbOrTx,
  meter: Owner,
  values: {
    date: string;
    quantity: number;
    cost: number;
    odometer?: number;
    registration?: string;
    unitId?: number;
    incorrectFuel?: boolean;
  },
) {
  return first(
    await db
      .insert(fuelPurchases)
      .values({
        organisationId: meter.organisationId,
        meterId: meter.id,
        purchaseDate: values.date,
        quantity: String(values.quantity),
        cost: values.cost.toFixed(2),
        odometer: values.odometer ?? null,
        registration: values.registration ?? null,
        incorrectFuel: values.incorrectFuel ?? false,
        unitId: values.unitId ?? (await meterUnitId(db, meter)),
      })
      .returning(),
  );
}

/** The meter's unit, for callers that write many rows at once. */
export async function unitOfMeter(db: DbOrTx, meterId: number) {
  const [row] = await db.select({ unitId: meters.unitId }).from(meters).where(eq(meters.id, meterId));
  return row?.unitId ?? null;
}
