import { type AdminCheck, type AdminCheckName, CHECK_TITLES } from '@verdant/contracts/catalogue-checks';
import type { Db } from '@verdant/db/client';
import { type SQL, sql } from 'drizzle-orm';

/** At most this many findings are listed (the count is the whole). */
const SHOWN = 500;

type Found = { label: string; detail: string; link: string };

/**
 * The six admin checks (docs/decisions/catalogue.md, Admin checks), each one statement answering what it found:
 * a label, a detail and the web page to mend it on.
 */
const CHECKS: Record<AdminCheckName, SQL> = {
  'meters-without-data-type': sql`
    select m.local_name || ' (' || o.name || ')' as label, 'No data type: its figures count nothing' as detail,
      '/data-sources/' || m.id as link
    from meters m join organisations o on o.id = m.organisation_id
    where m.deleted_at is null and m.energy_id is null order by o.name, m.local_name, m.id`,
  'factor-gaps': sql`
    with f as (
      select f.data_type_id, f.scope, f.scope2_basis, f.start_date, f.end_date,
        max(coalesce(f.end_date, 'infinity'::date)) over (partition by f.data_type_id, f.scope, f.scope2_basis
          order by f.start_date rows between unbounded preceding and 1 preceding) as covered_till
      from emission_factors f join emission_factor_sources s on s.id = f.source_id and s.is_default
      left join emission_factor_editions e on e.id = f.edition_id
      where e.id is null or e.status = 'published'
    )
    select d.name as label,
      'Scope ' || f.scope || coalesce(' ' || f.scope2_basis, '') || ': no factor from ' || (f.covered_till + 1)::text
        || ' to ' || (f.start_date - 1)::text as detail,
      '/setup?type=' || d.id as link
    from f join data_types d on d.id = f.data_type_id
    where f.covered_till is not null and f.start_date > f.covered_till + 1 and not d.retired
    order by d.name, f.scope, f.start_date`,
  'composites-not-100': sql`
    select d.name as label, 'Components total ' || trim_scale(sum(c.percentage))::text || ' %' as detail,
      '/setup?type=' || d.id as link
    from data_types d join composite_components c on c.composite_id = d.id
    group by d.id, d.name having sum(c.percentage) <> 100 order by d.name`,
  'retired-type-units': sql`
    select m.local_name || ' (' || o.name || ')' as label,
      'Measured in ' || u.name || ' of ' || d.name || ', which is retired' as detail, '/data-sources/' || m.id as link
    from meters m join organisations o on o.id = m.organisation_id join units u on u.id = m.unit_id
    join data_types d on d.id = u.data_type_id
    where m.deleted_at is null and d.retired order by o.name, m.local_name, m.id`,
  'own-sets-missing-scope': sql`
    with own as (
      select distinct s.id as source_id, s.name as source_name, s.organisation_id, f.data_type_id
      from emission_factor_sources s join emission_factors f on f.source_id = s.id
      where s.organisation_id is not null
    ),
    default_scopes as (
      select distinct f.data_type_id, f.scope from emission_factors f
      join emission_factor_sources s on s.id = f.source_id and s.is_default
    )
    select o.name || ': ' || own.source_name as label,
      d.name || ' has no scope ' || ds.scope || ' factor (the default set has one)' as detail,
      '/organisations/' || o.id as link
    from own join default_scopes ds on ds.data_type_id = own.data_type_id
    join organisations o on o.id = own.organisation_id join data_types d on d.id = own.data_type_id
    where not exists (select 1 from emission_factors f where f.source_id = own.source_id
      and f.data_type_id = own.data_type_id and f.scope = ds.scope)
    order by o.name, own.source_name, d.name, ds.scope`,
  'inputs-after-close': sql`
    with late as (
      select im.meter_id, max(i.date_till) as last from invoice_meters im
        join invoices i on i.organisation_id = im.organisation_id and i.id = im.invoice_id
      group by im.meter_id
      union all select meter_id, max(date_till) from consumption_records group by meter_id
      union all select meter_id, max(tx_date) from transactions group by meter_id
      union all select meter_id, max(purchase_date) from fuel_purchases group by meter_id
    )
    select m.local_name || ' (' || o.name || ')' as label,
      'Closed ' || m.meter_close::text || '; inputs until ' || max(l.last)::text as detail,
      '/data-sources/' || m.id as link
    from meters m join organisations o on o.id = m.organisation_id join late l on l.meter_id = m.id
    where m.deleted_at is null and m.meter_close is not null
    group by m.id, m.local_name, o.name, m.meter_close having max(l.last) > m.meter_close
    order by o.name, m.local_name, m.id`,
};

export function createAdminChecksService({ db }: { db: Db }) {
  return {
    async run(name: AdminCheckName): Promise<AdminCheck> {
      const rows = await db.execute<Found>(CHECKS[name]);
      return { name, title: CHECK_TITLES[name], count: rows.rows.length, found: rows.rows.slice(0, SHOWN) };
    },
  };
}

export type AdminChecksService = ReturnType<typeof createAdminChecksService>;
