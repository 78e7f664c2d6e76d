import type { CommissioningTable } from '@verdant/contracts/benchmark/results';
import type { DbOrTx } from '@verdant/db/client';
import { FLOOR_AREA_INDICATOR } from '@verdant/domain/benchmark/benchmark-rules';
import { commissioningFigures } from '@verdant/domain/benchmark/commissioning';
import { monthsBetween } from '@verdant/domain/calendar';
import * as q from './benchmark.queries';

/**
 * The commissioning table of a calendar year (docs/decisions/benchmark.md, Commissioning): every entity of the
 * organisation with a design or commissioned figure, against its actual use intensity from the read model
 * (its meters' consumption times its shares) over the months of the year lived.
 */
const round = (n: number | null, places: number) =>
  n === null ? null : Math.round(n * 10 ** places) / 10 ** places;

export async function commissioningFor(
  db: DbOrTx,
  r: { organisationId: number; year: number; lastCompleteMonth: string; visible: number[] | null },
): Promise<CommissioningTable> {
  const from = `${r.year}-01-01`;
  const yearEnd = `${r.year}-12-01`;
  const till = yearEnd < r.lastCompleteMonth ? yearEnd : r.lastCompleteMonth;
  const monthsLived = till < from ? 0 : monthsBetween(from, till).length;
  const entities = (await q.entityFacts(db, r.organisationId)).filter(
    (e) => e.designEui !== null || e.commissionedEui !== null,
  );
  const uses =
    monthsLived === 0
      ? new Map<number, q.EntityUse>()
      : await q.entityUse(db, {
          organisationId: r.organisationId,
          entityIds: entities.map((e) => e.id),
          from,
          till,
          visible: r.visible,
        });
  return {
    year: r.year,
    from: from.slice(0, 7),
    till: monthsLived === 0 ? null : till.slice(0, 7),
    narrowed: r.visible !== null,
    rows: entities.map((e) => {
      const use = uses.get(e.id);
      const kwh = use ? use.electricity + use.fossil : 0;
      const area = e.indicators.find((i) => i.id === FLOOR_AREA_INDICATOR)?.value ?? null;
      const figures = commissioningFigures({
        designEui: e.designEui,
        commissionedEui: e.commissionedEui,
        interventionEui: e.interventionEui,
        area,
        kwh,
        monthsLived,
        monthsComplete: use?.monthsComplete ?? 0,
      });
      const gap = (g: { ratio: number; kwh: number } | null) =>
        g === null ? null : { ratio: round(g.ratio, 2) ?? 0, kwh: Math.round(g.kwh) };
      return {
        entityId: e.id,
        entityName: e.name,
        siteName: e.siteName,
        floorArea: area,
        designEui: e.designEui,
        commissionedEui: e.commissionedEui,
        interventionEui: e.interventionEui,
        actualEui: round(figures.actualEui, 1),
        kwh: Math.round(kwh),
        designGap: gap(figures.designGap),
        commissionedGap: gap(figures.commissionedGap),
        monthsLived,
        monthsComplete: use?.monthsComplete ?? 0,
        estimated: use?.estimated ?? false,
        note: figures.note,
      };
    }),
  };
}
