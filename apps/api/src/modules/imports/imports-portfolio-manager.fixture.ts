import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { loadEnded } from './load-testing';

/* ENERGY STAR Portfolio Manager's bills as downloaded: the shared sample export (XLSX, title rows, kBtu, "Not
 * Available", four meters all named "Electric Grid Meter"), the CSV Excel saves, and the unknown meters of a
 * refused load mapped and the load run again. */

export const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/imports/portfolio-manager/seed_example-pm-monthly-meter-usage.xlsx',
);

export let t: TestApp;
export const tokens: Record<string, string> = {};
export const ids: Record<string, number> = {};

export const auth = (who = 'pm.editor') => bearer(tokens[who] ?? '');

export const finished = (uuid: string): Promise<ImportJob> => loadEnded(t, auth(), uuid);

export async function load(filename: string, body: Buffer | string): Promise<ImportJob> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/meter-load',
    headers: { ...auth(), 'content-type': 'application/octet-stream', 'x-filename': filename },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return finished(res.json().data.uuid);
}

/** The organisation's consumption records and invoices, for before-and-after snapshots. */
export const snapshot = async () =>
  (
    await t.db.execute<{ meter: string; from: string; till: string; units: string }>(sql`
      select m.local_name as meter, r.date_from as from, r.date_till as till, r.units::text as units
      from consumption_records r join meters m on m.id = r.meter_id
      where r.organisation_id = ${ids.org}
      union all
      select m.local_name, i.date_from, i.date_till, im.consumption::text
      from invoices i join invoice_meters im on im.invoice_id = i.id join meters m on m.id = im.meter_id
      where i.organisation_id = ${ids.org}
      order by 1, 2`)
  ).rows;
export const identifiers = async () =>
  (
    await t.db.execute<{ meter: number; label: string; value: string }>(sql`
      select i.meter_id as meter, l.name as label, i.value from meter_identifiers i
      join meter_identifier_labels l on l.id = i.label_id where i.organisation_id = ${ids.org}
      order by i.meter_id`)
  ).rows;

/** A zip archive of the entries given, deflated (what a crafted workbook would be). */
export function zipOf(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = deflateRawSync(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, packed);
    centrals.push(central, n);
    offset += 30 + n.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
    await seedCatalogue(t.db);
    const org = await createOrganisation(t.db, { name: 'Benchmark Org' });
    const other = await createOrganisation(t.db, { name: 'Other Benchmark Org' });
    const site = await createSite(t.db, org.id, { name: 'Campus Building 1' });
    const kwh = async (dataTypeId: number) =>
      (
        await t.db.execute<{ id: number }>(
          sql`select id from units where data_type_id = ${dataTypeId} and name = 'kWh'`,
        )
      ).rows[0]?.id;
    // Check meters (level 2) take consumption records: the sample's bills have no cost.
    const check = { metlvlId: 2, meterType: 2, meterOpen: '2015-01-01' };
    const electricity = { energyId: 13, unitId: await kwh(13), ...check };
    const gas = { energyId: 2, unitId: await kwh(2), ...check };
    // The user typed one Portfolio Manager Meter ID as the meter number: the first match, then remembered.
    ids.a = (
      await createMeter(t.db, site, { localName: 'B1 electricity', meterNumber: '5766973-0', ...electricity })
    ).id;
    ids.b = (await createMeter(t.db, site, { localName: 'B1 electricity east', ...electricity })).id;
    ids.c = (await createMeter(t.db, site, { localName: 'B1 gas', ...gas })).id;
    ids.d = (await createMeter(t.db, site, { localName: 'B1 gas east', ...gas })).id;
    ids.supply = (
      await createMeter(t.db, site, {
        localName: 'Library gas',
        energyId: 2,
        unitId: await kwh(2),
        meterType: 2,
        meterOpen: '2015-01-01',
      })
    ).id;
    ids.foreign = (
      await createMeter(t.db, await createSite(t.db, other.id), { localName: 'Foreign', ...gas })
    ).id;
    ids.org = org.id;
    await createMember(t.db, org.id, { loginId: 'pm.editor', accessId: 3 });
    await createMember(t.db, org.id, { loginId: 'pm.observer', accessId: 4 });
    await createMember(t.db, other.id, { loginId: 'pm.outsider', accessId: 2, admin: true });
    for (const k of ['pm.editor', 'pm.observer', 'pm.outsider']) tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}
