import type { DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** The organisation's live data sources among those given (null: all), by site then name. */
export async function organisationMeters(
  db: DbOrTx,
  organisationId: number,
  visible: readonly number[] | null,
) {
  const seen = andAmong('m.id', visible);
  const rows = await db.execute<{
    id: number;
    name: string;
    siteId: number;
    site: string;
    energyId: number | null;
    energy: string | null;
    unit: string | null;
    meterType: number;
    closed: boolean;
  }>(sql`
    select m.id, m.local_name as name, s.id as "siteId", s.name as site, m.energy_id as "energyId",
      d.name as energy, u.name as unit, m.meter_type as "meterType", m.meter_close is not null as closed
    from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    left join data_types d on d.id = m.energy_id
    left join units u on u.id = m.unit_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null and s.deleted_at is null ${seen}
    order by lower(s.name), lower(m.local_name), m.id`);
  return rows.rows;
}
