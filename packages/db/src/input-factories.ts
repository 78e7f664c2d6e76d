import type { DbOrTx } from './client';
import { consumptionRecords, fuelPurchases, invoices, transactions } from './schema/inputs';

type Owner = { id: number; organisationId: number };

const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('row not inserted');
  return row;
};

/** An invoice on a meter; `consumption` in the meter's unit, `cost` in dollars before tax. */
export async function createInvoice(
  db: DbOrTx,
  meter: Owner,
  values: { from: string; till: string; consumption: number; cost: number } & Partial<
    Omit<typeof invoices.$inferInsert, 'consumption' | 'dateFrom' | 'dateTill' | 'costExclTax'>
  >,
) {
  const { from, till, consumption, cost, ...rest } = values;
  return first(
    await db
      .insert(invoices)
      .values({
        organisationId: meter.organisationId,
        meterId: meter.id,
        dateFrom: from,
        dateTill: till,
        consumption: String(consumption),
        costExclTax: cost.toFixed(2),
        invoiceDate: till,
        ...rest,
      })
      .returning(),
  );
}

export async function createConsumptionRecord(
  db: DbOrTx,
  meter: Owner,
  values: { from: string; till: string; units: number },
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
      })
      .returning(),
  );
}

export async function createTransaction(
  db: DbOrTx,
  meter: Owner,
  values: { date: string; quantity: number; cost?: number },
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
      })
      .returning(),
  );
}

export async function createFuelPurchase(
  db: DbOrTx,
  meter: Owner,
  values: { date: string; quantity: number; cost: number; odometer?: number; registration?: string },
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
      })
      .returning(),
  );
}
