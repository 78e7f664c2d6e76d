import type { EntityFigures } from '@verdant/contracts/entities/figures';
import type { Db, DbOrTx } from '@verdant/db/client';
import { DISTRIBUTION_FROM_START, factEditions, sumFacts } from '@verdant/db/ledger/read-model';
import { addMonths } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { entityFor } from './entity-access';

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The shares in force in a month of every meter sharing with the entity, above zero. */
async function sharesInForce(db: DbOrTx, organisationId: number, entityId: number, month: string) {
  const rows = await db.execute<{
    meter_id: number;
    meter_name: string;
    perc_cons: number;
    perc_note: number;
    valid_from: string;
  }>(sql`
    select s.meter_id, m.local_name as meter_name, s.percentage::float8 as perc_cons,
      coalesce(s.note_percentage, 0)::float8 as perc_note, s.valid_from::text as valid_from
    from meter_entity_shares s
    join meters m on m.organisation_id = s.organisation_id and m.id = s.meter_id and m.deleted_at is null
    where s.organisation_id = ${organisationId} and s.entity_id = ${entityId} and s.percentage > 0
      and s.valid_from = (select max(s2.valid_from) from meter_entity_shares s2
        where s2.organisation_id = s.organisation_id and s2.meter_id = s.meter_id and s2.valid_from <= ${month})
    order by lower(m.local_name), m.id`);
  return rows.rows;
}

/** An entity's distributed figures, read through the ledger's read model grouped by entity. */
export function createEntityFiguresService({ db }: { db: Db }) {
  return {
    async figures(a: Caller, entityId: number): Promise<EntityFigures> {
      const { rec } = await entityFor(db, a, entityId);
      const organisationId = rec.entity.organisationId;
      const last = orgOf(a).lastCompleteMonth;
      const first = addMonths(last, -11);
      const visible = await visibleMetersOf(db, a, organisationId);
      const query = { organisationId, from: first, till: last, visible, entityIds: [entityId] };
      const [rows, shares, editions] = await Promise.all([
        sumFacts(db, {
          ...query,
          by: ['entity', 'month'],
          measures: ['cons', 'cost', 'co2e', 'cons_incomplete', 'cost_incomplete', 'co2e_incomplete'],
        }),
        sharesInForce(db, organisationId, entityId, orgOf(a).currentMonth),
        // The editions behind its kg CO2e (docs/decisions/factor-editions.md), location-based as its figures are.
        factEditions(db, query, { market: false }),
      ]);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      return {
        lastCompleteMonth: last.slice(0, 7),
        months: Array.from({ length: 12 }, (_, i) => {
          const month = addMonths(first, i);
          const r = byMonth.get(month);
          return {
            month: month.slice(0, 7),
            cons: round(r?.cons ?? 0, 3),
            cost: round(r?.cost ?? 0, 2),
            co2e: round(r?.co2e ?? 0, 3),
            consIncomplete: r?.cons_incomplete ?? false,
            costIncomplete: r?.cost_incomplete ?? false,
            co2eIncomplete: r?.co2e_incomplete ?? false,
          };
        }),
        editions,
        meters: shares
          .filter((s) => visible === null || visible.includes(s.meter_id))
          .map((s) => ({
            meterId: s.meter_id,
            meterName: s.meter_name,
            percCons: s.perc_cons,
            percNote: s.perc_note,
            validFrom: s.valid_from === DISTRIBUTION_FROM_START ? null : s.valid_from,
          })),
      };
    },
  };
}

export type EntityFiguresService = ReturnType<typeof createEntityFiguresService>;
