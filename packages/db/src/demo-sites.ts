import { eq } from 'drizzle-orm';
import { createSite } from './asset-factories';
import type { DbOrTx } from './client';
import { sites as sitesTable } from './schema/assets';
import { siteIndicatorValues } from './schema/organisation';

/** Addresses, regions (reference list ids: 9 Wellington, 8 Manawatū-Whanganui), open dates and two indicators. */
const DETAILS: Record<
  string,
  {
    description: string;
    address: [string, string, string];
    regionId: number;
    siteOpen: string;
    heatPlant?: boolean;
    floorArea: number;
    staff: number;
  }
> = {
  'Head Office': {
    description: 'Council administration building and customer service centre',
    address: ['101 Lambton Quay', 'Wellington Central', 'Wellington 6011'],
    regionId: 9,
    siteOpen: '2009-07-01',
    floorArea: 6200,
    staff: 240,
  },
  'Northern Depot': {
    description: 'Roading and parks depot with workshop and vehicle wash',
    address: ['12 Kenepuru Drive', 'Porirua', 'Porirua 5022'],
    regionId: 9,
    siteOpen: '2011-03-14',
    floorArea: 1850,
    staff: 36,
  },
  'Southern Depot': {
    description: 'Waste services depot and stores',
    address: ['48 Landfill Road', 'Owhiro Bay', 'Wellington 6023'],
    regionId: 9,
    siteOpen: '2012-09-03',
    floorArea: 1420,
    staff: 28,
  },
  'Aquatic Centre': {
    description: 'Indoor 50 m pool, learners pool and spa with gas-fired heat plant',
    address: ['63 Kilbirnie Crescent', 'Kilbirnie', 'Wellington 6022'],
    regionId: 9,
    siteOpen: '2013-11-18',
    heatPlant: true,
    floorArea: 8400,
    staff: 55,
  },
  'Civic Library': {
    description: 'Central library with archives and community rooms',
    address: ['65 Victoria Street', 'Te Aro', 'Wellington 6011'],
    regionId: 9,
    siteOpen: '2010-02-01',
    floorArea: 5300,
    staff: 72,
  },
  'Water Treatment Plant': {
    description: 'Drinking water treatment and pumping',
    address: ['2 Te Marua Road', 'Te Marua', 'Upper Hutt 5018'],
    regionId: 9,
    siteOpen: '2008-05-20',
    floorArea: 2600,
    staff: 14,
  },
};

const FLOOR_AREA = 1;
const STAFF = 3;

/**
 * The demo sites' details: addresses, regions, open dates, floor area and staff; plus a seventh site that
 * closed (so the sites table's 'include closed' filter and 'Site is no longer active' have something to show).
 */
export async function seedDemoSites(
  tx: DbOrTx,
  { organisationId, sites }: { organisationId: number; sites: readonly { id: number; name: string }[] },
) {
  for (const site of sites) {
    const d = DETAILS[site.name];
    if (!d) continue;
    await tx
      .update(sitesTable)
      .set({
        description: d.description,
        siteAddress1: d.address[0],
        siteAddress2: d.address[1],
        siteAddress3: d.address[2],
        regionId: d.regionId,
        siteOpen: d.siteOpen,
        heatPlant: d.heatPlant ?? false,
      })
      .where(eq(sitesTable.id, site.id));
    await tx.insert(siteIndicatorValues).values([
      { organisationId, siteId: site.id, indicatorId: FLOOR_AREA, value: String(d.floorArea) },
      { organisationId, siteId: site.id, indicatorId: STAFF, value: String(d.staff) },
    ]);
  }
  const closed = await createSite(tx, organisationId, {
    name: 'Old Town Hall',
    description: 'Former council chambers, sold in 2023',
    siteAddress1: '1 Wakefield Street',
    siteAddress2: 'Te Aro',
    siteAddress3: 'Wellington 6011',
    regionId: 9,
    siteOpen: '1998-04-01',
    siteClose: '2023-06-30',
  });
  await tx.insert(siteIndicatorValues).values([
    { organisationId, siteId: closed.id, indicatorId: FLOOR_AREA, value: '3900' },
    { organisationId, siteId: closed.id, indicatorId: STAFF, value: '0' },
  ]);
  return closed;
}
