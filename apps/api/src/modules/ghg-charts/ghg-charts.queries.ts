import type { DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** SQL of the GHG charts: the organisation's settings, groupings with their groups and members, activity names. */

export type GroupingRow = { id: number; name: string; type: 'site' | 'meter'; controlled: boolean };

export async function findGrouping(db: DbOrTx, organisationId: number, type: 'site' | 'meter', id: number) {
  const rows = await db.execute<GroupingRow>(sql`
    select id, name, member_type as type, controlled from groupings
    where organisation_id = ${organisationId} and id = ${id} and member_type = ${type}`);
  return rows.rows[0];
}

export type GroupMembers = { id: number; name: string; members: number[] };

/** The groups of a grouping with their members' ids (sites or meters), by name. */
export async function groupsOf(db: DbOrTx, organisationId: number, groupingId: number) {
  const rows = await db.execute<GroupMembers>(sql`
    select g.id, g.name,
      coalesce(array_agg(m.asset_id order by m.asset_id) filter (where m.asset_id is not null), '{}') as members
    from asset_groups g
    left join asset_group_members m on m.organisation_id = g.organisation_id and m.group_id = g.id
    where g.organisation_id = ${organisationId} and g.grouping_id = ${groupingId}
    group by g.id order by lower(g.name), g.id`);
  return rows.rows;
}

/**
 * The names of the activities the organisation's figures can name: the catalogue's data types and its own (a few
 * hundred rows at most), read beside the figures rather than after them.
 */
export async function activities(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number; name: string; grouping: string }>(sql`
    select id, name, grouping from data_types where organisation_id is null or organisation_id = ${organisationId}`);
  return rows.rows;
}

export type LiveMeter = {
  id: number;
  site_id: number;
  energy_id: number | null;
  meter_type: number;
  metlvl_id: number;
  meter_open: string | null;
  meter_close: string | null;
  reporting: number;
  reporting_source: string;
  situation: string;
};

/** The organisation's live meters the caller may see (null: all), with what decides their days open. */
export async function liveMeters(db: DbOrTx, organisationId: number, visible: number[] | null) {
  const only = andAmong('id', visible);
  const rows = await db.execute<LiveMeter>(sql`
    select id, site_id, energy_id, meter_type, metlvl_id, meter_open::text, meter_close::text, reporting,
      reporting_source, situation
    from meters where organisation_id = ${organisationId} and deleted_at is null ${only}`);
  return rows.rows;
}
