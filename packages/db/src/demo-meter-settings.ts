import { and, asc, eq, isNull } from 'drizzle-orm';
import { createMeter } from './asset-factories';
import type { DbOrTx } from './client';
import { meters, sites } from './schema/assets';
import { dataTypes } from './schema/catalogue';
import { meterAlertSettings, meterIdentifierLabels, meterIdentifiers } from './schema/meter-settings';

/**
 * The data source page's settings for the demo (docs/decisions/demo.md, Meter accounts, identifiers and
 * set-ups): identifier labels and values, alert set-ups on the grid supplies, a transient (tenanted) water
 * meter and an old supply closed before the demo's three years (it has no inputs, so no figure moves).
 */
export async function seedDemoMeterSettings(tx: DbOrTx, { organisationId }: { organisationId: number }) {
  const labels = await tx
    .insert(meterIdentifierLabels)
    .values(['Customer number', 'Cost centre', 'Purchase order'].map((name) => ({ organisationId, name })))
    .returning();
  const [customer, costCentre] = labels;
  const rows = await tx
    .select({
      id: meters.id,
      name: meters.localName,
      level: meters.metlvlId,
      meterType: meters.meterType,
      grouping: dataTypes.grouping,
      siteId: meters.siteId,
    })
    .from(meters)
    .innerJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .where(and(eq(meters.organisationId, organisationId), isNull(meters.deletedAt)))
    .orderBy(asc(meters.id));

  let n = 0;
  for (const m of rows) {
    if (m.level !== 1 || !customer || !costCentre) continue;
    n += 1;
    await tx.insert(meterIdentifiers).values([
      { organisationId, meterId: m.id, labelId: customer.id, value: `C${String(480_100 + n * 37)}` },
      { organisationId, meterId: m.id, labelId: costCentre.id, value: `CC-${100 + (m.siteId % 9) * 10}` },
    ]);
    const grid = m.grouping === 'Electricity' || m.grouping === 'Natural gas';
    if (!grid) continue;
    const smart = m.meterType === 5 || m.meterType === 6;
    await tx.insert(meterAlertSettings).values({
      organisationId,
      meterId: m.id,
      consumptionDiffer: n % 3 === 0 ? 3 : 1,
      consumptionPerc: 15,
      consumptionAbs: 1000,
      tariffRel: '10',
      tariffAbs: '500',
      tariffRate: '2.5',
      baseloadTrigger: smart ? '35' : null,
    });
  }

  // The Civic Library's water is billed to the tenant of its café: a transient meter.
  await tx
    .update(meters)
    .set({ transientMeter: true })
    .where(and(eq(meters.organisationId, organisationId), eq(meters.localName, 'Civic Library Water')));
}

/**
 * The Northern Depot's old supply, replaced in 2023 and closed: no inputs in the demo's years, so no figure
 * moves. Created before the accounts are recorded (seedDemoMeterAccounts gives it its ICP and retailer).
 */
export async function seedDemoClosedMeter(tx: DbOrTx, { organisationId }: { organisationId: number }) {
  const [depot] = await tx
    .select({ id: sites.id, organisationId: sites.organisationId })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.name, 'Northern Depot')));
  const [electricity] = await tx.select().from(dataTypes).where(eq(dataTypes.id, 13));
  if (depot && electricity) {
    await createMeter(tx, depot, {
      localName: 'Northern Depot old supply',
      meterType: 2,
      energyId: electricity.id,
      unitId: electricity.defaultUnitId,
      meterOpen: '2012-04-01',
      meterClose: '2023-06-30',
      meterNumber: 'ND-1998-02',
      address1: 'Northern Depot, old switchboard',
    });
  }
}
