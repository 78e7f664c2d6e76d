import type { InstrumentBody } from '@verdant/contracts/scope2-instruments';
import type { DbOrTx } from '@verdant/db/client';
import { scope2Instruments } from '@verdant/db/schema/scope2';
import { andAmong } from '@verdant/db/sql-arrays';
import { and, eq, sql } from 'drizzle-orm';

/** SQL of the organisation's market-based scope 2 instruments. Every statement filters by organisation. */

export type InstrumentRow = {
  id: number;
  kind: 'certificates' | 'supplier-factor';
  meter_id: number | null;
  meter_name: string | null;
  site_name: string | null;
  retailer_id: number | null;
  retailer_name: string | null;
  date_from: string;
  date_till: string;
  mwh: string | null;
  rate: string;
  reference: string | null;
};

export async function listInstruments(db: DbOrTx, organisationId: number, id?: number) {
  const one = id === undefined ? sql`` : sql`and i.id = ${id}`;
  const rows = await db.execute<InstrumentRow>(sql`
    select i.id, i.kind, i.meter_id, m.local_name as meter_name, s.name as site_name, i.retailer_id,
      r.name as retailer_name, i.date_from::text, i.date_till::text, i.mwh::text, i.rate::text, i.reference
    from scope2_instruments i
    left join meters m on m.organisation_id = i.organisation_id and m.id = i.meter_id
    left join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    left join retailers r on r.id = i.retailer_id
    where i.organisation_id = ${organisationId} ${one}
    order by i.date_from desc, i.id desc`);
  return rows.rows;
}

/** The organisation's live electricity data sources (of the visible ones when given), by site and name. */
export async function electricityMeters(
  db: DbOrTx,
  organisationId: number,
  visible: number[] | null,
  id?: number,
) {
  const only = andAmong('m.id', visible);
  const one = id === undefined ? sql`` : sql`and m.id = ${id}`;
  const rows = await db.execute<{ id: number; name: string; site: string; retailer_id: number | null }>(sql`
    select m.id, m.local_name as name, s.name as site, m.retailer_id
    from meters m
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    join data_types d on d.id = m.energy_id and d.grouping = 'Electricity'
    where m.organisation_id = ${organisationId} and m.deleted_at is null ${only} ${one}
    order by lower(s.name), lower(m.local_name), m.id`);
  return rows.rows;
}

export async function electricityRetailers(db: DbOrTx, id?: number) {
  const one = id === undefined ? sql`` : sql`and id = ${id}`;
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, name from retailers where type in ('Electricity', 'Electricity and gas') ${one}
    order by lower(name)`);
  return rows.rows;
}

/** The live meters of the organisation a retailer supplies. */
export async function metersOfRetailer(db: DbOrTx, organisationId: number, retailerId: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from meters where organisation_id = ${organisationId} and retailer_id = ${retailerId}
      and deleted_at is null order by id`);
  return rows.rows.map((r) => r.id);
}

const values = (organisationId: number, b: InstrumentBody) => ({
  organisationId,
  kind: b.kind,
  meterId: b.meterId,
  retailerId: b.kind === 'certificates' ? null : b.retailerId,
  dateFrom: b.dateFrom,
  dateTill: b.dateTill,
  mwh: b.kind === 'certificates' && b.mwh !== null ? b.mwh.toFixed(3) : null,
  rate: b.rate.toFixed(10),
  reference: b.reference || null,
});

export async function insertInstrument(
  db: DbOrTx,
  organisationId: number,
  b: InstrumentBody,
  userId: number,
) {
  const [row] = await db
    .insert(scope2Instruments)
    .values({ ...values(organisationId, b), createdBy: userId })
    .returning({ id: scope2Instruments.id });
  return row?.id ?? 0;
}

export async function updateInstrument(db: DbOrTx, organisationId: number, id: number, b: InstrumentBody) {
  await db
    .update(scope2Instruments)
    .set({ ...values(organisationId, b), updatedAt: new Date() })
    .where(and(eq(scope2Instruments.organisationId, organisationId), eq(scope2Instruments.id, id)));
}

export async function deleteInstrument(db: DbOrTx, organisationId: number, id: number) {
  await db
    .delete(scope2Instruments)
    .where(and(eq(scope2Instruments.organisationId, organisationId), eq(scope2Instruments.id, id)));
}
