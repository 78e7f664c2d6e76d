import type { InvoicePage } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { ingestHalfHourReadings } from '@verdant/db/ledger/half-hour-ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The half-hour check on the invoice page: a smart meter with half-hour data for 1-30 June 2026 except 10 and
 * 11 June, and 20 June half read: 27 x 48 x 0.5 = 648 kWh and 24 x 0.5 = 12 kWh, 660 kWh. Its June invoice
 * bills 720 kWh: the half-hour data is 60 / 720 = 8.33% less, outside 2%, with 10-11 June and 20 June
 * missing.
 */
let t: TestApp;
let token = '';
let editor = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Half-hour Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity half-hour' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const site = await createSite(t.db, org.id, { name: 'Plant' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2026-01-01' };
  const smart = await createMeter(t.db, site, { localName: 'Smart supply', meterType: 5, ...kwh });
  const plain = await createMeter(t.db, site, { localName: 'Plain supply', ...kwh });
  const june = await createInvoice(t.db, smart, {
    from: '2026-06-01',
    till: '2026-06-30',
    consumption: 720,
    cost: 150,
  });
  const plainJune = await createInvoice(t.db, plain, {
    from: '2026-06-01',
    till: '2026-06-30',
    consumption: 720,
    cost: 150,
  });
  const readings = [];
  for (let d = 1; d <= 30; d++) {
    if (d === 10 || d === 11) continue;
    const date = `2026-06-${String(d).padStart(2, '0')}`;
    for (let hh = 0; hh < (d === 20 ? 24 : 48); hh++)
      readings.push({ meterId: smart.id, date, hh, kwh: 0.5 });
  }
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    await ingestHalfHourReadings(client, org.id, readings);
    await client.query('commit');
  } finally {
    client.release();
  }
  Object.assign(ids, { smart: smart.id, plain: plain.id, june: june.id, plainJune: plainJune.id });
  await createMember(t.db, org.id, { loginId: 'hh.observer', accessId: 4 });
  await createMember(t.db, org.id, { loginId: 'hh.general', accessId: 3 });
  token = await t.login('hh.observer');
  editor = await t.login('hh.general');
});
afterAll(() => t.close());

const page = async (invoice: number, meter: number) => {
  const res = await t.app.inject({
    url: `/api/invoices/get/${invoice}?meter=${meter}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as InvoicePage;
};

describe('the invoice page beside the half-hour data', () => {
  it('answers the half-hour total, the difference and the days missing', async () => {
    const answer = await page(ids.june ?? 0, ids.smart ?? 0);
    expect(answer.halfHourCheck).toMatchObject({
      dateFrom: '2026-06-01',
      dateTill: '2026-06-30',
      unitId: answer.unitId,
      kwhPerUnit: 1,
      billedKwh: 720,
      halfHourKwh: 660,
      tolerancePercent: 2,
      withinTolerance: false,
      missingDays: ['2026-06-10', '2026-06-11', '2026-06-20'],
      daysInPeriod: 30,
    });
    expect(answer.halfHourCheck?.differencePercent).toBeCloseTo(-8.3333, 3);
  });
  it('says nothing for a data source without half-hour data', async () => {
    expect((await page(ids.plainJune ?? 0, ids.plain ?? 0)).halfHourCheck).toBeNull();
  });
  it('checks a new invoice of the period from the start (nothing billed yet)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/blank',
      headers: bearer(editor),
      payload: { meter: ids.smart, dateFrom: '2026-06-01', dateTill: '2026-06-30' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as InvoicePage).halfHourCheck).toMatchObject({
      billedKwh: 0,
      halfHourKwh: 660,
      differencePercent: null,
      withinTolerance: false,
    });
  });
});
