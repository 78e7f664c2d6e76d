import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { AssetRef } from '../../lib/rights';

type AssetType = AssetRef['type'];

export interface Candidate {
  type: AssetType;
  id: number;
  name: string;
  context: string | null;
}

/** Assets of one type in an organisation whose name contains the text, shortest names first. */
export async function findAssets(
  db: DbOrTx,
  organisationId: number,
  type: AssetType,
  text: string,
  limit: number,
) {
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const source = {
    organisation: sql`select o.id, o.name, null::text as context from organisations o where o.id = ${organisationId} and o.name ilike ${like}`,
    'site-group': sql`select g.id, g.name, null::text from asset_groups g where g.organisation_id = ${organisationId} and g.member_type = 'site' and g.name ilike ${like}`,
    'meter-group': sql`select g.id, g.name, null::text from asset_groups g where g.organisation_id = ${organisationId} and g.member_type = 'meter' and g.name ilike ${like}`,
    site: sql`select s.id, s.name, null::text from sites s where s.organisation_id = ${organisationId} and s.deleted_at is null and s.name ilike ${like}`,
    entity: sql`select e.id, e.name, s.name from entities e join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id where e.organisation_id = ${organisationId} and e.deleted_at is null and e.name ilike ${like}`,
    meter: sql`select m.id, m.local_name, s.name from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id where m.organisation_id = ${organisationId} and m.deleted_at is null and m.local_name ilike ${like}`,
    vehicle: sql`select v.id, v.registration, s.name from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id where v.organisation_id = ${organisationId} and v.deleted_at is null and v.registration ilike ${like}`,
  }[type];
  const rows = await db.execute<{ id: number; name: string; context: string | null }>(
    sql`select * from (${source}) as found(id, name, context) order by length(name), lower(name), id limit ${limit}`,
  );
  return rows.rows.map((r): Candidate => ({ type, id: r.id, name: r.name, context: r.context }));
}

/** Every asset of one type in an organisation, by name (the browse panel; sizes stay in the thousands). */
export async function browseAssets(db: DbOrTx, organisationId: number, type: AssetType, openOnly = false) {
  const open = openOnly ? sql` and s.site_close is null` : sql``;
  const source = {
    organisation: sql`select o.id, o.name, null::text as context from organisations o where o.id = ${organisationId}`,
    'site-group': sql`select g.id, g.name, null::text from asset_groups g where g.organisation_id = ${organisationId} and g.member_type = 'site'`,
    'meter-group': sql`select g.id, g.name, null::text from asset_groups g where g.organisation_id = ${organisationId} and g.member_type = 'meter'`,
    site: sql`select s.id, s.name, null::text from sites s where s.organisation_id = ${organisationId} and s.deleted_at is null${open}`,
    entity: sql`select e.id, e.name, s.name from entities e join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id where e.organisation_id = ${organisationId} and e.deleted_at is null and s.deleted_at is null`,
    meter: sql`select m.id, m.local_name, s.name from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id where m.organisation_id = ${organisationId} and m.deleted_at is null and s.deleted_at is null`,
    vehicle: sql`select v.id, v.registration, s.name from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id where v.organisation_id = ${organisationId} and v.deleted_at is null and s.deleted_at is null`,
  }[type];
  const rows = await db.execute<{ id: number; name: string; context: string | null }>(
    sql`select * from (${source}) as found(id, name, context) order by lower(name), id`,
  );
  return rows.rows.map((r): Candidate => ({ type, id: r.id, name: r.name, context: r.context }));
}
