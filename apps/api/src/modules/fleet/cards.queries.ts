import type { DbOrTx } from '@verdant/db/client';
import { vehicles } from '@verdant/db/schema/vehicles';
import { and, eq, isNull, sql } from 'drizzle-orm';

/** Fleet SQL: every query by id also filters by the organisation. */

/* Fuel cards: card meters and the vehicles their purchases name. */

export async function cardNameTaken(db: DbOrTx, organisationId: number, name: string) {
  const rows = await db.execute<{ id: number }>(sql`select m.id from meters m
    where m.organisation_id = ${organisationId} and m.deleted_at is null and m.meter_type = 7
      and upper(m.local_name) = upper(${name})
      and not exists (select 1 from vehicles v where v.organisation_id = m.organisation_id and v.cons_meter_id = m.id)
    limit 1`);
  return rows.rows.length > 0;
}

export type CardRow = {
  id: number;
  name: string;
  site_id: number;
  site: string;
  energy_id: number;
  fuel: string;
  grouping: string;
  unit_id: number;
};

/** A live fuel card: a type 7 meter of a liquid fuel that no vehicle owns. */
export async function findCard(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db.execute<CardRow>(sql`select m.id, m.local_name as name, m.site_id, s.name as site,
      m.energy_id, d.name as fuel, d.grouping, m.unit_id
    from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.id = ${id} and m.deleted_at is null and m.meter_type = 7
      and not exists (select 1 from vehicles v where v.organisation_id = m.organisation_id
        and (v.cons_meter_id = m.id or v.distance_meter_id = m.id))`);
  return rows.rows[0];
}

/** The live vehicle with a registration, for matching card purchases. */
export async function vehicleByRegistration(db: DbOrTx, organisationId: number, registration: string) {
  const [row] = await db
    .select({ id: vehicles.id, fuelId: vehicles.fuelId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.organisationId, organisationId),
        eq(vehicles.registration, registration),
        isNull(vehicles.deletedAt),
      ),
    );
  return row;
}
