import { readFile } from 'node:fs/promises';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { DEMO_SMART_METERS, SAMPLE_FILES, sampleFilePath } from '@verdant/db/demo-imports/samples';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { loadFile } from './load-testing';

/* The sample files the repository ships (NEM12, EIEP3, Green Button, a NEM12 file with bad rows) through the
 * upload and the job, onto meters named by the samples' ICPs. */

let t: TestApp;
let token = '';
const meterIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Samples Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity samples' });
  const site = await createSite(t.db, org.id, { name: 'Sample site' });
  for (const [key, m] of Object.entries(DEMO_SMART_METERS)) {
    const meter = await createMeter(t.db, site, {
      localName: m.name,
      account: m.icp,
      meterType: 5,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      meterOpen: '2024-01-01',
    });
    meterIds[key] = meter.id;
  }
  await createMember(t.db, org.id, { loginId: 's.editor', accessId: 3 });
  token = await t.login('s.editor');
});
afterAll(() => t.close());

const loadSample = async (name: string, payload?: string) =>
  loadFile(t, token, name, payload ?? (await readFile(sampleFilePath(name))));

const days = async (meter: string) =>
  (
    await t.db.execute<{ days: number; kwh: number; estimated: number }>(sql`
      select count(*)::int as days, sum(day_kwh)::float8 as kwh, sum(estimated_readings)::int as estimated
      from half_hour_days where meter_id = ${meterIds[meter] ?? 0}`)
  ).rows[0];

describe('the sample files through the data-load job', () => {
  it('NEM12: both smart meters for September 2025, estimates kept; loading it again changes nothing', async () => {
    const job = await loadSample(SAMPLE_FILES.nem12);
    expect(job).toMatchObject({
      status: 'finished',
      format: 'nem12',
      readings: 30 * 48 + 30 * 96 - 4,
      meters: 2,
    });
    const civic = await days('civicLibrary');
    // The file's first day starts at 02:00 New Zealand time: 30 NEM12 days are 31 standard-time days.
    expect(civic?.days).toBe(31);
    expect(civic?.estimated).toBe(2 * 48 + 10);
    const fact = await t.db.execute<{ quantity_std: number; estimated: boolean }>(sql`
      select quantity_std, estimated from monthly_facts
      where meter_id = ${meterIds.civicLibrary ?? 0} and month = '2025-09-01'`);
    expect(fact.rows[0]?.quantity_std).toBeGreaterThan(0);
    const again = await loadSample(SAMPLE_FILES.nem12);
    expect(again.error).toMatch(/^This file was already imported on/);
    expect(await days('civicLibrary')).toEqual(civic);
  });

  it('EIEP3: the EV chargers for September 2025, the 46-period day without loss', async () => {
    const job = await loadSample(SAMPLE_FILES.eiep3);
    expect(job).toMatchObject({ status: 'finished', format: 'eiep3', readings: 29 * 48 + 46, meters: 1 });
    const ev = await days('evChargers');
    expect(ev?.days).toBeGreaterThanOrEqual(30);
  });

  it('Green Button: the Civic Library for the first week of August 2025', async () => {
    const job = await loadSample(SAMPLE_FILES.greenButton);
    expect(job).toMatchObject({ status: 'finished', format: 'green-button', meters: 1, refusedRows: 0 });
    expect(job.readings).toBeGreaterThan(0);
  });

  it('NEM12 with bad rows: nothing lands, the error report names each refused row', async () => {
    const before = await days('southernDepot');
    const job = await loadSample(SAMPLE_FILES.nem12BadRows);
    expect(job).toMatchObject({ status: 'failed', format: 'nem12', refusedRows: 5, hasReport: true });
    const report = await t.app.inject({ url: `/api/jobs/${job.uuid}/error-report`, headers: bearer(token) });
    const lines = report.body.trim().split('\n');
    expect(lines[0]).toBe('Line,Reason');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([4, 6, 7, 8, 11]);
    expect(await days('southernDepot')).toEqual(before);
  });

  it('hourly data loads as two derived half hours each; a length that does not divide an hour is refused', async () => {
    const hours = new Array(24).fill('1').join(',');
    const icp = DEMO_SMART_METERS.civicLibrary.icp;
    const job = await loadSample(
      'hourly.csv',
      `100,NEM12,202510010600,A,B\n200,${icp},E1,1,E1,N1,X,kWh,60,\n300,20250801,${hours},A,,,20250901235900,\n900\n`,
    );
    expect(job).toMatchObject({ status: 'finished', format: 'nem12', readings: 24 });
    const day = await t.db.execute<{ kwh: number[]; quality: string }>(sql`
      select kwh, quality from half_hour_days where meter_id = ${meterIds.civicLibrary ?? 0}
        and read_date = '2025-08-01' and register = (select register from half_hour_registers
          where meter_id = ${meterIds.civicLibrary ?? 0} and label = 'E1')`);
    // 1 August in NEM12 market time (UTC+10) is 02:00-02:00 in New Zealand standard time.
    expect(day.rows[0]?.kwh.slice(4)).toEqual(new Array(44).fill(0.5));
    expect(day.rows[0]?.quality.slice(4)).toBe('D'.repeat(44));
    const odd = await loadSample(
      'seven.csv',
      `100,NEM12,202510010600,A,B\n200,${icp},E1,1,E1,N1,X,kWh,7,\n900\n`,
    );
    expect(odd).toMatchObject({ status: 'failed', format: 'nem12', refusedRows: 1 });
    const report = await t.app.inject({ url: `/api/jobs/${odd.uuid}/error-report`, headers: bearer(token) });
    expect(report.body).toContain(
      "2,\"200 record: interval length '7' is not 5, 10, 15, 20, 30 or 60 minutes",
    );
  });
});
