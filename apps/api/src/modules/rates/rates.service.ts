import type {
  NhhRatesList,
  newContractRequest,
  newNhhRate,
  newPpdRate,
  newTouRatesRequest,
  PpdContractsList,
  TouContractsList,
  TouRate,
  templateQuery,
} from '@verdant/contracts/rates';
import type { Db, DbOrTx } from '@verdant/db/client';
import { addMonths } from '@verdant/domain/calendar';
import { fill, MSG } from '@verdant/domain/messages';
import { TOU_DAY_TYPES, TOU_TIME_PERIODS } from '@verdant/domain/rates/tou';
import { parseTouRates, TOU_TEMPLATE_HEADER } from '@verdant/domain/rates/tou-upload';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { audit, created } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { visibleMetersOf } from '../../lib/rights';
import { csvText } from '../../lib/spreadsheet';
import type { Caller } from '../../plugins/auth';
import * as q from './rates.queries';

const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
const toMonth = (m: string) => m.slice(0, 7);

/**
 * Contracted rates (core-portal.md 2 Rates page, 3, 5): every member reads them; editors add contracts and
 * rates. Stored rates are never overwritten: a month already stored, or an overlapping period, is refused.
 */
export function createRatesService({ db }: { db: Db }) {
  async function newContract(a: Caller, kind: 'tou' | 'ppd', organisationId: number, name: string) {
    return db.transaction(async (tx) => {
      await q.lockRates(tx, organisationId);
      if (await q.contractNamed(tx, kind, organisationId, name)) throw fieldError('name', MSG.contractExists);
      const row = await q.insertContract(tx, kind, organisationId, name);
      await audit(tx, a, {
        organisationId,
        action: 'create',
        asset: { type: `${kind}-contract`, id: row.id, name: row.name },
        changes: created({ name: row.name }),
      });
      return { id: row.id, name: row.name };
    });
  }

  /** Stores TOU rates unless one of their months is already stored (naming the first such row). */
  async function storeTouRates(
    tx: DbOrTx,
    a: Caller,
    organisationId: number,
    rates: (TouRate & { contractId: number; row: number })[],
  ) {
    await q.lockRates(tx, organisationId);
    const contractIds = [...new Set(rates.map((r) => r.contractId))];
    const stored = new Set(
      (await q.storedMonths(tx, organisationId, contractIds)).map(
        (s) => `${s.contractId}|${toMonth(s.month)}`,
      ),
    );
    const clash = rates.find((r) => stored.has(`${r.contractId}|${r.month}`));
    if (clash)
      throw badRequest(MSG.ratesOverwrite, {
        [`row ${clash.row}`]: [
          fill(MSG.ratesRow, { row: clash.row, reason: `${clash.month} is already stored` }),
        ],
      });
    await q.insertTouRates(
      tx,
      rates.map((r) => ({
        organisationId,
        contractId: r.contractId,
        month: `${r.month}-01`,
        periodId: r.periodId,
        daytypeId: r.daytypeId,
        contractedRate: String(r.contractedRate),
      })),
    );
    const months = [...new Set(rates.map((r) => r.month))].sort();
    for (const contractId of contractIds)
      await audit(tx, a, {
        organisationId,
        action: 'create',
        asset: { type: 'tou-contract', id: contractId },
        changes: created({ rates: rates.filter((r) => r.contractId === contractId).length, months }),
      });
    return months;
  }

  return {
    async touContracts(a: Caller, organisationId: number): Promise<TouContractsList> {
      const visible = await visibleMetersOf(db, a, organisationId);
      const linked = await q.touMeters(db, organisationId);
      return {
        contracts: await q.listTouContracts(db, organisationId),
        touMeters: visible === null ? linked : linked.filter((m) => visible.includes(m.id)),
        mayEdit: a.checked.mayEdit,
        dayTypes: TOU_DAY_TYPES.map((d) => ({ ...d })),
        timePeriods: TOU_TIME_PERIODS.map((p) => ({ ...p })),
      };
    },

    newTouContract: (a: Caller, organisationId: number, body: z.output<typeof newContractRequest>) =>
      newContract(a, 'tou', organisationId, body.name),

    async touRates(organisationId: number, contractId: number) {
      if (!(await q.findContract(db, 'tou', organisationId, contractId))) throw notFound();
      const rows = await q.listTouRates(db, organisationId, contractId);
      return {
        rates: rows.map((r) => ({
          month: toMonth(r.month),
          periodId: r.periodId,
          daytypeId: r.daytypeId,
          contractedRate: Number(r.contractedRate),
        })),
      };
    },

    async addTouRates(
      a: Caller,
      organisationId: number,
      contractId: number,
      body: z.output<typeof newTouRatesRequest>,
    ) {
      return db.transaction(async (tx) => {
        if (!(await q.findContract(tx, 'tou', organisationId, contractId))) throw notFound();
        const months = await storeTouRates(
          tx,
          a,
          organisationId,
          body.rates.map((r, i) => ({ ...r, contractId, row: i + 1 })),
        );
        return {
          success: true as const,
          message: MSG.ratesUploaded,
          data: { rows: body.rates.length, months },
        };
      });
    },

    /** The template of a data source's TOU contract: every month from till, period and day type, rates blank. */
    async template(organisationId: number, query: z.output<typeof templateQuery>) {
      if (query.meter === undefined) throw fieldError('meter', MSG.ratesMeterRequired);
      if (!query.from || !query.till || query.from >= query.till) throw fieldError('till', MSG.rateDateOrder);
      const { from, till } = query;
      const meter = await q.meterContract(db, organisationId, query.meter);
      if (!meter) throw fieldError('meter', MSG.ratesMeterRequired);
      const contract =
        meter.touContractId === null
          ? undefined
          : await q.findContract(db, 'tou', organisationId, meter.touContractId);
      if (!contract) throw fieldError('meter', MSG.ratesNoContract);
      const rows: string[][] = [[...TOU_TEMPLATE_HEADER]];
      for (let m = `${from.slice(0, 7)}-01`; m <= till; m = addMonths(m, 1))
        for (const p of TOU_TIME_PERIODS)
          for (const d of TOU_DAY_TYPES) rows.push([contract.name, toMonth(m), p.descr, d.daytypeDescr, '']);
      return {
        filename: `tou-rates-${contract.name.replace(/[^\w-]+/g, '-')}-${toMonth(from)}-${toMonth(till)}.csv`,
        csv: csvText(rows),
      };
    },

    /** The raw CSV upload: lands whole or not at all. */
    async upload(a: Caller, organisationId: number, text: string) {
      let cells: string[][];
      try {
        cells = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
      } catch (e) {
        throw badRequest(
          fill(MSG.ratesRow, { row: (e as { lines?: number }).lines ?? 1, reason: 'not readable CSV' }),
        );
      }
      const parsed = parseTouRates(cells);
      if (!parsed.ok) throw badRequest(parsed.reason, { [`row ${parsed.row}`]: [parsed.reason] });
      return db.transaction(async (tx) => {
        const byName = new Map<string, number>();
        const rates: (TouRate & { contractId: number; row: number })[] = [];
        for (const [i, r] of parsed.rates.entries()) {
          const key = r.contract.toLowerCase();
          if (!byName.has(key)) {
            const c = await q.contractNamed(tx, 'tou', organisationId, r.contract);
            if (!c) {
              const row = cells.findIndex((c2) => c2[0]?.trim() === r.contract) + 1;
              const reason = fill(MSG.ratesRow, {
                row,
                reason: fill(MSG.ratesUnknownContract, { name: r.contract }),
              });
              throw badRequest(reason, { [`row ${row}`]: [reason] });
            }
            byName.set(key, c.id);
          }
          rates.push({ ...r, contractId: byName.get(key) ?? 0, row: i + 2 });
        }
        const months = await storeTouRates(tx, a, organisationId, rates);
        return { success: true as const, message: MSG.ratesUploaded, data: { rows: rates.length, months } };
      });
    },

    async nhhRates(a: Caller, organisationId: number): Promise<NhhRatesList> {
      const rows = await q.listNhhRates(db, organisationId);
      return {
        rates: rows.map((r) => ({
          id: r.id,
          startDate: r.startDate,
          endDate: r.endDate,
          retailRate: Number(r.retailRate),
          networkRate: Number(r.networkRate),
          orgId: r.organisationId,
        })),
        mayEdit: a.checked.mayEdit,
      };
    },

    async addNhhRate(a: Caller, organisationId: number, body: z.output<typeof newNhhRate>) {
      await db.transaction(async (tx) => {
        await q.lockRates(tx, organisationId);
        if (await q.nhhOverlapping(tx, organisationId, body.startDate, body.endDate))
          throw fieldError('startDate', MSG.rateOverlap);
        const values = {
          startDate: body.startDate,
          endDate: body.endDate,
          retailRate: String(body.retailRate),
          networkRate: String(body.networkRate),
        };
        const row = await q.insertNhhRate(tx, { organisationId, ...values });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'nhh-rate', id: row.id },
          changes: created(values),
        });
      });
      return { ...(await this.nhhRates(a, organisationId)), message: MSG.rateAdded };
    },

    async ppdContracts(a: Caller, organisationId: number): Promise<PpdContractsList> {
      const { contracts, rates } = await q.listPpdContracts(db, organisationId);
      return {
        contracts: contracts.map((c) => ({
          ...c,
          rates: rates
            .filter((r) => r.contractId === c.id)
            .map((r) => ({
              id: r.id,
              fromDate: r.fromDate,
              toDate: r.toDate,
              rate: Number(r.rate),
              ppdContractId: r.contractId,
            })),
        })),
        mayEdit: a.checked.mayEdit,
      };
    },

    newPpdContract: (a: Caller, organisationId: number, body: z.output<typeof newContractRequest>) =>
      newContract(a, 'ppd', organisationId, body.name),

    async ppdRates(a: Caller, organisationId: number, contractId: number) {
      if (!(await q.findContract(db, 'ppd', organisationId, contractId))) throw notFound();
      const list = await this.ppdContracts(a, organisationId);
      return { rates: list.contracts.find((c) => c.id === contractId)?.rates ?? [], mayEdit: list.mayEdit };
    },

    async addPpdRate(
      a: Caller,
      organisationId: number,
      contractId: number,
      body: z.output<typeof newPpdRate>,
    ) {
      await db.transaction(async (tx) => {
        await q.lockRates(tx, organisationId);
        const contract = await q.findContract(tx, 'ppd', organisationId, contractId);
        if (!contract) throw notFound();
        if (await q.ppdOverlapping(tx, organisationId, contractId, body.fromDate, body.toDate))
          throw fieldError('fromDate', MSG.rateOverlap);
        const values = { fromDate: body.fromDate, toDate: body.toDate, rate: String(body.rate) };
        const row = await q.insertPpdRate(tx, { organisationId, contractId, ...values });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'ppd-contract', id: contractId, name: contract.name },
          changes: created({ rateId: row.id, ...values }),
        });
      });
      return { ...(await this.ppdRates(a, organisationId, contractId)), message: MSG.rateAdded };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
