import type { SiteDataExportRequest } from '@verdant/contracts/sites/figures';
import type { Db } from '@verdant/db/client';
import { factRestatements } from '@verdant/db/ledger/read-model-restatements';
import { monthsBetween } from '@verdant/domain/calendar';
import { restatedRow } from '@verdant/domain/editions/editions-text';
import { notFound } from '../../lib/errors';
import { canOnAssets, visibleMetersOf } from '../../lib/rights';
import { csvText } from '../../lib/spreadsheet';
import type { Caller } from '../../plugins/auth';
import * as q from './sites.queries';

type Quantity = 'cons' | 'cost' | 'co2e';
const HEADINGS: Record<Quantity, { title: string; unit: string }> = {
  cons: { title: 'Consumption', unit: 'kWh' },
  cost: { title: 'Cost', unit: '$' },
  co2e: { title: 'Emissions', unit: 'kg CO2e' },
};
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The site data export: per site and range, one row per month (monthly) or one row for the whole range
 * (total), with the chosen quantities summed from the ledger. `units` puts each figure's unit in its heading.
 */
export function createSiteExportService({ db }: { db: Db }) {
  return {
    async exportCsv(a: Caller, organisationId: number, body: SiteDataExportRequest): Promise<string> {
      const siteIds = [...new Set(body.assets)];
      const seen = await canOnAssets(
        db,
        a.principal,
        'view',
        organisationId,
        siteIds.map((id) => ({ type: 'site' as const, id })),
      );
      if (seen.some((ok) => !ok)) throw notFound();
      const names = new Map((await q.siteNames(db, organisationId, siteIds)).map((s) => [s.id, s.name]));
      const visible = await visibleMetersOf(db, a, organisationId);
      const quantities = body.data.filter((d): d is Quantity => d !== 'units');
      const withUnits = body.data.includes('units');
      const header = [
        'Site',
        'Aggregation',
        'Period',
        ...quantities.map((k) =>
          withUnits ? `${HEADINGS[k].title} (${HEADINGS[k].unit})` : HEADINGS[k].title,
        ),
      ];
      const records: (string | number)[][] = [header];
      const ordered = siteIds.sort((x, y) => (names.get(x) ?? '').localeCompare(names.get(y) ?? ''));
      const editions = new Map<string, { name: string }>();
      for (const range of body.ranges) {
        const from = `${range.start}-01`;
        const till = `${range.end}-01`;
        const [rows, used] = await Promise.all([
          q.siteMonthlyFigures(db, organisationId, ordered, from, till, visible),
          quantities.includes('co2e') ? q.siteEditions(db, organisationId, ordered, from, till, visible) : [],
        ]);
        for (const e of used) editions.set(`${e.id}:${e.name}`, e);
        const key = (siteId: number, month: string) => `${siteId}:${month}`;
        const byKey = new Map(rows.map((r) => [key(r.site_id, r.month), r]));
        const months = monthsBetween(from, till);
        for (const siteId of ordered) {
          const figure = (list: string[], k: Quantity) =>
            round(
              list.reduce((sum, m) => sum + (byKey.get(key(siteId, m))?.[k] ?? 0), 0),
              k === 'cost' ? 2 : 3,
            );
          const name = names.get(siteId) ?? '';
          if (range.aggregation === 'total') {
            records.push([
              name,
              'Total',
              `${range.start} to ${range.end}`,
              ...quantities.map((k) => figure(months, k)),
            ]);
          } else {
            for (const m of months) {
              records.push([name, 'Monthly', m.slice(0, 7), ...quantities.map((k) => figure([m], k))]);
            }
          }
        }
      }
      // Which figures they are and the editions that produced the kg CO2e, on a closing line of their own
      // (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally reported).
      if (quantities.includes('co2e')) {
        const named = [...editions.values()].sort((x, y) => x.name.localeCompare(y.name));
        const from = body.ranges.map((r) => `${r.start}-01`).sort()[0] ?? '';
        const till =
          body.ranges
            .map((r) => `${r.end}-01`)
            .sort()
            .at(-1) ?? '';
        const restated = await factRestatements(db, {
          organisationId,
          from,
          till,
          visible,
          siteIds: ordered,
        });
        records.push(restatedRow(restated, named, header.length));
      }
      return csvText(records);
    },
  };
}

export type SiteExportService = ReturnType<typeof createSiteExportService>;
