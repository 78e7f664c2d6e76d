import { and, eq, sql } from 'drizzle-orm';
import { createEntity } from './asset-factories';
import type { DbOrTx } from './client';
import { facilities, meters } from './schema/assets';
import {
  entityIndicatorValues,
  entityPumps,
  entityUsages,
  entityWastewaterPlants,
} from './schema/organisation';

interface DemoSite {
  id: number;
  name: string;
  organisationId?: number;
}

type Usage = Omit<typeof entityUsages.$inferInsert, 'entityId' | 'organisationId'>;

interface DemoEntity {
  site: string;
  name: string;
  type: 'STANDARD' | 'HEAT PLANT' | 'PUMP' | 'WWTP';
  facility: string;
  buildsegId: number;
  entdescId: number | null;
  controlId: number;
  open: string;
  description: string;
  address: [string, string, string];
  /** Longitude and latitude, around Wellington. */
  at: [number, number];
  usage?: Usage;
  /** Indicator id and value. */
  indicators: [number, number][];
}

const DEMO_ENTITIES: DemoEntity[] = [
  {
    site: 'Head Office',
    name: 'Civic Administration Building',
    type: 'STANDARD',
    facility: 'Civic Centre',
    buildsegId: 1,
    entdescId: 1,
    controlId: 1,
    open: '1991-07-01',
    description: 'Six-storey council offices with the customer service centre on the ground floor.',
    address: ['101 Wakefield Street', 'Te Aro', 'Wellington 6011'],
    at: [174.7772, -41.2894],
    usage: {
      entusageId: 1,
      designEui: 45,
      commissionedEui: 52,
      interventionEui: 40,
      airconVolume: 21_500,
      lowHumidity: 40,
      highHumidity: 60,
      lowTemp: 20,
      highTemp: 24,
      airChanges: 4.5,
      airInfiltration: 0.35,
      coreHours: 50,
      coreOccupancy: 85,
      coreEnergyIntensity: 62.5,
      ncoreHours: 118,
      ncoreOccupancy: 5,
      ncoreEnergyIntensity: 18.2,
      accontrId: 4,
      heatId: 3,
      lightId: 1,
    },
    indicators: [
      [1, 8_650],
      [2, 7_420],
      [3, 312],
      [9, 55],
    ],
  },
  {
    site: 'Head Office',
    name: 'Server Room',
    type: 'STANDARD',
    facility: 'Civic Centre',
    buildsegId: 4,
    entdescId: 3,
    controlId: 1,
    open: '2012-03-19',
    description: 'Level 2 server room with its own chilled-water cooling.',
    address: ['101 Wakefield Street', 'Level 2', 'Wellington 6011'],
    at: [174.7775, -41.2892],
    usage: {
      entusageId: 1,
      designEui: 900,
      commissionedEui: 1_050,
      accontrId: 4,
      heatId: 1,
      lightId: 1,
      coreHours: 168,
    },
    indicators: [
      [1, 140],
      [9, 168],
    ],
  },
  {
    site: 'Civic Library',
    name: 'Central Library',
    type: 'STANDARD',
    facility: 'Library Building',
    buildsegId: 9,
    entdescId: 8,
    controlId: 1,
    open: '1991-11-05',
    description: 'Public library over three floors with a children’s wing and a café.',
    address: ['65 Victoria Street', 'Te Aro', 'Wellington 6011'],
    at: [174.7764, -41.2882],
    usage: {
      entusageId: 1,
      designEui: 25,
      commissionedEui: 31,
      lowTemp: 19.5,
      highTemp: 23.5,
      coreHours: 63,
      coreOccupancy: 70,
      accontrId: 3,
      heatId: 2,
      lightId: 5,
    },
    indicators: [
      [1, 6_100],
      [4, 410_000],
      [9, 63],
    ],
  },
  {
    site: 'Civic Library',
    name: 'Community Hall',
    type: 'STANDARD',
    facility: 'Library Building',
    buildsegId: 9,
    entdescId: 9,
    controlId: 2,
    open: '2004-02-16',
    description: 'Hireable hall behind the library.',
    address: ['67 Victoria Street', 'Te Aro', 'Wellington 6011'],
    at: [174.7759, -41.2879],
    usage: {
      entusageId: 2,
      designEui: 120,
      commissionedEui: 150,
      interventionEui: 110,
      heatId: 4,
      lightId: 2,
    },
    indicators: [
      [1, 420],
      [4, 18_500],
    ],
  },
  {
    site: 'Aquatic Centre',
    name: 'Pool Heating Plant',
    type: 'HEAT PLANT',
    facility: 'Plant Room',
    buildsegId: 8,
    entdescId: null,
    controlId: 1,
    open: '2008-05-12',
    description: 'Two 750 kW gas boilers and a 400 kW heat pump heating the pools and the hall.',
    address: ['63 Kilbirnie Crescent', 'Kilbirnie', 'Wellington 6022'],
    at: [174.7946, -41.3169],
    usage: { entusageId: 1, designEui: 950, heatId: 3, coreHours: 105 },
    indicators: [
      [5, 3_850],
      [6, 1_620],
      [9, 105],
    ],
  },
  {
    site: 'Water Treatment Plant',
    name: 'Raw Water Intake Pump',
    type: 'PUMP',
    facility: 'Intake Station',
    buildsegId: 10,
    entdescId: null,
    controlId: 1,
    open: '1987-09-01',
    description: 'Duty pump lifting raw water from the river intake to the clarifiers.',
    address: ['Te Marua Road', 'Te Marua', 'Upper Hutt 5018'],
    at: [175.0921, -41.0968],
    indicators: [
      [7, 21_400],
      [9, 168],
    ],
  },
  {
    site: 'Water Treatment Plant',
    name: 'Moa Point Wastewater Plant',
    type: 'WWTP',
    facility: 'Treatment Works',
    buildsegId: 10,
    entdescId: null,
    controlId: 3,
    open: '1998-06-30',
    description: 'Secondary treatment with UV disinfection before the ocean outfall.',
    address: ['Stewart Duff Drive', 'Moa Point', 'Wellington 6022'],
    at: [174.8103, -41.3393],
    indicators: [
      [7, 28_700],
      [8, 185_000],
    ],
  },
];

async function meterAt(tx: DbOrTx, siteId: number, localName: string) {
  const [row] = await tx
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.siteId, siteId), sql`lower(${meters.localName}) = lower(${localName})`));
  return row?.id ?? null;
}

/**
 * Entities of every type at the demo sites, with facilities, usage, locations and indicator values. The
 * pump uses the Water Treatment Plant's intake-pump electricity meter and its water meter, so it runs
 * after the demo ledger's meters exist.
 */
export async function seedDemoEntities(
  tx: DbOrTx,
  { organisationId, sites }: { organisationId: number; sites: readonly DemoSite[] },
) {
  const facilityIds = new Map<string, number>();
  const created: number[] = [];
  for (const e of DEMO_ENTITIES) {
    const site = sites.find((s) => s.name === e.site);
    if (!site) continue;
    const key = `${site.id}:${e.facility}`;
    let facilityId = facilityIds.get(key);
    if (facilityId === undefined) {
      const [row] = await tx
        .insert(facilities)
        .values({ organisationId, siteId: site.id, name: e.facility })
        .returning({ id: facilities.id });
      facilityId = row?.id ?? 0;
      facilityIds.set(key, facilityId);
    }
    const entity = await createEntity(
      tx,
      { id: site.id, organisationId },
      {
        name: e.name,
        entityType: e.type,
        facilityId,
        buildsegId: e.buildsegId,
        entdescId: e.entdescId,
        controlId: e.controlId,
        entityOpen: e.open,
        description: e.description,
        address1: e.address[0],
        address2: e.address[1],
        address3: e.address[2],
        locationX: e.at[0],
        locationY: e.at[1],
      },
    );
    created.push(entity.id);
    if (e.usage) await tx.insert(entityUsages).values({ organisationId, entityId: entity.id, ...e.usage });
    if (e.indicators.length > 0)
      await tx.insert(entityIndicatorValues).values(
        e.indicators.map(([indicatorId, value]) => ({
          organisationId,
          entityId: entity.id,
          indicatorId,
          value: String(value),
        })),
      );
    if (e.type === 'PUMP') {
      await tx.insert(entityPumps).values({
        organisationId,
        entityId: entity.id,
        headMetres: 38,
        powerMeterId: await meterAt(tx, site.id, `${site.name} Intake pumps`),
        flowMeterId: await meterAt(tx, site.id, `${site.name} Water`),
      });
    }
    if (e.type === 'WWTP') {
      await tx.insert(entityWastewaterPlants).values({
        organisationId,
        entityId: entity.id,
        populationServed: 185_000,
        designCapacityM3PerDay: 82_000,
        treatmentType: 'Activated sludge with UV disinfection',
        influentMeterId: await meterAt(tx, site.id, `${site.name} Water`),
      });
    }
  }
  return created;
}
