import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** A meter's pending alerts, their scheduling and sending to the organisation's contacts. */

/** The meter's pending alerts, newest first. */
export async function pendingAlerts(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{ id: number; message: string; link: string | null; date: string }>(sql`
    select a.id, a.message, a.link, a.alert_date::text as date from meter_alerts a
    where a.organisation_id = ${organisationId} and a.meter_id = ${meterId} and a.status = 'pending'
    order by a.alert_date desc, a.id desc`);
  return rows.rows;
}

/** Schedules or deletes one pending alert; answers the alert as it was, or nothing when not pending. */
export async function resolveAlert(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  alertId: number,
  status: 'scheduled' | 'deleted',
  comment: string | null,
  userId: number,
) {
  const rows = await db.execute<{ id: number; message: string }>(sql`
    update meter_alerts set status = ${status}, comment = ${comment}, resolved_by = ${userId}, resolved_at = now()
    where organisation_id = ${organisationId} and meter_id = ${meterId} and id = ${alertId} and status = 'pending'
    returning id, message`);
  return rows.rows[0];
}

export type ScheduledAlert = {
  id: number;
  organisation_id: number;
  organisation: string;
  meter_id: number;
  meter: string;
  site: string;
  message: string;
  link: string | null;
  date: string;
  comment: string | null;
  alert_recipient: string | null;
};

/** Every alert scheduled for sending, locked when sending (a second run waits and then finds them sent). */
export async function scheduledAlerts(db: DbOrTx, lock: boolean) {
  const rows = await db.execute<ScheduledAlert>(sql`
    select a.id, a.organisation_id, o.name as organisation, a.meter_id, m.local_name as meter, s.name as site,
      a.message, a.link, a.alert_date::text as date, a.comment, m.alert_recipient
    from meter_alerts a
    join organisations o on o.id = a.organisation_id
    join meters m on m.organisation_id = a.organisation_id and m.id = a.meter_id
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    where a.status = 'scheduled' and m.deleted_at is null
    order by o.name, a.organisation_id, s.name, m.local_name, a.alert_date, a.id
    ${lock ? sql`for update of a` : sql``}`);
  return rows.rows;
}

/** The organisation's administrators and primary contacts who are not blocked: who receives its alerts. */
export async function alertContacts(db: DbOrTx, organisationIds: readonly number[]) {
  if (organisationIds.length === 0) return [];
  const rows = await db.execute<{ organisation_id: number; email: string }>(sql`
    select ms.organisation_id, u.email from memberships ms join users u on u.id = ms.user_id
    where ms.organisation_id = any(${intArray(organisationIds)}) and (ms.admin or ms.access_id = 2)
      and not ms.org_blocked and u.status_id = 1 and u.email is not null
    order by ms.organisation_id, lower(u.email)`);
  return rows.rows;
}

export async function markSent(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update meter_alerts set status = 'sent', sent_at = now() where id = any(${intArray(ids)})`,
  );
}
