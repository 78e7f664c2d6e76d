import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { EMPTY, loadFile, meterData, SHARED_FIXTURES } from './load-testing';

/*
 * The shared real-world samples (../shared/fixtures/imports, README there): files published by utilities,
 * market operators and other projects, each loaded through the upload and the job onto data sources named as
 * the files name them, with the data source's stored data before and after. The expected figures are the
 * files' own sums (hand-checked with a separate script), placed on the organisation's clock (New Zealand
 * standard time, UTC+12).
 */

let t: TestApp;
let token = '';
const ids: Record<string, number> = {};
const sample = (file: string) => readFile(path.join(SHARED_FIXTURES, file));

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Fixtures Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity fixtures' });
  const gas = await createDataType(t.db, { name: 'Natural gas fixtures' }, [
    { name: 'GJ', conversionToStandard: 277.7778 },
  ]);
  const site = await createSite(t.db, org.id, { name: 'Fixture site' });
  const meter = async (key: string, account: string, values: Parameters<typeof createMeter>[2] = {}) => {
    const m = await createMeter(t.db, site, {
      localName: key,
      account,
      meterType: 5,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      meterOpen: '2000-01-01',
      ...values,
    });
    ids[key] = m.id;
  };
  await meter('Actual interval', 'VABD000163');
  await meter('Multiple 1', 'NCDE001111', { hasExport: true });
  await meter('Multiple 2', 'NDDD001888', { hasExport: true });
  await meter('Different lengths', 'C123');
  await meter('MDP named', '3044076134', { hasExport: true });
  await meter('Accumulation', 'VABC005890', { meterType: 2 });
  await meter('Masked ICP', 'XXXXXXXXXXXXXXX');
  await meter('Masked ICP A', 'AAAAAAAAAAAAAAA');
  await meter('Green Button Sample Data File', 'GB-SAMPLE');
  await meter('Gas main street', '1 MAIN ST, ANYTOWN ME 12345', {
    meterType: 2,
    energyId: gas.id,
    unitId: gas.units.GJ?.id,
  });
  await createMember(t.db, org.id, { loginId: 'f.editor', accessId: 3 });
  token = await t.login('f.editor');
});
afterAll(() => t.close());

describe('the shared NEM12 samples', () => {
  it('Example_NEM12_actual_interval.csv: E1 as import kWh, Q1 as reactive', async () => {
    expect(await meterData(t, ids['Actual interval'] ?? 0)).toEqual(EMPTY);
    const job = await loadFile(
      t,
      token,
      'Example_NEM12_actual_interval.csv',
      await sample('nem12/Example_NEM12_actual_interval.csv'),
    );
    expect(job).toMatchObject({ status: 'finished', format: 'nem12', readings: 96, refusedRows: 0 });
    // 1 February 2004 in market time (UTC+10) is 02:00 to 02:00 New Zealand standard time: two stored days.
    expect(await meterData(t, ids['Actual interval'] ?? 0)).toEqual({
      registers: [
        { label: 'E1', kind: 'import kWh', days: 2, total: 53.328, qualities: '' },
        { label: 'Q1', kind: 'import kVArh', days: 2, total: 106.656, qualities: '' },
      ],
      records: [],
      consumption: 53.328,
    });
    // The HH Data tab names each register by the channel the file gave it.
    const tab = await t.app.inject({
      url: `/api/meters/${ids['Actual interval']}/half-hour-data/availability`,
      headers: bearer(token),
    });
    expect(tab.json().registers.map((r: { label: string }) => r.label)).toEqual(['E1', 'Q1']);
  });

  it('Example_NEM12_multiple_meters.csv: every energy stream of both NMIs, B1 as export', async () => {
    const job = await loadFile(
      t,
      token,
      'Example_NEM12_multiple_meters.csv',
      await sample('nem12/Example_NEM12_multiple_meters.csv'),
    );
    expect(job).toMatchObject({ status: 'finished', meters: 2, refusedRows: 0 });
    const first = await meterData(t, ids['Multiple 1'] ?? 0);
    expect(first.registers.map((r) => [r.label, r.kind, r.total])).toEqual([
      ['E1', 'import kWh', 1.92],
      ['B1', 'export kWh', 1.92],
      ['Q1', 'import kVArh', 9.6],
      ['E2', 'import kWh', 19.2],
    ]);
    expect(first.consumption).toBe(21.12);
    const second = await meterData(t, ids['Multiple 2'] ?? 0);
    expect(second.registers.map((r) => [r.label, r.kind, r.total])).toEqual([
      ['B1', 'export kWh', 3.84],
      ['K2', 'export kVArh', 9.6],
    ]);
  });

  it('Example_NEM12_different_interval_length.csv: E1 and E2 load, V1 is named as skipped', async () => {
    const job = await loadFile(
      t,
      token,
      'Example_NEM12_different_interval_length.csv',
      await sample('nem12/Example_NEM12_different_interval_length.csv'),
    );
    expect(job).toMatchObject({ status: 'finished', refusedRows: 0 });
    expect(job.notes).toEqual([
      'Line 6: NMI C123 stream V1: no unit, not energy in kWh or kVArh, not loaded',
    ]);
    const data = await meterData(t, ids['Different lengths'] ?? 0);
    expect(data.registers.map((r) => [r.label, r.total])).toEqual([
      ['E1', 254],
      ['E2', 120],
    ]);
  });

  it('NEM12#DATA_TEST.V01: an MDP file name is taken as it is', async () => {
    const job = await loadFile(t, token, 'NEM12#DATA_TEST.V01', await sample('nem12/NEM12#DATA_TEST.V01'));
    expect(job).toMatchObject({ status: 'finished', filename: 'NEM12#DATA_TEST.V01', refusedRows: 0 });
    const data = await meterData(t, ids['MDP named'] ?? 0);
    expect(data.registers.map((r) => [r.label, r.kind, r.total])).toEqual([
      ['B1', 'export kWh', 0],
      ['E1', 'import kWh', 4.28],
      ['E2', 'import kWh', 0],
    ]);
    // The B1 day is variable (V) with 400 records: 1-22 final substituted, the rest actual.
    expect(data.registers[0]?.qualities).toBe('AF');
  });

  it('Example_NEM13_consumption_data.csv: consumption between reads as a record', async () => {
    expect(await meterData(t, ids.Accumulation ?? 0)).toEqual(EMPTY);
    const job = await loadFile(
      t,
      token,
      'Example_NEM13_consumption_data.csv',
      await sample('nem12/Example_NEM13_consumption_data.csv'),
    );
    expect(job).toMatchObject({ status: 'finished', records: 1, refusedRows: 0 });
    expect(await meterData(t, ids.Accumulation ?? 0)).toEqual({
      registers: [],
      records: [{ from: '2003-10-05', till: '2004-01-06', units: 1312.1, estimated: false }],
      consumption: 1312.1,
    });
  });
});

describe('the shared EIEP samples', () => {
  it('eiep3-valid.txt: version 10 with null in the optional columns, both ICPs', async () => {
    expect(await meterData(t, ids['Masked ICP'] ?? 0)).toEqual(EMPTY);
    expect(await meterData(t, ids['Masked ICP A'] ?? 0)).toEqual(EMPTY);
    const job = await loadFile(t, token, 'eiep3-valid.txt', await sample('eiep/eiep3-valid.txt'));
    expect(job).toMatchObject({
      status: 'finished',
      format: 'eiep3',
      readings: 96,
      meters: 2,
      refusedRows: 0,
    });
    // 19 April 2019 in New Zealand standard time: one stored day each.
    expect(await meterData(t, ids['Masked ICP'] ?? 0)).toEqual({
      registers: [{ label: 'YYYYYYYYYY', kind: 'import kWh', days: 1, total: 47.49, qualities: '' }],
      records: [],
      consumption: 47.49,
    });
    expect((await meterData(t, ids['Masked ICP A'] ?? 0)).registers).toEqual([
      { label: 'ZZZZZZZZZZ', kind: 'import kWh', days: 1, total: 36.47, qualities: '' },
    ]);
  });

  it('eiep13a-valid.txt: the published layout, the authorisation code before the ICP', async () => {
    const before = await meterData(t, ids['Masked ICP'] ?? 0);
    const job = await loadFile(t, token, 'eiep13a-valid.txt', await sample('eiep/eiep13a-valid.txt'));
    expect(job).toMatchObject({ status: 'finished', format: 'eiep13a', readings: 96, refusedRows: 0 });
    const after = await meterData(t, ids['Masked ICP'] ?? 0);
    // Registers named by the file (serial and register content code), beside EIEP3's stream. 1 October 2014
    // is daylight time in New Zealand: its local midnight is 23:00 standard time, so two stored days.
    expect(after.registers.slice(0, before.registers.length)).toEqual(before.registers);
    expect(
      after.registers.slice(before.registers.length).map((r) => [r.label, r.kind, r.days, r.total]),
    ).toEqual([
      ['XXXXXXXXX 7304', 'import kWh', 2, 10.82],
      ['XXXXXXXXX 7304 kVArh', 'import kVArh', 2, 0],
    ]);
    expect(after.consumption).toBe(58.31);
  });
});

describe('the shared Green Button samples', () => {
  it('TestGBDataHourlyNineDaysBinnedDaily.xml: each hour two derived half hours', async () => {
    expect(await meterData(t, ids['Green Button Sample Data File'] ?? 0)).toEqual(EMPTY);
    const job = await loadFile(
      t,
      token,
      'TestGBDataHourlyNineDaysBinnedDaily.xml',
      await sample('green-button/TestGBDataHourlyNineDaysBinnedDaily.xml'),
    );
    expect(job).toMatchObject({ status: 'finished', format: 'green-button', readings: 216, refusedRows: 0 });
    const data = await meterData(t, ids['Green Button Sample Data File'] ?? 0);
    expect(data.registers).toEqual([
      { label: '01', kind: 'import kWh', days: 10, total: 199.563, qualities: 'D' },
    ]);
  });

  it('TestGBDataOneYearDailyBinnedMonthly.xml: every day a record, the 23 and 25-hour days included', async () => {
    const before = await meterData(t, ids['Green Button Sample Data File'] ?? 0);
    const job = await loadFile(
      t,
      token,
      'TestGBDataOneYearDailyBinnedMonthly.xml',
      await sample('green-button/TestGBDataOneYearDailyBinnedMonthly.xml'),
    );
    expect(job).toMatchObject({ status: 'finished', records: 444, refusedRows: 0 });
    const after = await meterData(t, ids['Green Button Sample Data File'] ?? 0);
    expect(after.registers).toEqual(before.registers);
    expect(after.records).toHaveLength(444);
    expect(after.records.find((r) => r.from === '2013-03-10')).toMatchObject({ till: '2013-03-10' });
    expect(after.records.find((r) => r.from === '2013-11-03')).toMatchObject({ till: '2013-11-03' });
    expect(Math.round(after.records.reduce((s, r) => s + r.units, 0) * 1000) / 1000).toBe(9917.817);
  });

  it("gas_direct.xml: monthly billing periods of gas in therms, in the file's own (UTC) days", async () => {
    const job = await loadFile(t, token, 'gas_direct.xml', await sample('green-button/gas_direct.xml'));
    expect(job).toMatchObject({ status: 'finished', records: 5, refusedRows: 0 });
    const data = await meterData(t, ids['Gas main street'] ?? 0);
    expect(data.records.map((r) => [r.from, r.till])).toEqual([
      ['2021-05-26', '2021-06-29'],
      ['2021-06-30', '2021-07-27'],
      ['2021-07-28', '2021-08-26'],
      ['2021-08-27', '2021-09-28'],
      ['2021-09-29', '2021-10-25'],
    ]);
    // 140 therms in all at 29.3071 kWh a therm, stored in the data source's GJ (277.7778 kWh).
    expect(data.records.reduce((s, r) => s + r.units, 0)).toBeCloseTo((140 * 29.307107) / 277.7778, 2);
  });
});
