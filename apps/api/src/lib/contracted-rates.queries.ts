import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { nhhRates, ppdRates, touRates } from '@verdant/db/schema/rates';
import { dayTypeOf, touDayTypeNamed, touPeriodNamed } from '@verdant/domain/rates/tou';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * The rate a meter's contracts set for a day (issue 17b, for the invoices' tariff check, issue 14c): cents per
 * kWh. A TOU meter's rate is its contract's monthly rate for the period (and the date's day type, unless
 * named); without a TOU contract (or no period asked), the organisation's NHH rate covering the date, retail
 * plus network. Null when no contracted rate applies.
 */
export type ContractedRate =
  | { source: 'TOU'; contractId: number; periodId: number; daytypeId: number; rate: number }
  | { source: 'NHH'; rate: number; retailRate: number; networkRate: number };

export async function contractedRateFor(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  period: { period: string | number; dayType?: string | number } | null,
  date: string,
): Promise<ContractedRate | null> {
  const [meter] = await db
    .select({ touContractId: meters.touContractId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, meterId), isNull(meters.deletedAt)));
  if (!meter) return null;
  if (meter.touContractId !== null && period !== null) {
    const p = touPeriodNamed(period.period);
    const d = period.dayType === undefined ? dayTypeOf(date) : touDayTypeNamed(period.dayType);
    if (!p || !d) return null;
    const [row] = await db
      .select({ rate: touRates.contractedRate })
      .from(touRates)
      .where(
        and(
          eq(touRates.organisationId, organisationId),
          eq(touRates.contractId, meter.touContractId),
          eq(touRates.month, `${date.slice(0, 7)}-01`),
          eq(touRates.periodId, p.id),
          eq(touRates.daytypeId, d.id),
        ),
      );
    return row
      ? {
          source: 'TOU',
          contractId: meter.touContractId,
          periodId: p.id,
          daytypeId: d.id,
          rate: Number(row.rate),
        }
      : null;
  }
  const [nhh] = await db
    .select({ retail: nhhRates.retailRate, network: nhhRates.networkRate })
    .from(nhhRates)
    .where(
      and(
        eq(nhhRates.organisationId, organisationId),
        sql`${nhhRates.startDate} <= ${date} and ${date} <= ${nhhRates.endDate}`,
      ),
    );
  if (!nhh) return null;
  const retailRate = Number(nhh.retail);
  const networkRate = Number(nhh.network);
  return { source: 'NHH', rate: retailRate + networkRate, retailRate, networkRate };
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
