import { icpWithChecksum } from '@verdant/domain/meter-creation';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { meters } from './schema/assets';
import { dataTypes } from './schema/catalogue';
import { retailers } from './schema/retailers';

/**
 * The demo meters' accounts as the New Meter wizard would have recorded them: ICPs that pass the registry check
 * on every electricity and gas supply, retailers, the unit figures are reported in, check meters marked as such,
 * and water and wastewater meters paired on one council account (Head Office's pair with equal meter numbers,
 * suffixed (W) and (WW)). Only account details change: no input and so no figure moves.
 */
export async function seedDemoMeterAccounts(tx: DbOrTx, { organisationId }: { organisationId: number }) {
  const rows = await tx
    .select({
      id: meters.id,
      name: meters.localName,
      siteId: meters.siteId,
      level: meters.metlvlId,
      unitId: meters.unitId,
      grouping: dataTypes.grouping,
      typeName: dataTypes.name,
    })
    .from(meters)
    .innerJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .where(and(eq(meters.organisationId, organisationId), isNull(meters.deletedAt)))
    .orderBy(asc(meters.id));
  const retailerIds = new Map(
    (await tx.select({ id: retailers.id, name: retailers.name }).from(retailers)).map((r) => [r.name, r.id]),
  );
  const retailer = (name: string) => retailerIds.get(name) ?? null;
  const electricityRetailers = ['Meridian Energy', 'Contact Energy', 'Mercury'];
  const gasRetailers = ['Genesis Energy', 'Contact Energy'];
  const fuelRetailers = ['Z Energy', 'BP'];
  const accounts = new Map<number, string>();
  let grid = 0;
  let fuel = 0;

  for (const m of rows) {
    const values: Partial<typeof meters.$inferInsert> = { outputUnitId: m.unitId };
    if (m.level === 2) {
      Object.assign(values, { situation: 'CHECK', account: null, retailerId: null });
    } else if (m.grouping === 'Electricity' || m.grouping === 'Natural gas') {
      grid += 1;
      const gas = m.grouping === 'Natural gas';
      // Ten digits, then the network's two letters: electricity on Wellington's network, gas on Vector's.
      const body = `${String(1_002_000_000 + grid * 4_173).padStart(10, '0')}${gas ? 'VG' : 'WE'}`;
      const list = gas ? gasRetailers : electricityRetailers;
      Object.assign(values, {
        account: icpWithChecksum(body),
        retailerId: retailer(list[grid % list.length] ?? ''),
      });
    } else if (m.grouping === 'Water') {
      // A site's water and wastewater share the council account.
      const account =
        accounts.get(m.siteId) ?? `WCC-${String(m.siteId).padStart(3, '0')}-${20_417 + m.siteId}`;
      accounts.set(m.siteId, account);
      const wastewater = m.typeName === 'Wastewater';
      Object.assign(values, {
        account,
        retailerId: retailer('City Council Water Services'),
        meterNumber: `${wastewater ? 'WW' : 'W'}${70_000 + m.id}`,
      });
    } else if (m.grouping === 'LPG') {
      Object.assign(values, { retailerId: retailer('Rockgas') });
    } else if (m.grouping === 'Diesel' || m.grouping === 'Petrol') {
      fuel += 1;
      Object.assign(values, { retailerId: retailer(fuelRetailers[fuel % 2] ?? '') });
    }
    await tx.update(meters).set(values).where(eq(meters.id, m.id));
  }

  // Head Office's pair was read by one meter number: told apart as the combined account form does.
  await tx.execute(sql`
    update meters m set meter_number = 'HW 30117' || case when d.name = 'Wastewater' then ' (WW)' else ' (W)' end
    from data_types d, sites s
    where d.id = m.energy_id and s.id = m.site_id and s.organisation_id = m.organisation_id
      and m.organisation_id = ${organisationId} and s.name = 'Head Office' and d.grouping = 'Water'`);
}
