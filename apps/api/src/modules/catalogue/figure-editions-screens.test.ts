import { createEntity, createGroup } from '@verdant/db/asset-factories';
import { DISTRIBUTION_FROM_START } from '@verdant/db/ledger/read-model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answered,
  type EditionsWorld,
  editionNames,
  MFE_2022,
  refusedToOther,
  screensWorld,
} from '../../testing/editions-fixture';

/**
 * The data source page, an entity's page and a group's page name the editions that produced their kg CO2e
 * (docs/decisions/factor-editions.md, What names its editions), worked by hand from the seeded catalogue with the
 * shared world of the factor-edition tests: one grid electricity meter used 120,000 kWh in each of 2022, 2023 and
 * 2024 (calendar years); today is 15 January 2025, so the last complete month is December 2024.
 *
 * - 2022 and 2023 are produced by MfE 2025 alone (the grid factor, scope 2).
 * - 2024's grid factor is MfE 2025's too, its T&D losses (scope 3) MfE 2026's; the NZECS residual mix gives only
 *   market-based scope 2 from April 2024, which these location-based figures leave out.
 * - The entity takes 40 % of the meter from the start: its twelve months (2024) are 0.4 x the meter's, produced by
 *   MfE 2025 and MfE 2026; an entity no meter shares with names none. The meter group holds the meter: its
 *   twelve months are the meter's, by the same editions.
 */

let w: EditionsWorld;
let orgId = 0;
let meterId = 0;
let entityId = 0;
let groupId = 0;
let lonelyId = 0;

beforeAll(async () => {
  const world = await screensWorld('Screens Editions Org');
  ({ w, orgId, meterId } = world);
  entityId = (await createEntity(w.t.db, world.siteRef, { name: 'Plant room' })).id;
  await w.t.db.execute(sql`insert into meter_entity_shares (organisation_id, meter_id, entity_id, valid_from,
    percentage) values (${orgId}, ${meterId}, ${entityId}, ${DISTRIBUTION_FROM_START}, 40)`);
  lonelyId = (await createEntity(w.t.db, world.siteRef, { name: 'Store' })).id;
  groupId = (await createGroup(w.t.db, orgId, 'meter', 'Grid meters', [meterId])).id;
});
afterAll(() => w.t.close());

const names = editionNames;
const get = (who: string, url: string) => answered(w, who, url);
const refused = (url: string) => refusedToOther(w, 'GET', url);

describe('the data source page names the editions of its kg CO2e', () => {
  it("names the latest month's editions beside its figures", async () => {
    const meter = await get('admin', `/meters/${meterId}`);
    expect(meter.latest.map((m: { month: string }) => m.month)).toEqual(['2024-12', '2024-11']);
    expect(names(meter.latest[0].editions)).toEqual(['MfE 2025', 'MfE 2026']);
    expect(names(meter.latest[1].editions)).toEqual(['MfE 2025', 'MfE 2026']);
  });

  it("names both years' editions under its comparison graph, for kg CO2e only", async () => {
    const g = await get('admin', `/meters/${meterId}/asset-graph-data/v2/co2e/2023/year-end/12`);
    expect(g.seriesLabels).toEqual(['Jan 2023 - Dec 2023', 'Jan 2022 - Dec 2022']);
    // 2022: 120,000 kWh x 0.0818949105 = 9,827.39 kg CO2e, all of it MfE 2025's.
    expect(g.data[1].reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(120_000 * MFE_2022, 1);
    expect(names(g.editions)).toEqual(['MfE 2025']);
    const y2024 = await get('admin', `/meters/${meterId}/asset-graph-data/v2/co2e/2024/year-end/12`);
    expect(names(y2024.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    const kwh = await get('admin', `/meters/${meterId}/asset-graph-data/v2/cons/2024/year-end/12`);
    expect(kwh.editions).toEqual([]);
  });

  it('answers an observer; tells another organisation nothing', async () => {
    expect(names((await get('observer', `/meters/${meterId}`)).latest[0].editions)).toEqual([
      'MfE 2025',
      'MfE 2026',
    ]);
    await refused(`/meters/${meterId}`);
    await refused(`/meters/${meterId}/asset-graph-data/v2/co2e/2023/year-end/12`);
  });
});

const sum = (values: (number | null)[]) => values.reduce((a: number, b) => a + (b ?? 0), 0);

describe("an entity's and a group's pages name the editions of their kg CO2e", () => {
  it("names the editions of the entity's share of its meters' months", async () => {
    const meter2024 = sum(
      (await get('admin', `/meters/${meterId}/asset-graph-data/v2/co2e/2024/year-end/12`)).data[0],
    );
    const figures = await get('admin', `/entities/${entityId}/figures`);
    expect(figures.months.map((m: { month: string }) => m.month).at(-1)).toBe('2024-12');
    expect(sum(figures.months.map((m: { co2e: number }) => m.co2e))).toBeCloseTo(0.4 * meter2024, 1);
    expect(names(figures.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    expect((await get('admin', `/entities/${lonelyId}/figures`)).editions).toEqual([]);
  });

  it("names the editions of the group's twelve months", async () => {
    const meter2024 = sum(
      (await get('admin', `/meters/${meterId}/asset-graph-data/v2/co2e/2024/year-end/12`)).data[0],
    );
    const group = await get('admin', `/meter-groups/${groupId}`);
    expect(group.totals.co2e).toBeCloseTo(meter2024, 1);
    expect(names(group.editions)).toEqual(['MfE 2025', 'MfE 2026']);
  });

  it('answers an observer; tells another organisation nothing', async () => {
    expect(names((await get('observer', `/entities/${entityId}/figures`)).editions)).toEqual([
      'MfE 2025',
      'MfE 2026',
    ]);
    expect(names((await get('observer', `/meter-groups/${groupId}`)).editions)).toEqual([
      'MfE 2025',
      'MfE 2026',
    ]);
    await refused(`/entities/${entityId}/figures`);
    await refused(`/meter-groups/${groupId}`);
  });
});
