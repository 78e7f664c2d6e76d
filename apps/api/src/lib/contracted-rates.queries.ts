import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { ppdRates } from '@verdant/db/schema/rates';
import { intArray } from '@verdant/db/sql-arrays';
import type { MeterContractRates } from '@verdant/domain/rates/contracted';
import { and, eq, sql } from 'drizzle-orm';

/** Meter types whose electricity is time of use (1) or half-hourly (5 smart, 6 smart check): not NHH. */
const NOT_NHH_TYPES = [1, 5, 6];

/**
 * The rates each meter's contracts set between two days (docs/decisions/rates.md, Which contracted rates
 * apply to a data source; cents per kWh): a meter with a TOU contract has that contract's monthly rates; an
 * electricity meter without one, and not of a time of use or smart meter type, has the organisation's non-TOU
 * (NHH) rates. Other meters get no rates. One set of queries for all the meters; the choice of rate for a
 * line or a half hour is packages/domain's.
 */
export async function meterContractRates(
  db: DbOrTx,
  organisationId: number,
  meterIds: readonly number[],
  from: string,
  till: string,
): Promise<Map<number, MeterContractRates & { contractId: number | null }>> {
  const out = new Map<number, MeterContractRates & { contractId: number | null }>();
  if (meterIds.length === 0) return out;
  const meterRows = await db.execute<{
    id: number;
    contract_id: number | null;
    contract_name: string | null;
    nhh: boolean;
  }>(sql`
    select m.id, c.id as contract_id, c.name as contract_name,
      (c.id is null and d.grouping = 'Electricity' and m.meter_type <> all(${intArray(NOT_NHH_TYPES)})) as nhh
    from meters m
    left join tou_contracts c on c.organisation_id = m.organisation_id and c.id = m.tou_contract_id
    left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.id = any(${intArray(meterIds)}) and m.deleted_at is null`);
  const contractIds = [
    ...new Set(meterRows.rows.map((m) => m.contract_id).filter((c): c is number => c !== null)),
  ];
  const touRows =
    contractIds.length === 0
      ? []
      : (
          await db.execute<{
            contract_id: number;
            month: string;
            period_id: number;
            daytype_id: number;
            rate: number;
          }>(sql`
            select contract_id, month::text, period_id, daytype_id, contracted_rate::float8 as rate
            from tou_rates
            where organisation_id = ${organisationId} and contract_id = any(${intArray(contractIds)})
              and month between date_trunc('month', ${from}::date)::date and ${till}::date`)
        ).rows;
  const nhh = meterRows.rows.some((m) => m.nhh)
    ? (
        await db.execute<{ from: string; till: string; retail_rate: number; network_rate: number }>(sql`
          select start_date::text as "from", end_date::text as "till", retail_rate::float8, network_rate::float8
          from nhh_rates
          where organisation_id = ${organisationId} and start_date <= ${till}::date and end_date >= ${from}::date
          order by start_date`)
      ).rows.map((r) => ({
        from: r.from,
        till: r.till,
        retailRate: r.retail_rate,
        networkRate: r.network_rate,
      }))
    : [];
  for (const m of meterRows.rows) {
    out.set(m.id, {
      contractId: m.contract_id,
      contractName: m.contract_name,
      tou:
        m.contract_id === null
          ? null
          : touRows
              .filter((r) => r.contract_id === m.contract_id)
              .map((r) => ({ month: r.month, periodId: r.period_id, daytypeId: r.daytype_id, rate: r.rate })),
      nhh: m.nhh ? nhh : [],
    });
  }
  return out;
}

/** The prompt-payment discount (percent) a meter's PPD contract gives on a date, or null. */
export async function ppdRateFor(db: DbOrTx, organisationId: number, meterId: number, date: string) {
  const [row] = await db
    .select({ rate: ppdRates.rate })
    .from(ppdRates)
    .innerJoin(
      meters,
      and(eq(meters.organisationId, ppdRates.organisationId), eq(meters.ppdContractId, ppdRates.contractId)),
    )
    .where(
      and(
        eq(ppdRates.organisationId, organisationId),
        eq(meters.id, meterId),
        sql`${ppdRates.fromDate} <= ${date} and ${date} <= ${ppdRates.toDate}`,
      ),
    );
  return row ? Number(row.rate) : null;
}
