import type { DbOrTx } from '@verdant/db/client';
import { ACCESS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { GRANT_RANK } from './asset-rights';
import {
  allows,
  type OrganisationRole,
  type Principal,
  type RoleColumns,
  roleFromColumns,
} from './organisation-roles';

/** A caller whose route's rule was checked in an organisation, with the role it found there. */
export interface CheckedCaller {
  principal: Principal;
  checked: { organisationId: number | null; role: OrganisationRole | undefined };
}

/**
 * Whether the caller's rule already established that they see every asset of the organisation: a product
 * administrator, or an administrator of it who may enter it (the role the rule read with the session). Asset
 * rights never narrow what an administrator sees, so no statement is needed (docs/decisions/performance.md,
 * Administrators see everything without a statement).
 */
export function seesEverything(caller: CheckedCaller, organisationId: number): boolean {
  if (caller.principal.productAdmin) return true;
  const { checked } = caller;
  return (
    checked.organisationId === organisationId &&
    checked.role?.admin === true &&
    allows(caller.principal, checked.role, 'enter')
  );
}

/** `visibleMeters` for a caller whose rule was checked: none asked of the database when they see everything. */
export function visibleMetersOf(
  db: DbOrTx,
  caller: CheckedCaller,
  organisationId: number,
): Promise<number[] | null> {
  if (seesEverything(caller, organisationId)) return Promise.resolve(null);
  return visibleMeters(db, caller.principal, organisationId);
}

/**
 * The meters of an organisation the principal may see, for aggregates: null means all of them (no advanced
 * right narrows the view, or the principal administers the organisation), else the visible ids in id order.
 * One statement, whatever the number of meters: the grants are resolved over the meters in SQL, set by set,
 * with exactly `allowedOf`'s rules for a meter (the most specific grant wins: the meter, its site, a group of
 * its site or of the meter, the organisation; between equally specific ones the one giving more rights; with
 * no grant, the organisation level).
 */
export async function visibleMeters(
  db: DbOrTx,
  principal: Principal,
  organisationId: number,
): Promise<number[] | null> {
  if (principal.productAdmin) return null;
  const u = principal.userId;
  const o = organisationId;
  // Pick makes the role's columns a mapped type, which the driver's row type accepts (an interface is not).
  const rows = await db.execute<
    Pick<RoleColumns, keyof RoleColumns> & { any_right: boolean; ids: number[] | null }
  >(sql`
    with grants as materialized (
      select asset_type, asset_id, right_id from advanced_rights where user_id = ${u} and organisation_id = ${o}
    ),
    live as materialized (
      select m.id, m.site_id from meters m
      where m.organisation_id = ${o} and m.deleted_at is null and exists (select 1 from grants)
    ),
    candidates as (
      select l.id, 4 as specificity, g.right_id
        from grants g join live l on g.asset_type = 'meter' and l.id = g.asset_id
      union all
      select l.id, 3, g.right_id
        from grants g join live l on g.asset_type = 'site' and l.site_id = g.asset_id
      union all
      select l.id, 2, g.right_id
        from grants g
        join asset_groups ag on g.asset_type = 'site-group' and ag.organisation_id = ${o} and ag.id = g.asset_id
          and ag.member_type = 'site'
        join asset_group_members gm on gm.group_id = ag.id and gm.organisation_id = ${o}
        join live l on l.site_id = gm.asset_id
      union all
      select l.id, 2, g.right_id
        from grants g
        join asset_groups ag on g.asset_type = 'meter-group' and ag.organisation_id = ${o} and ag.id = g.asset_id
          and ag.member_type = 'meter'
        join asset_group_members gm on gm.group_id = ag.id and gm.organisation_id = ${o}
        join live l on l.id = gm.asset_id
    ),
    best as (
      select distinct on (id) id, right_id from candidates order by id, specificity desc, ${GRANT_RANK}
    ),
    whole as (
      select right_id from grants where asset_type = 'organisation' and asset_id = ${o}
      order by ${GRANT_RANK} limit 1
    )
    select o.status_id, m.access_id, m.admin, m.org_blocked, o.time_zone, o.reporting_year_end,
      o.emission_factor_data_source_id as factor_source_id, o.own_factors,
      exists (select 1 from grants) as any_right,
      (select array_agg(l.id order by l.id) from live l left join best b on b.id = l.id
        where coalesce(b.right_id, (select right_id from whole), m.access_id, ${ACCESS.barred}) <> ${ACCESS.barred}
      ) as ids
    from organisations o
    left join memberships m on m.organisation_id = o.id and m.user_id = ${u}
    where o.id = ${o}`);
  const r = rows.rows[0];
  if (!r?.any_right) return null;
  const role = roleFromColumns(principal, organisationId, r);
  if (!allows(principal, role, 'enter')) return [];
  if (role?.admin) return null;
  return r.ids ?? [];
}
