import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** What the consumption, transactions and half-hour calls need to know of a live meter. */
export type InputMeter = {
  id: number;
  name: string;
  meterType: number;
  level: number;
  inheritSubmeter: boolean;
  meterOpen: string | null;
  meterClose: string | null;
  unitId: number | null;
  unit: string | null;
  loadGroup: number | null;
  /** The data type's grouping (Electricity, Diesel, ...): a type 7 meter of a liquid fuel is a fuel card. */
  grouping: string | null;
  /** The vehicle whose fuel or distance meter this is, if any. */
  vehicleId: number | null;
};

/** A live meter of the organisation (undefined when it is not one of its meters). */
export async function inputMeter(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
): Promise<InputMeter | undefined> {
  const rows = await db.execute<InputMeter>(sql`
    select m.id, m.local_name as "name", m.meter_type as "meterType", m.metlvl_id as "level",
      m.inherit_submeter as "inheritSubmeter", m.meter_open::text as "meterOpen",
      m.meter_close::text as "meterClose", m.unit_id as "unitId", u.name as "unit",
      m.load_group as "loadGroup", d.grouping,
      (select v.id from vehicles v where v.organisation_id = m.organisation_id
        and v.deleted_at is null and (v.cons_meter_id = m.id or v.distance_meter_id = m.id) limit 1)
        as "vehicleId"
    from meters m
    left join units u on u.id = m.unit_id left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.id = ${meterId} and m.deleted_at is null`);
  return rows.rows[0];
}
