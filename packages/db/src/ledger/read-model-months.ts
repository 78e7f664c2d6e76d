import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sumFacts } from './read-model';
import { hiddenFacts, hiddenMeters } from './read-model-hidden';
import { rollupColumns, rollupSelect } from './rollup';

/** One month of `countedMonths`: 'yyyy-MM-01', the measure's total and whether it is incomplete. */
export interface CountedMonth {
  month: string;
  total: number;
  incomplete: boolean;
}

/**
 * Monthly totals of kWh or kg CO2e over the meters the caller sees, for every month that holds a fact counted in
 * totals, as the read model by month answers them (./read-model.ts, `sumFacts` with `by: ['month']`): a month of
 * other facts but no kWh is there with 0, not left out. From the organisation rollup (a few rows a month) when the
 * caller sees every meter or most of them (less the hidden meters' facts, ./read-model-hidden.ts), else from the
 * facts, only the measure and its flag summed (docs/decisions/performance.md, Reports over years read the
 * rollup).
 */
export async function countedMonths(
  db: DbOrTx,
  organisationId: number,
  measure: 'cons' | 'co2e',
  from: string,
  till: string,
  visible: readonly number[] | null,
): Promise<CountedMonth[]> {
  const hidden = visible === null ? [] : await hiddenMeters(db, organisationId, visible);
  if (hidden === undefined) {
    const flag = `${measure}_incomplete` as const;
    const rows = await sumFacts(db, {
      organisationId,
      by: ['month'],
      from,
      till,
      visible: visible === null ? null : [...visible],
      measures: [measure, flag],
    });
    return rows.map((r) => ({ month: String(r.month), total: r[measure], incomplete: r[flag] }));
  }
  const less = (column: string) => sql.raw(`r.${column} - coalesce(l.${column}, 0)`);
  const column = measure === 'cons' ? less('quantity_std') : less('co2e');
  const flag = measure === 'cons' ? less('incomplete_meters') : less('incomplete_co2e');
  // kWh counts only energy data types (docs/domain.md, Which meters count); a fact of no data type none.
  const counts = measure === 'cons' ? sql`d.type_id = 1` : sql`true`;
  const rows = await db.execute<{ month: string; total: number; incomplete: boolean }>(sql`
    with l ${rollupColumns} as (
      ${
        hidden.length > 0
          ? rollupSelect(hiddenFacts(organisationId, hidden, from, till), '')
          : sql.raw(
              'select null::int, null::date, null::int, 0::float8, 0::numeric, 0::float8, 0, 0, 0, 0 where false',
            )
      }
    )
    select r.month::text as month, coalesce(sum(${column}) filter (where ${counts}), 0)::float8 as total,
      coalesce(sum(${flag}) filter (where ${counts}), 0) > 0 as incomplete
    from organisation_month_facts r
    left join l on l.organisation_id = r.organisation_id and l.month = r.month and l.energy_id = r.energy_id
    left join data_types d on d.id = r.energy_id
    where r.organisation_id = ${organisationId} and r.month between ${from} and ${till}
    group by r.month
    having sum(${less('meters')}) > 0
    order by r.month`);
  return rows.rows.map((r) => ({ month: r.month, total: Number(r.total), incomplete: r.incomplete }));
}
