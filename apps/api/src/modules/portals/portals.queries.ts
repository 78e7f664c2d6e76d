import type { DbOrTx } from '@verdant/db/client';
import {
  customPortals,
  dataEntryPortals,
  portalContacts,
  portalEntries,
  portalQuantities,
} from '@verdant/db/schema/portals';
import { and, asc, eq, sql } from 'drizzle-orm';

export type PortalRow = typeof dataEntryPortals.$inferSelect;
export type EntryRow = typeof portalEntries.$inferSelect;

export type QuantityRow = {
  id: number;
  portalId: number;
  meterId: number;
  name: string;
  energyId: number;
  energyDescr: string;
  unitId: number | null;
  unit: string | null;
  entries: number;
};

export async function portals(db: DbOrTx, organisationId: number, portalId?: number) {
  return db
    .select()
    .from(dataEntryPortals)
    .where(
      and(
        eq(dataEntryPortals.organisationId, organisationId),
        portalId === undefined ? undefined : eq(dataEntryPortals.id, portalId),
      ),
    )
    .orderBy(asc(dataEntryPortals.name), asc(dataEntryPortals.id));
}

/** The portal at a public address (any organisation: the address is unique across them). */
export async function portalAtUrl(db: DbOrTx, url: string): Promise<PortalRow | undefined> {
  const [row] = await db
    .select()
    .from(dataEntryPortals)
    .where(sql`lower(${dataEntryPortals.url}) = lower(${url})`);
  return row;
}

export async function urlTaken(db: DbOrTx, url: string) {
  const rows = await db.execute(sql`select 1 from data_entry_portals where lower(url) = lower(${url})`);
  return rows.rows.length > 0;
}

/** Quantities of an organisation's portals (one portal's when named), with their data source's type and unit. */
export async function quantities(
  db: DbOrTx,
  organisationId: number,
  portalId?: number,
): Promise<QuantityRow[]> {
  const rows = await db.execute<QuantityRow>(sql`
    select q.id, q.portal_id as "portalId", q.meter_id as "meterId", q.name, m.energy_id as "energyId",
      coalesce(d.name, '') as "energyDescr", m.unit_id as "unitId", u.name as unit,
      (select count(*)::int from portal_entries e where e.organisation_id = q.organisation_id
        and e.quantity_id = q.id) as entries
    from portal_quantities q
    join meters m on m.organisation_id = q.organisation_id and m.id = q.meter_id
    left join data_types d on d.id = m.energy_id left join units u on u.id = m.unit_id
    where q.organisation_id = ${organisationId}
      ${portalId === undefined ? sql`` : sql`and q.portal_id = ${portalId}`}
    order by q.portal_id, q.position, q.id`);
  return rows.rows;
}

export async function contacts(db: DbOrTx, organisationId: number) {
  return db
    .select({ portalId: portalContacts.portalId, email: portalContacts.email })
    .from(portalContacts)
    .where(eq(portalContacts.organisationId, organisationId))
    .orderBy(asc(portalContacts.email));
}

export async function replaceContacts(
  db: DbOrTx,
  organisationId: number,
  portalId: number,
  emails: string[],
) {
  await db
    .delete(portalContacts)
    .where(and(eq(portalContacts.organisationId, organisationId), eq(portalContacts.portalId, portalId)));
  if (emails.length > 0)
    await db.insert(portalContacts).values(emails.map((email) => ({ organisationId, portalId, email })));
}

/** Entries of an organisation's portals (one portal's when named), newest period first. */
export async function entries(db: DbOrTx, organisationId: number, portalId?: number) {
  return db
    .select()
    .from(portalEntries)
    .where(
      and(
        eq(portalEntries.organisationId, organisationId),
        portalId === undefined ? undefined : eq(portalEntries.portalId, portalId),
      ),
    )
    .orderBy(sql`${portalEntries.periodStart} desc`, asc(portalEntries.id));
}

export async function entryOf(db: DbOrTx, organisationId: number, portalId: number, entryId: number) {
  const [row] = await db
    .select()
    .from(portalEntries)
    .where(
      and(
        eq(portalEntries.organisationId, organisationId),
        eq(portalEntries.portalId, portalId),
        eq(portalEntries.id, entryId),
      ),
    )
    .for('update');
  return row;
}

export async function updateEntry(
  db: DbOrTx,
  organisationId: number,
  entryId: number,
  values: Partial<typeof portalEntries.$inferInsert>,
) {
  await db
    .update(portalEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(portalEntries.organisationId, organisationId), eq(portalEntries.id, entryId)));
}

export async function insertEntry(db: DbOrTx, values: typeof portalEntries.$inferInsert) {
  const [row] = await db.insert(portalEntries).values(values).returning();
  if (!row) throw new Error('portal entry not inserted');
  return row;
}

export async function insertPortal(db: DbOrTx, values: typeof dataEntryPortals.$inferInsert) {
  const [row] = await db.insert(dataEntryPortals).values(values).returning();
  if (!row) throw new Error('portal not inserted');
  return row;
}

export async function updatePortal(
  db: DbOrTx,
  organisationId: number,
  portalId: number,
  values: Partial<typeof dataEntryPortals.$inferInsert>,
) {
  await db
    .update(dataEntryPortals)
    .set(values)
    .where(and(eq(dataEntryPortals.organisationId, organisationId), eq(dataEntryPortals.id, portalId)));
}

export async function insertQuantity(db: DbOrTx, values: typeof portalQuantities.$inferInsert) {
  const [row] = await db.insert(portalQuantities).values(values).returning();
  if (!row) throw new Error('quantity not inserted');
  return row;
}

export async function renameQuantity(
  db: DbOrTx,
  organisationId: number,
  portalId: number,
  meterId: number,
  name: string,
) {
  const rows = await db
    .update(portalQuantities)
    .set({ name })
    .where(
      and(
        eq(portalQuantities.organisationId, organisationId),
        eq(portalQuantities.portalId, portalId),
        eq(portalQuantities.meterId, meterId),
      ),
    )
    .returning({ id: portalQuantities.id });
  return rows.length > 0;
}

/** Locks a portal's quantity row (by its data source) for the rest of the transaction. */
export async function lockQuantity(db: DbOrTx, organisationId: number, portalId: number, meterId: number) {
  await db.execute(sql`select id from portal_quantities where organisation_id = ${organisationId}
    and portal_id = ${portalId} and meter_id = ${meterId} for update`);
}

export async function deleteQuantity(db: DbOrTx, organisationId: number, quantityId: number) {
  await db
    .delete(portalQuantities)
    .where(and(eq(portalQuantities.organisationId, organisationId), eq(portalQuantities.id, quantityId)));
}

/** A data source of the organisation that is live, with its type and unit (undefined when it is not one). */
export async function liveMeter(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{ id: number; name: string; energyId: number | null; unitId: number | null }>(
    sql`select id, local_name as name, energy_id as "energyId", unit_id as "unitId" from meters
      where organisation_id = ${organisationId} and id = ${meterId} and deleted_at is null`,
  );
  return rows.rows[0];
}

/** The grouping of a data type the organisation may use (undefined when it may not). */
export async function dataTypeGrouping(db: DbOrTx, organisationId: number, energyId: number) {
  const rows = await db.execute<{ grouping: string }>(sql`select grouping from data_types
    where id = ${energyId} and (organisation_id is null or organisation_id = ${organisationId})`);
  return rows.rows[0]?.grouping;
}

export async function organisationName(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ name: string }>(
    sql`select name from organisations where id = ${organisationId}`,
  );
  return rows.rows[0]?.name ?? '';
}

/** A data source's consumption records as (value, last day), oldest first: the page's last figure and range. */
export async function history(db: DbOrTx, organisationId: number, meterId: number, before: string) {
  const rows = await db.execute<{ units: string; dateFrom: string; dateTill: string }>(sql`
    select units::text as units, date_from::text as "dateFrom", date_till::text as "dateTill"
    from consumption_records
    where organisation_id = ${organisationId} and meter_id = ${meterId} and date_from < ${before}
    order by date_till, id`);
  return rows.rows.map((r) => ({ value: Number(r.units), dateFrom: r.dateFrom, dateTill: r.dateTill }));
}

export async function insertFile(
  db: DbOrTx,
  values: {
    organisationId: number;
    meterId: number;
    filename: string;
    contentType: string;
    sizeBytes: number;
    storageKey: string;
  },
) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into files (organisation_id, owner_type, owner_id, filename, content_type, size_bytes, storage_key)
    values (${values.organisationId}, 'meter', ${values.meterId}, ${values.filename}, ${values.contentType},
      ${values.sizeBytes}, ${values.storageKey})
    returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('file not inserted');
  return id;
}

export async function fileNames(db: DbOrTx, organisationId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.execute<{ id: number; filename: string }>(sql`
    select id, filename from files where organisation_id = ${organisationId}
      and id in (${sql.join(ids, sql`, `)})`);
  return new Map(rows.rows.map((r) => [r.id, r.filename]));
}

export async function userNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, coalesce(nullif(trim(concat_ws(' ', first_name, surname)), ''), email) as name from users
    where id in (${sql.join(ids, sql`, `)})`);
  return new Map(rows.rows.map((r) => [r.id, r.name]));
}

export async function customPortalList(db: DbOrTx, organisationId: number) {
  return db
    .select({ id: customPortals.id, name: customPortals.name, link: customPortals.link })
    .from(customPortals)
    .where(eq(customPortals.organisationId, organisationId))
    .orderBy(asc(customPortals.name), asc(customPortals.id));
}

export async function insertCustomPortal(db: DbOrTx, values: typeof customPortals.$inferInsert) {
  await db.insert(customPortals).values(values);
}
