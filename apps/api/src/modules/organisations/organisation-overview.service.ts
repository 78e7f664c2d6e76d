import type { EmissionsList, SiteAlerts, SiteFigureList } from '@verdant/contracts/organisations/overview';
import type { Db } from '@verdant/db/client';
import { factEditions } from '@verdant/db/ledger/read-model';
import { CHART_BARS_MAX } from '@verdant/domain/constants';
import { siteAlertCounts } from '../../lib/alert-counts.queries';
import { allowedOf, visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './organisations.queries';

const UNITS = { cons: 'kWh', cost: '$', co2e: 'kg CO2e' } as const;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const monthOf = (yyyymm: string) => `${yyyymm.slice(0, 4)}-${yyyymm.slice(4, 6)}-01`;

/**
 * The editions of emission factors that produced the location-based kg CO2e of the sites a chart draws
 * (docs/decisions/factor-editions.md, What names its editions): the read model's query of the bars (the month,
 * the meters the caller sees) narrowed to those sites; none when it draws none.
 */
const drawnEditions = async (
  db: Db,
  organisationId: number,
  month: string,
  visible: number[] | null,
  sites: { site_id: number }[],
) =>
  sites.length === 0
    ? []
    : factEditions(
        db,
        { organisationId, from: month, till: month, visible, siteIds: sites.map((s) => Number(s.site_id)) },
        { market: false },
      );

/**
 * The organisation overview's lists: each reads, rights first, a figure list for one month from the facts of
 * the meters the caller sees.
 */
export function createOrganisationOverview({ db }: { db: Db }) {
  return {
    /** Sites ranked by consumption (kWh), cost or emissions in one month, highest first. */
    async siteList(
      a: Caller,
      id: number,
      measure: 'cons' | 'cost' | 'co2e',
      yyyymm: string,
    ): Promise<SiteFigureList> {
      const visible = await visibleMetersOf(db, a, id);
      const rows = await q.siteFigures(db, id, measure, monthOf(yyyymm), visible, CHART_BARS_MAX);
      const editions = measure === 'co2e' ? await drawnEditions(db, id, monthOf(yyyymm), visible, rows) : [];
      return {
        month: yyyymm,
        unit: UNITS[measure],
        editions,
        sites: rows.map((r) => ({
          siteId: r.site_id,
          siteName: r.site_name,
          value: round(Number(r.total), measure === 'cost' ? 2 : 3),
        })),
      };
    },

    /** The highest emitters of one month, scope by scope (kg CO2e, whole numbers as the charts show). */
    async emissionsList(a: Caller, id: number, yyyymm: string): Promise<EmissionsList> {
      const visible = await visibleMetersOf(db, a, id);
      const rows = await q.siteEmissions(db, id, monthOf(yyyymm), visible, CHART_BARS_MAX);
      const editions = await drawnEditions(db, id, monthOf(yyyymm), visible, rows);
      return {
        month: yyyymm,
        unit: 'kg CO2e',
        editions,
        sites: rows.map((r) => {
          const [scope1, scope2, scope3] = [r.scope1, r.scope2, r.scope3].map((n) => Math.round(Number(n)));
          return {
            siteId: r.site_id,
            siteName: r.site_name,
            scope1: scope1 ?? 0,
            scope2: scope2 ?? 0,
            scope3: scope3 ?? 0,
            total: Math.round(Number(r.scope1) + Number(r.scope2) + Number(r.scope3)),
          };
        }),
      };
    },

    /** Sites with the most pending alerts on the data sources the caller sees, most first. */
    async siteAlerts(a: Caller, id: number): Promise<SiteAlerts[]> {
      const sites = await q.activeSites(db, id, 1000);
      const visible = await allowedOf(db, a.principal, 'view', id, sites, (s) => ({
        type: 'site',
        id: s.id,
      }));
      const meters = await visibleMetersOf(db, a, id);
      const counts = await siteAlertCounts(
        db,
        id,
        visible.map((s) => s.id),
        meters,
      );
      return visible
        .map((s) => ({ siteId: s.id, siteName: s.name, alerts: counts.get(s.id) ?? 0 }))
        .sort((x, y) => y.alerts - x.alerts || x.siteName.localeCompare(y.siteName))
        .slice(0, CHART_BARS_MAX);
    },
  };
}
