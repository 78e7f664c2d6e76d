import { randomBytes } from 'node:crypto';
import {
  addDays,
  dueDateOf,
  type Period,
  type PortalPeriod,
  recentPeriods,
} from '@verdant/domain/portals/periods';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { recomputeFacts } from './ledger/recompute';
import { meters } from './schema/assets';
import { consumptionRecords } from './schema/inputs';
import {
  customPortals,
  dataEntryPortals,
  portalContacts,
  portalEntries,
  portalQuantities,
} from './schema/portals';

const key = () => randomBytes(24).toString('base64url');

async function typeOf(db: DbOrTx, grouping: string) {
  const rows = await db.execute<{ id: number; unit_id: number }>(sql`
    select d.id, u.id as unit_id from data_types d join units u on u.data_type_id = d.id
    where d.grouping = ${grouping} and d.organisation_id is null and not d.retired
    order by d.id, u.conversion_to_standard = 1 desc, u.id limit 1`);
  const row = rows.rows[0];
  if (!row) throw new Error(`no ${grouping} data type`);
  return { energyId: row.id, unitId: row.unit_id };
}

/**
 * The demo's data-entry portals (docs/decisions/portals.md): a caretaker's monthly water readings and a
 * contractor's yearly diesel, each with a year or two of entries (two late, one sent back), their contacts, a
 * data source read by hand whose open month is not read yet (the journeys enter it through a new portal), and
 * a custom portal. The data sources are check meters read through the portal: they count in no total, so the
 * demo's figures are unchanged.
 */
export async function seedDemoPortals(
  db: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const [site] = (
    await db.execute<{ id: number }>(sql`select id from sites where organisation_id = ${organisationId}
      and name = 'Northern Depot' and deleted_at is null`)
  ).rows;
  if (!site) return;
  const water = await typeOf(db, 'Water');
  const diesel = await typeOf(db, 'Diesel');
  const meter = async (localName: string, type: { energyId: number; unitId: number }, meterOpen: string) => {
    const [row] = await db
      .insert(meters)
      .values({ organisationId, siteId: site.id, localName, metlvlId: 2, meterType: 8, meterOpen, ...type })
      .returning();
    if (!row) throw new Error('meter not inserted');
    return row;
  };
  const months = recentPeriods('Monthly', today, 13);
  const years = recentPeriods('Yearly (Government FY)', today, 2);
  const firstMonth = months.at(-1) as Period;
  const caretakerWater = await meter('Northern Depot caretaker water', water, firstMonth.start);
  const yardTap = await meter('Northern Depot yard tap water', water, firstMonth.start);
  const generator = await meter('Northern Depot generator diesel', diesel, (years.at(-1) as Period).start);

  // The yard tap: read by hand every month but the open one.
  await db.insert(consumptionRecords).values(
    months.slice(1).map((p, i) => ({
      organisationId,
      meterId: yardTap.id,
      unitId: water.unitId,
      dateFrom: p.start,
      dateTill: p.end,
      units: String(40 + ((i * 7) % 12)),
    })),
  );

  const portal = async (
    name: string,
    url: string,
    period: PortalPeriod,
    quantity: { name: string; meterId: number; unitId: number },
    periods: Period[],
    value: (i: number) => number,
    contact: string,
  ) => {
    const [p] = await db
      .insert(dataEntryPortals)
      .values({
        organisationId,
        siteId: site.id,
        name,
        url,
        period,
        dataSourcePrefix: 'Northern Depot',
        linkKey: key(),
      })
      .returning();
    if (!p) throw new Error('portal not inserted');
    const [q] = await db
      .insert(portalQuantities)
      .values({ organisationId, portalId: p.id, meterId: quantity.meterId, name: quantity.name })
      .returning();
    if (!q) throw new Error('quantity not inserted');
    await db.insert(portalContacts).values({ organisationId, portalId: p.id, email: contact });
    for (const [i, period] of periods.entries()) {
      const due = dueDateOf(period, p.dueDays);
      // Two entries came in late; the most recent one was sent back for a docket.
      const late = i === 2 || i === 5;
      const sentBack = i === 0;
      const [record] = await db
        .insert(consumptionRecords)
        .values({
          organisationId,
          meterId: quantity.meterId,
          unitId: quantity.unitId,
          dateFrom: period.start,
          dateTill: period.end,
          units: String(value(i)),
        })
        .returning();
      await db.insert(portalEntries).values({
        organisationId,
        portalId: p.id,
        quantityId: q.id,
        periodStart: period.start,
        periodEnd: period.end,
        value: String(value(i)),
        consumptionRecordId: record?.id ?? null,
        receipt: `R-${p.id}-DEMO${i}`,
        contactEmail: contact,
        status: sentBack ? 'sent back' : 'approved',
        reviewComment: sentBack
          ? 'Please attach a photo of the meter: the figure is much higher than usual.'
          : null,
        createdAt: new Date(`${addDays(due, late ? 4 : -3)}T09:00:00Z`),
      });
    }
  };
  // The open period (the newest) is still due: entries are for the ones before it.
  await portal(
    'Caretaker water readings',
    'demo-organisation-caretaker-water-readings',
    'Monthly',
    { name: 'Depot water', meterId: caretakerWater.id, unitId: water.unitId },
    months.slice(1),
    (i) => (i === 0 ? 395 : 120 + ((i * 13) % 40)),
    'caretaker@depot.example',
  );
  await portal(
    'Contractor generator diesel',
    'demo-organisation-contractor-generator-diesel',
    'Yearly (Government FY)',
    { name: 'Generator diesel', meterId: generator.id, unitId: diesel.unitId },
    years.slice(1),
    (i) => 2400 + i * 310,
    'fuel@contractor.example',
  );
  await db
    .insert(customPortals)
    .values({ organisationId, name: 'Tenant meter survey', link: 'https://example.org/tenant-meter-survey' });
  await recomputeFacts(db, [caretakerWater.id, yardTap.id, generator.id]);
}
