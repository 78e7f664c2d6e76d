import type { Db } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';

/** One page of the product and the call that fills it (the spec's screen list, the web's routes). */
export interface FirstCall {
  group: string;
  page: string;
  /** The call's route with the bench's assets named (see `FIRST_CALLS`). */
  route: string;
  /** Whose session asks: the organisation's administrator or a product administrator. */
  as: 'org' | 'product';
}

/** What the pages' calls name: the bench organisation's assets (see `addPageAssets`). */
export interface PageAssets {
  id: number;
  meter: number;
  site: number;
  entity: number;
  siteGroup: number;
  meterGroup: number;
  grouping: number;
  vehicle: number;
  card: number;
  target: number;
  /** The last invoiced month, yyyyMM. */
  month: string;
  year: number;
  monthOfYear: number;
}

/**
 * The assets of the pages the scale organisation lacks, so every page has something to show: an entity at the
 * first site, a controlled grouping of four site groups (25 sites each), a meter group of 100 meters, a
 * vehicle (fuel and distance meters) and a fuel card (a fuel meter of no vehicle), the organisation's target
 * from the year before last (three years of figures to report), and 50 members for the users list; then the
 * planner's statistics.
 */
export async function addPageAssets(
  db: Db,
  org: { organisationId: number; invoiced: number[]; last: string },
): Promise<PageAssets> {
  const id = org.organisationId;
  const one = async (q: ReturnType<typeof sql>) => {
    const { rows } = await db.execute<{ id: number }>(q);
    const row = rows[0];
    if (!row) throw new Error('bench asset not inserted');
    return row.id;
  };
  const sites = await db.execute<{ id: number }>(
    sql`select id from sites where organisation_id = ${id} order by id`,
  );
  const siteIds = sites.rows.map((r) => r.id);
  const site = siteIds[0] ?? 0;
  const meter = org.invoiced[Math.floor(org.invoiced.length / 2)] ?? 0;
  const [energy] = (
    await db.execute<{ energy_id: number; unit_id: number }>(
      sql`select energy_id, unit_id from meters where organisation_id = ${id} and id = ${meter}`,
    )
  ).rows;
  const entity = await one(
    sql`insert into entities (organisation_id, site_id, name) values (${id}, ${site}, 'Bench entity') returning id`,
  );
  const grouping = await one(sql`insert into groupings (organisation_id, member_type, name, controlled)
    values (${id}, 'site', 'Bench divisions', true) returning id`);
  let siteGroup = 0;
  for (let g = 0; g < 4; g++) {
    const group = await one(sql`insert into asset_groups (organisation_id, member_type, name, grouping_id)
      values (${id}, 'site', ${`Division ${g + 1}`}, ${grouping}) returning id`);
    siteGroup ||= group;
    await db.execute(sql`insert into asset_group_members (organisation_id, group_id, asset_id)
      select ${id}, ${group}, unnest(${`{${siteIds.slice(g * 25, g * 25 + 25).join(',')}}`}::int[])`);
  }
  const meterGroup = await one(sql`insert into asset_groups (organisation_id, member_type, name)
    values (${id}, 'meter', 'Bench meters') returning id`);
  await db.execute(sql`insert into asset_group_members (organisation_id, group_id, asset_id)
    select ${id}, ${meterGroup}, unnest(${`{${org.invoiced.slice(0, 100).join(',')}}`}::int[])`);
  const meterOf = (name: string, type: number) =>
    one(sql`insert into meters (organisation_id, site_id, local_name, energy_id, unit_id, meter_type, meter_open)
      values (${id}, ${site}, ${name}, ${energy?.energy_id ?? 0}, ${energy?.unit_id ?? 0}, ${type}, '2015-01-01')
      returning id`);
  const fuel = await meterOf('BENCH1', 7);
  const distance = await meterOf('BENCH1 distance', 8);
  const card = await meterOf('Bench fuel card', 7);
  const vehicle =
    await one(sql`insert into vehicles (organisation_id, site_id, registration, make, model, year,
      seats, engine_size, desired_eff, body_shape_id, transmission_type_id, fuel_id, purchase_date,
      cons_meter_id, distance_meter_id)
    values (${id}, ${site}, 'BENCH1', 'Toyota', 'Hilux', 2020, 5, 2.8, 9.5, 1, 1, ${energy?.energy_id ?? 0},
      '2020-01-01', ${fuel}, ${distance}) returning id`);
  const year = Number(org.last.slice(0, 4));
  const spec = {
    baselineYear: year - 2,
    baselineYearEnd: 'CY',
    consFrom: 'DERIVE',
    baselineCons: null,
    profileFrom: 'DERIVE',
    profile: null,
    targets: [{ perc: 30, year: year + 4 }],
  };
  const target = await one(sql`insert into targets (organisation_id, name, spec)
    values (${id}, 'Bench 30% by the fifth year', ${JSON.stringify(spec)}::jsonb) returning id`);
  for (let u = 0; u < 50; u++)
    await createMember(db, id, { loginId: `bench.first.member${u}`, accessId: u % 2 ? 3 : 2 });
  // Statistics as autovacuum would have them on a live database: without them the planner takes the fresh
  // tables for empty and nests loops over 72,000 invoices.
  await db.execute(sql`analyze`);
  return {
    id,
    meter,
    site,
    entity,
    siteGroup,
    meterGroup,
    grouping,
    vehicle,
    card,
    target,
    month: org.last.slice(0, 7).replace('-', ''),
    year,
    monthOfYear: Number(org.last.slice(5, 7)),
  };
}

/**
 * Every page's first call (docs/performance.md, Every page's first call): the call that fills the page once
 * the session is known, from the spec's screens (core-portal.md 2, data-portal.md 2) and the web's routes. The
 * page frame's calls (the session, the menu) are the sessions bench's; pages that ask nothing before a choice
 * (help, the time-series builder before a source) are left out. Routes name the bench's assets as `:id` (the
 * organisation), `:meter`, `:site`, `:entity`, `:siteGroup`, `:meterGroup`, `:grouping`, `:vehicle`, `:card`,
 * `:target`, `:month` (yyyyMM), `:year` and `:yearEnd`.
 */
export const FIRST_CALLS: FirstCall[] = [
  ...group('Dashboard and organisation', [
    ['dashboard (yearly comparison, kWh)', '/dashboard/yearly-comparison-cons'],
    ['dashboard (yearly comparison, kg CO2e)', '/dashboard/yearly-comparison-co2e'],
    ['dashboard (monthly savings)', '/dashboard/monthly-savings-cons'],
    ['dashboard (gainers and losers)', '/dashboard/gainers-and-losers'],
    ['dashboard favourite reports', '/current-user/favourite-reports'],
    ['organisation overview (sites by kWh)', '/organisations/:id/site-cons-list/:month'],
    ['organisation overview (highest emitters)', '/organisations/:id/emissions-list/:month'],
    ['organisation overview (most alerts)', '/organisations/:id/site-alerts-list'],
    ['organisation settings', '/organisations/:id'],
    ['GHG Reporting Settings (ledger status)', '/organisations/:id/ledger-status'],
    ['GHG Reporting Settings (factor sources)', '/organisations/:id/factor-sources'],
    ['organisation history', '/organisations/:id/history'],
    ['organisation files', '/organisations/:id/files'],
    ['rates (TOU contracts)', '/organisations/:id/tou-contracts'],
    ['scope 2 instruments', '/organisations/:id/scope2-instruments'],
    ['switch organisation', '/current-user/available-orgs'],
    ['my details', '/current-user/user-details'],
  ]),
  ...group('Sites, data sources, entities', [
    ['sites', '/organisations/:id/sites'],
    ['site page (overview graph)', '/sites/:site/asset-graph-data/cons/:year/year-end/:yearEnd'],
    ['site page (details)', '/sites/:site'],
    ['site data sources', '/sites/:site/data-sources'],
    ['site entities', '/sites/:site/entities'],
    ['data sources list', '/organisations/:id/data-sources'],
    ['data source page (details)', '/meters/:meter'],
    ['data source page (overview graph)', '/meters/:meter/asset-graph-data/v2/cons/:year/year-end/:yearEnd'],
    ['data source invoices', '/meters/:meter/invoices'],
    ['data source notes', '/meters/:meter/comments'],
    ['data source distribution', '/meters/:meter/energy-distribution'],
    ['data source half-hour (availability)', '/meters/:meter/half-hour-data/availability'],
    ['entities', '/organisations/:id/entities'],
    ['entity page (details)', '/entities/:entity'],
    ['entity page (figures)', '/entities/:entity/figures'],
  ]),
  ...group('Fleet', [
    ['fleet (vehicles)', '/organisations/:id/fleet'],
    ['vehicle page', '/vehicles/:vehicle'],
    ['fuel card page', '/fuelcards/:card'],
  ]),
  ...group('Groups and targets', [
    ['groups (site groupings)', '/organisations/site-group-groupings'],
    ['groups (meter groupings)', '/organisations/meter-group-groupings'],
    ['site group page', '/site-groups/:siteGroup'],
    ['site group members', '/site-groups/:siteGroup/sites/details'],
    ['meter group page', '/meter-groups/:meterGroup'],
    ['grouping page', '/site-groups/groupings/:grouping'],
    ['grouping asset distribution', '/site-groups/groupings/:grouping/asset-distribution'],
    ['targets', '/organisations/:id/targets'],
    ["target's performance report", '/organisations/:id/reports/performance-against-targets?target=:target'],
    ["grouping's performance report", '/site-groupings/:grouping/reports/performance-against-targets'],
  ]),
  ...group('Reports and graphs', [
    ['graphs (what the organisation measures)', '/organisations/:id/quantities-measured'],
    ['ghg (emissions by activity and scope)', '/charts/co2e-scope-activity'],
    ['reports catalogue', '/organisations/:id/reporting/reports'],
    ['compliance report pages', '/organisations/:id/reporting/comp-reports/pages'],
    ['emailed reports (register)', '/admin/org-emailed-reports/:id'],
    ['benchmark (sets)', '/benchmark-sets'],
    ['benchmark (an entity)', '/data/reporting/reports/benchmark/entity/:entity/level/1'],
    ['commissioning', '/data/reporting/reports/commissioning'],
    ['public datasets', '/public-datasets'],
    ['grid intensity', '/grid-intensity-series'],
  ]),
  ...group('Administration', [
    ['users', '/users'],
    ['jobs (organisation)', '/organisations/:id/jobs'],
    ['loading (load jobs)', '/loading/jobs'],
    ['portals', '/data-entry-portals/portals'],
    ['estimated reads', '/organisations/:id/estimated-reads-report'],
    ['invoice entry', '/organisations/:id/invoices-reports'],
    ['notifications', '/admin/notifications'],
    ['jobs centre /tools', '/tools/jobs', 'product'],
    ['catalogue /setup (data types)', '/lookups/admin-lists/energy-types', 'product'],
    ['emission factor editions', '/admin/emission-factor-editions', 'product'],
    ['retailers', '/admin/retailers', 'product'],
    ['deleted assets', '/admin/deleted-assets/sites', 'product'],
    ['email processing (parked items)', '/admin/email-processing/parked', 'product'],
    ['email processing templates', '/admin/email-processing/templates', 'product'],
  ]),
];

function group(name: string, rows: [string, string, ('org' | 'product')?][]): FirstCall[] {
  return rows.map(([page, route, as]) => ({ group: name, page, route, as: as ?? 'org' }));
}

/** The call's URL for the bench organisation: each `:name` of the route replaced by the asset's id. */
export function urlOf(route: string, a: PageAssets) {
  const values: Record<string, string | number> = { ...a, yearEnd: a.monthOfYear };
  return `/api${route.replace(/:([a-zA-Z]+)/g, (m, name: string) => String(values[name] ?? m))}`;
}
