import type { InvoiceKind } from '@verdant/domain/ledger';
import { checkInvoice, checkRegister, checkUnit } from '@verdant/domain/ledger-rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { halfHourRegisters } from '../schema/half-hours';
import { invoiceMeters, invoiceReversals, invoices } from '../schema/inputs';
import { intArray } from '../sql-arrays';
import { inTransaction } from './lock';
import { recomputeOrganisationFacts } from './recompute';

/**
 * Ledger input writes with the rules that refuse bad input (packages/domain/src/ledger-rules.ts): a refused
 * write throws a LedgerInputError with the message to show before anything is written, so nothing changes; an
 * accepted one recomputes the meters' facts in the same transaction. The routes of the invoices and
 * data-source issues call these; until then they are tested here.
 */
export class LedgerInputError extends Error {}

const refuse = (message: string | null) => {
  if (message !== null) throw new LedgerInputError(message);
};

type UnitRow = { id: number; name: string; data_type_id: number; data_type_name: string };

async function unitsOf(db: DbOrTx, unitIds: number[]) {
  if (unitIds.length === 0) return new Map<number, UnitRow>();
  const rows = await db.execute<UnitRow>(sql`
    select u.id, u.name, u.data_type_id, d.name as data_type_name
    from units u join data_types d on d.id = u.data_type_id where u.id = any(${intArray(unitIds)})`);
  return new Map(rows.rows.map((r) => [r.id, r]));
}

type MeterRow = { id: number; energy_id: number | null; energy: string | null };

async function metersOf(db: DbOrTx, organisationId: number, meterIds: number[]) {
  const rows = await db.execute<MeterRow>(sql`
    select m.id, m.energy_id, d.name as energy from meters m left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null
      and m.id = any(${intArray(meterIds)})`);
  return new Map(rows.rows.map((r) => [r.id, r]));
}

/** A unit must belong to the meter's data type. */
async function assertUnitsFit(
  db: DbOrTx,
  organisationId: number,
  rows: { meterId: number; unitId: number }[],
) {
  const meters = await metersOf(
    db,
    organisationId,
    rows.map((r) => r.meterId),
  );
  const units = await unitsOf(
    db,
    rows.map((r) => r.unitId),
  );
  for (const r of rows) {
    const meter = meters.get(r.meterId);
    if (!meter) throw new LedgerInputError(`Data source ${r.meterId} is not one of this organisation's.`);
    const unit = units.get(r.unitId);
    if (!unit) throw new LedgerInputError(`Unit ${r.unitId} does not exist.`);
    refuse(
      checkUnit(
        { name: unit.name, dataTypeId: unit.data_type_id, dataTypeName: unit.data_type_name },
        { id: meter.energy_id ?? -1, name: meter.energy ?? 'no data type' },
      ),
    );
  }
}

export interface NewInvoice {
  from: string;
  till: string;
  invoiceDate?: string;
  invoiceNumber?: string;
  kind?: InvoiceKind;
  billTypeId?: number;
  /** Cost before tax, dollars. */
  cost: number;
  meters: {
    meterId: number;
    unitId: number;
    consumption: number;
    multiplier?: number;
    sharing?: number | null;
  }[];
  reverses?: number[];
}

/** Adds an invoice document over its meters, or refuses it with a clear message and changes nothing. */
export async function addInvoice(db: DbOrTx, organisationId: number, doc: NewInvoice) {
  return inTransaction(db, async (tx: Tx) => {
    const kind = doc.kind ?? 'normal';
    await assertUnitsFit(tx, organisationId, doc.meters);
    const meterIds = doc.meters.map((m) => m.meterId);
    const existing = await tx.execute<{ id: number; from: string; till: string; meter_ids: number[] }>(sql`
      select i.id, i.date_from as from, i.date_till as till, array_agg(im.meter_id) as meter_ids
      from invoices i join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
      where i.organisation_id = ${organisationId} and im.meter_id = any(${intArray(meterIds)})
      group by i.id`);
    refuse(
      checkInvoice(
        {
          from: doc.from,
          till: doc.till,
          kind,
          reverses: doc.reverses ?? [],
          meters: doc.meters.map((m) => ({
            meterId: m.meterId,
            multiplier: m.multiplier ?? 1,
            sharing: m.sharing ?? null,
            consumption: m.consumption,
            conversionToStandard: 1,
          })),
        },
        existing.rows.map((r) => ({
          id: r.id,
          from: r.from,
          till: r.till,
          meterIds: r.meter_ids.map(Number),
        })),
      ),
    );
    const [invoice] = await tx
      .insert(invoices)
      .values({
        organisationId,
        dateFrom: doc.from,
        dateTill: doc.till,
        invoiceDate: doc.invoiceDate ?? doc.till,
        invoiceNumber: doc.invoiceNumber ?? null,
        kind,
        billTypeId: doc.billTypeId ?? 1,
        costExclTax: doc.cost.toFixed(2),
        chargesTotal: doc.cost.toFixed(2),
      })
      .returning();
    if (!invoice) throw new Error('invoice not inserted');
    await tx.insert(invoiceMeters).values(
      doc.meters.map((m) => ({
        organisationId,
        invoiceId: invoice.id,
        meterId: m.meterId,
        unitId: m.unitId,
        consumption: String(m.consumption),
        multiplier: String(m.multiplier ?? 1),
        sharing: m.sharing === undefined || m.sharing === null ? null : String(m.sharing),
      })),
    );
    for (const reversedId of doc.reverses ?? []) {
      await tx.insert(invoiceReversals).values({ organisationId, reversalId: invoice.id, reversedId });
    }
    await recomputeOrganisationFacts(tx, organisationId, meterIds);
    return invoice;
  });
}

/**
 * Changes a meter's unit. Inputs keep the unit they were entered in, so history keeps its meaning; a unit of
 * another data type is refused.
 */
export async function changeMeterUnit(db: DbOrTx, organisationId: number, meterId: number, unitId: number) {
  await inTransaction(db, async (tx) => {
    await assertUnitsFit(tx, organisationId, [{ meterId, unitId }]);
    await tx.execute(sql`update meters set unit_id = ${unitId}, updated_at = now()
      where id = ${meterId} and organisation_id = ${organisationId}`);
    await recomputeOrganisationFacts(tx, organisationId, [meterId]);
  });
}

/** Defines (or redefines) a half-hour register: it imports or exports, and measures kWh or kVArh. */
export async function defineRegister(
  db: DbOrTx,
  organisationId: number,
  value: { meterId: number; register: number; direction: string; quantity: string },
) {
  refuse(checkRegister(value));
  await inTransaction(db, async (tx) => {
    const meters = await metersOf(tx, organisationId, [value.meterId]);
    if (!meters.has(value.meterId)) {
      throw new LedgerInputError(`Data source ${value.meterId} is not one of this organisation's.`);
    }
    const direction = value.direction as 'import' | 'export';
    const quantity = value.quantity as 'kWh' | 'kVArh';
    await tx
      .insert(halfHourRegisters)
      .values({ organisationId, meterId: value.meterId, register: value.register, direction, quantity })
      .onConflictDoUpdate({
        target: [halfHourRegisters.meterId, halfHourRegisters.register],
        set: { direction, quantity },
      });
    await recomputeOrganisationFacts(tx, organisationId, [value.meterId]);
  });
}
