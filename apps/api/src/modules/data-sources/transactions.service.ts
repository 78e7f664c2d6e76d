import type {
  Transaction,
  TransactionInput,
  TransactionsList,
} from '@verdant/contracts/data-sources/transactions';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { lockMeters } from '@verdant/db/ledger/lock';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { showsDataSourceTab } from '@verdant/domain/data-source-tabs';
import { dataSourceKind } from '@verdant/domain/data-sources';
import { MSG } from '@verdant/domain/messages';
import { nowIn } from '@verdant/domain/time-zone';
import { showsCost, transactionErrors } from '@verdant/domain/transactions';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { type InputMeter, inputMeter } from '../../lib/meter-inputs.queries';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './transactions.queries';

const toTransaction = (r: q.TransactionRow): Transaction => ({
  itemId: r.id,
  invoiceId: r.invoiceId,
  date: r.date,
  time: r.time,
  quantity: Number(r.quantity),
  cost: r.cost === null ? null : Number(r.cost),
  note: r.note,
});

/** Where a fuel card's or a vehicle's purchases are listed instead. */
function purchasesAt(m: InputMeter): TransactionsList['purchasesAt'] {
  if (m.vehicleId !== null)
    return { label: MSG.transactionsOnVehicle, path: `/fleet/vehicles/${m.vehicleId}/fuel` };
  if (dataSourceKind({ meterType: m.meterType, grouping: m.grouping }) === 'fuelcard')
    return { label: MSG.transactionsOnFuelCard, path: `/fleet/fuelcards/${m.id}` };
  return null;
}

/** What is stored and audited of a transaction. */
const recordOf = (body: TransactionInput, meterType: number) => ({
  date: body.date,
  time: body.time ? body.time : null,
  quantity: body.quantity,
  cost: showsCost(meterType) ? (body.cost ?? null) : null,
  note: body.note ? body.note : null,
});

/**
 * Transactions (the Transactions tab of types 7 and 9): members who see the meter read them; editors add,
 * change and delete them. Each write is one transaction that locks the meter, applies the rules of the form
 * (packages/domain/src/transactions.ts) against the other transactions, audits and recomputes the meter.
 */
export function createTransactionsService({ db }: { db: Db }) {
  async function scope(tx: DbOrTx, a: Caller, meterId: number) {
    const organisationId = orgOf(a).id;
    const meter = await inputMeter(tx, organisationId, meterId);
    if (!meter) throw notFound();
    return { organisationId, meter };
  }

  async function writable(tx: Tx, a: Caller, meterId: number) {
    const { organisationId, meter } = await scope(tx, a, meterId);
    if (!showsDataSourceTab('transactions', meter, false)) throw badRequest(MSG.transactionNotTaken);
    if (meter.unitId === null) throw badRequest(MSG.inputMeterNoUnit);
    await lockMeters(tx, [meterId], organisationId);
    return { organisationId, meter, unitId: meter.unitId };
  }

  /** Refuses a transaction the form would refuse, against the meter's others (`except` the edited one). */
  async function check(tx: Tx, a: Caller, meter: InputMeter, body: TransactionInput, except?: number) {
    // "Now" on the organisation's clock (docs/domain.md, "Time zones").
    const { id: organisationId, timeZone, now } = orgOf(a);
    const others = (await q.listTransactions(tx, organisationId, meter.id)).filter((r) => r.id !== except);
    const record = recordOf(body, meter.meterType);
    const errors = transactionErrors(
      { ...record, cost: record.cost },
      {
        meterType: meter.meterType,
        meterOpen: meter.meterOpen,
        now: nowIn(timeZone, now),
        others: others.map((o) => ({ date: o.date, time: o.time })),
      },
    );
    const [first] = Object.values(errors);
    if (first) throw badRequest(first, Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
    return record;
  }

  async function one(tx: Tx, organisationId: number, meterId: number, itemId: number) {
    const [row] = await q.listTransactions(tx, organisationId, meterId, itemId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(a: Caller, meterId: number): Promise<TransactionsList> {
      const { organisationId, meter } = await scope(db, a, meterId);
      const rows = await q.listTransactions(db, organisationId, meterId);
      return {
        unit: meter.unit,
        transactions: rows.map(toTransaction),
        showsCost: showsCost(meter.meterType),
        meterOpen: meter.meterOpen,
        timeZone: orgOf(a).timeZone,
        mayEdit: a.checked.mayEdit,
        purchasesAt: purchasesAt(meter),
      };
    },

    async create(a: Caller, meterId: number, body: TransactionInput) {
      return db.transaction(async (tx) => {
        const { organisationId, meter, unitId } = await writable(tx, a, meterId);
        const record = await check(tx, a, meter, body);
        const itemId = await q.insertTransaction(tx, {
          organisationId,
          meterId,
          unitId,
          txDate: record.date,
          txTime: record.time,
          quantity: String(record.quantity),
          cost: record.cost === null ? null : record.cost.toFixed(2),
          note: record.note,
        });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'meter', id: meterId, name: meter.name },
          changes: created({ transaction: itemId, ...record }),
        });
        await recomputeOrganisationFacts(tx, organisationId, [meterId]);
        const data = toTransaction(await one(tx, organisationId, meterId, itemId));
        return { success: true as const, message: MSG.transactionSaved, data };
      });
    },

    async update(a: Caller, meterId: number, itemId: number, body: TransactionInput) {
      return db.transaction(async (tx) => {
        const { organisationId, meter } = await writable(tx, a, meterId);
        const before = toTransaction(await one(tx, organisationId, meterId, itemId));
        const record = await check(tx, a, meter, body, itemId);
        await q.updateTransaction(tx, organisationId, meterId, itemId, {
          txDate: record.date,
          txTime: record.time,
          quantity: String(record.quantity),
          cost: record.cost === null ? null : record.cost.toFixed(2),
          note: record.note,
        });
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'meter', id: meterId, name: meter.name },
          changes: { transaction: { before: itemId, after: itemId }, ...diff(before, record) },
        });
        await recomputeOrganisationFacts(tx, organisationId, [meterId]);
        const data = toTransaction(await one(tx, organisationId, meterId, itemId));
        return { success: true as const, message: MSG.transactionSaved, data };
      });
    },

    async remove(a: Caller, meterId: number, invoiceId: number, itemId: number) {
      return db.transaction(async (tx) => {
        const { organisationId, meter } = await writable(tx, a, meterId);
        const before = toTransaction(await one(tx, organisationId, meterId, itemId));
        if ((before.invoiceId ?? 0) !== invoiceId) throw notFound();
        await q.deleteTransaction(tx, organisationId, meterId, itemId);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'meter', id: meterId, name: meter.name },
          changes: { transaction: { before, after: null } },
        });
        await recomputeOrganisationFacts(tx, organisationId, [meterId]);
        return { success: true as const, message: MSG.transactionDeleted };
      });
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
