import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { EMPTY, loadFile, meterData, reportLines } from './load-testing';

/*
 * Refusals name rows of the file, not intervals (docs/decisions/imports.md, Refusals name rows): a NEM12 file
 * naming 99 NMIs the organisation does not have (14,256 intervals in 297 rows) names all 99 at once, each with
 * its rows, says what to do, and lands nothing, not even the known meter's day.
 */

let t: TestApp;
let token = '';
let known = 0;

const nmi = (i: number) => `7${String(i).padStart(9, '0')}`;
const ones = new Array(48).fill('1.000').join(',');
const block = (id: string) => [
  `200,${id},E1,1,E1,N1,M1,kWh,30,`,
  ...['20260701', '20260702', '20260703'].map((d) => `300,${d},${ones},A,,,,`),
];
const FILE = [
  '100,NEM12,202607040600,MDP1,RETAILER',
  ...block('6102000099'),
  ...Array.from({ length: 99 }, (_, i) => block(nmi(i + 1))).flat(),
  '900',
  '',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Refusals Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity refusals' });
  const site = await createSite(t.db, org.id, { name: 'Refusals site' });
  known = (
    await createMeter(t.db, site, {
      localName: 'Known smart',
      account: '6102000099',
      meterType: 5,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      meterOpen: '2025-01-01',
    })
  ).id;
  await createMember(t.db, org.id, { loginId: 'refusals.editor', accessId: 3 });
  token = await t.login('refusals.editor');
});
afterAll(() => t.close());

describe('a file naming 99 unknown NMIs', () => {
  it('names all 99 once each with their rows, in one pass, says what to do, and lands nothing', async () => {
    const job = await loadFile(t, token, 'NEM12#99.csv', FILE);
    expect(job.status).toBe('failed');
    expect(job.refusedRows).toBe(297);
    expect(job.error).toBe(
      '297 rows were refused, so nothing was imported: 99 data sources named in the file are not in this organisation. Create these data sources, or map them to data sources you have, then load the file again.',
    );
    expect(job.error).not.toMatch(/format/i);
    const unknown = job.refusals?.unknownMeters ?? [];
    expect(unknown.map((u) => u.key).sort()).toEqual(Array.from({ length: 99 }, (_, i) => nmi(i + 1)));
    expect(new Set(unknown.map((u) => u.rows))).toEqual(new Set([3]));
    expect(job.refusals?.reasons).toEqual([]);
    const lines = await reportLines(t, token, job);
    expect(lines).toHaveLength(297);
    expect(await meterData(t, known)).toEqual(EMPTY);
  });
});
