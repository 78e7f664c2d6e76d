import type { AssetAction } from '@verdant/contracts/access';
import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { ACCESS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { allows, type OrganisationRole, type Principal, roleFromColumns } from './organisation-roles';

/** The rights engine's asset half: advanced rights over a list of assets, in one statement (./rights.ts). */

/** How the engine ranks equally specific grants: the one giving more rights first, barred last. */
export const GRANT_RANK = sql`case right_id when 2 then 0 when 3 then 1 when 4 then 2 else 3 end`;

export type AssetType = 'organisation' | 'site-group' | 'meter-group' | 'site' | 'entity' | 'meter';
export interface AssetRef {
  /** Vehicles are located (organisation, site) but take no grants of their own: their site's apply. */
  type: AssetType | 'vehicle';
  id: number;
}
export type { AssetAction };

export interface AssetAccess {
  /** False when the asset does not exist, is deleted, or belongs to another organisation. */
  inOrganisation: boolean;
  /** The level of the most specific advanced right over the asset, if any. */
  granted: number | null;
}

export const assetKey = (a: AssetRef) => `${a.type}:${a.id}`;

/**
 * Advanced rights over a list of assets, in one statement: each asset is located (organisation, site),
 * every grant of the user over it or its ancestors is collected, and the most specific one wins
 * (meter or entity over site over site or source group over organisation). Between two grants equally
 * specific (an asset in two groups), the one giving more rights wins. A grant on a group reaches the
 * group's members at the time of the check, not the group itself. Without an organisation, the one the
 * first asset listed in the directory of assets lives in is used (a rule on `/sites/:id` does not know it
 * beforehand): the statement itself always reads one organisation's rows (docs/scaling.md, Shard readiness).
 */
export async function assetAccess(
  db: DbOrTx,
  principal: Principal,
  organisationId: number | null,
  assets: readonly AssetRef[],
): Promise<{
  organisationId: number | null;
  role: OrganisationRole | undefined;
  access: Map<string, AssetAccess>;
}> {
  const access = new Map<string, AssetAccess>();
  const o = organisationId ?? (await directoryOrganisation(db, assets));
  if (o === null) return { organisationId: null, role: undefined, access };
  const input = JSON.stringify(assets.map((a) => ({ type: a.type, id: a.id })));
  const rows = await db.execute<{
    organisation_id: number | null;
    asset_type: AssetRef['type'] | null;
    asset_id: number | null;
    in_org: boolean | null;
    granted: number | null;
    status_id: number | null;
    access_id: number | null;
    admin: boolean | null;
    org_blocked: boolean | null;
    time_zone: string;
    reporting_year_end: number;
    factor_source_id: number | null;
    own_factors: boolean;
  }>(sql`
    with input as (
      select x.type as asset_type, x.id as asset_id from jsonb_to_recordset(${input}::jsonb) as x(type text, id int)
    ),
    located as materialized (
      select i.asset_type, i.asset_id,
        case i.asset_type
          when 'organisation' then (select o.id from organisations o where o.id = i.asset_id)
          when 'site' then (select s.organisation_id from sites s where s.organisation_id = ${o} and s.id = i.asset_id and s.deleted_at is null)
          when 'meter' then (select m.organisation_id from meters m where m.organisation_id = ${o} and m.id = i.asset_id and m.deleted_at is null)
          when 'entity' then (select e.organisation_id from entities e where e.organisation_id = ${o} and e.id = i.asset_id and e.deleted_at is null)
          when 'vehicle' then (select v.organisation_id from vehicles v where v.organisation_id = ${o} and v.id = i.asset_id and v.deleted_at is null)
          when 'site-group' then (select g.organisation_id from asset_groups g where g.organisation_id = ${o} and g.id = i.asset_id and g.member_type = 'site')
          when 'meter-group' then (select g.organisation_id from asset_groups g where g.organisation_id = ${o} and g.id = i.asset_id and g.member_type = 'meter')
        end as organisation_id,
        case i.asset_type
          when 'site' then i.asset_id
          when 'meter' then (select m.site_id from meters m where m.organisation_id = ${o} and m.id = i.asset_id)
          when 'entity' then (select e.site_id from entities e where e.organisation_id = ${o} and e.id = i.asset_id)
          when 'vehicle' then (select v.site_id from vehicles v where v.organisation_id = ${o} and v.id = i.asset_id)
        end as site_id
      from input i
    ),
    role as (
      select o.id as organisation_id, o.status_id, m.access_id, m.admin, m.org_blocked, o.time_zone,
        o.reporting_year_end, o.emission_factor_data_source_id as factor_source_id, o.own_factors
      from organisations o
      left join memberships m on m.organisation_id = o.id and m.user_id = ${principal.userId}
      where o.id = ${o}
    ),
    grants as (
      select asset_type, asset_id, right_id from advanced_rights
      where user_id = ${principal.userId} and organisation_id = ${o}
    ),
    candidates as (
      select l.asset_type, l.asset_id, 4 as specificity, g.right_id
        from located l join grants g on g.asset_type = l.asset_type and g.asset_id = l.asset_id
        where l.asset_type in ('meter', 'entity')
      union all
      select l.asset_type, l.asset_id, 3, g.right_id
        from located l join grants g on g.asset_type = 'site' and g.asset_id = l.site_id
      union all
      select l.asset_type, l.asset_id, 2, g.right_id
        from located l
        join asset_group_members gm on gm.organisation_id = ${o} and gm.organisation_id = l.organisation_id
          and gm.asset_id = l.site_id
        join asset_groups ag on ag.organisation_id = ${o} and ag.id = gm.group_id and ag.member_type = 'site'
        join grants g on g.asset_type = 'site-group' and g.asset_id = ag.id
      union all
      select l.asset_type, l.asset_id, 2, g.right_id
        from located l
        join asset_group_members gm on l.asset_type = 'meter' and gm.organisation_id = ${o}
          and gm.organisation_id = l.organisation_id and gm.asset_id = l.asset_id
        join asset_groups ag on ag.organisation_id = ${o} and ag.id = gm.group_id and ag.member_type = 'meter'
        join grants g on g.asset_type = 'meter-group' and g.asset_id = ag.id
      union all
      select l.asset_type, l.asset_id, 1, g.right_id
        from located l join grants g on g.asset_type = 'organisation' and g.asset_id = ${o}
    ),
    best as (
      select distinct on (asset_type, asset_id) asset_type, asset_id, right_id from candidates
      order by asset_type, asset_id, specificity desc, ${GRANT_RANK}
    )
    select r.organisation_id, r.status_id, r.access_id, r.admin, r.org_blocked, r.time_zone,
      r.reporting_year_end, r.factor_source_id, r.own_factors, l.asset_type, l.asset_id,
      l.organisation_id = r.organisation_id as in_org, b.right_id as granted
    from role r left join located l on true
    left join best b on b.asset_type = l.asset_type and b.asset_id = l.asset_id
  `);
  let role: OrganisationRole | undefined;
  let located: number | null = organisationId;
  for (const r of rows.rows) {
    if (r.status_id !== null && r.organisation_id !== null) {
      located = r.organisation_id;
      role = roleFromColumns(principal, r.organisation_id, { ...r, status_id: r.status_id });
    }
    if (r.asset_type !== null && r.asset_id !== null) {
      access.set(assetKey({ type: r.asset_type, id: r.asset_id }), {
        inOrganisation: r.in_org === true,
        granted: r.granted,
      });
    }
  }
  return { organisationId: located, role, access };
}

/**
 * The organisation of the first of the assets that the directory of assets lists (migration
 * 0062_asset_organisations): a reference table, so a call that names an asset by its id alone learns the
 * organisation without reading any organisation's rows (docs/scaling.md, Shard readiness). An organisation
 * names itself.
 */
export async function directoryOrganisation(
  db: DbOrTx,
  assets: readonly { type: string; id: number }[],
): Promise<number | null> {
  if (assets.length === 0) return null;
  // The kinds are the engine's own words (no comma nor quote), so a plain array literal holds them.
  const kinds = `{${assets.map((a) => a.type).join(',')}}`;
  const rows = await db.execute<{ organisation_id: number }>(sql`
    select coalesce(d.organisation_id, o.id) as organisation_id
    from unnest(${kinds}::text[], ${intArray(assets.map((a) => a.id))}) with ordinality as x(kind, id, n)
    left join asset_organisations d on x.kind <> 'organisation' and d.kind = x.kind and d.id = x.id
    left join organisations o on x.kind = 'organisation' and o.id = x.id
    where coalesce(d.organisation_id, o.id) is not null
    order by x.n limit 1`);
  const found = rows.rows[0];
  return found ? Number(found.organisation_id) : null;
}

/**
 * Decides one action on one asset. Product and organisation administrators hold every right in their
 * organisation; anyone else holds the most specific advanced right, else their organisation level.
 */
export function allowsAsset(
  principal: Principal,
  role: OrganisationRole | undefined,
  access: AssetAccess | undefined,
  action: AssetAction,
): boolean {
  if (!access?.inOrganisation) return false;
  if (!allows(principal, role, 'enter')) return false;
  if (principal.productAdmin || role?.admin) return true;
  const level = access.granted ?? role?.accessId ?? ACCESS.barred;
  if (level === ACCESS.barred) return false;
  return action === 'view' || level < ACCESS.observer;
}

/** `can(user, action, assets[])`: one answer per asset, in order, from one query however long the list. */
export async function canOnAssets(
  db: DbOrTx,
  principal: Principal,
  action: AssetAction,
  organisationId: number,
  assets: readonly AssetRef[],
): Promise<boolean[]> {
  const { role, access } = await assetAccess(db, principal, organisationId, assets);
  return assets.map((a) => allowsAsset(principal, role, access.get(assetKey(a)), action));
}

/** Whether the principal holds any advanced right in the organisation (only then can a list be narrowed). */
export async function hasAdvancedRights(
  db: DbOrTx,
  principal: Principal,
  organisationId: number,
): Promise<boolean> {
  const rows = await db.execute<{ any: boolean }>(sql`
    select exists (select 1 from advanced_rights
      where user_id = ${principal.userId} and organisation_id = ${organisationId}) as any`);
  return rows.rows[0]?.any === true;
}

/**
 * The items the principal may act on, in their order: one query for the whole list. `refOf` names the asset
 * each item is (defaults to the item itself).
 */
export async function allowedOf<T>(
  db: DbOrTx,
  principal: Principal,
  action: AssetAction,
  organisationId: number,
  items: readonly T[],
  refOf: (item: T) => AssetRef = (item) => item as unknown as AssetRef,
): Promise<T[]> {
  const allowed = await canOnAssets(db, principal, action, organisationId, items.map(refOf));
  return items.filter((_, i) => allowed[i]);
}
