import type { Readable } from 'node:stream';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { loadEnded } from './load-testing';

/*
 * The world of the data-load tests of CSV readings (docs/decisions/tooling.md, A test file's world in a fixture
 * module): Load Org's site Works with smart meters by ICP (Smart A), by meter number with export (Smart B, SB-2), in
 * MWh (Smart MWh), a supply and a record-only meter that take no half hours, one the editor may not change (Barred
 * smart) and ten Bulk meters; Other Load Org's Foreign smart. Today is 21 November 2026.
 */

export let t: TestApp;
export const tokens: Record<string, string> = {};
export const ids: Record<string, number> = {};

export const MAPPING = {
  meter: 'ICP',
  timestamp: 'Start',
  value: 'kWh',
  quality: 'Flag',
  direction: 'Direction',
};

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
    const org = await createOrganisation(t.db, { name: 'Load Org' });
    const other = await createOrganisation(t.db, { name: 'Other Load Org' });
    const electricity = await createDataType(t.db, { name: 'Electricity loads' }, [
      { name: 'MWh', conversionToStandard: 1000 },
    ]);
    const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2025-01-01' };
    const site = await createSite(t.db, org.id, { name: 'Works' });
    const smart = await createMeter(t.db, site, {
      localName: 'Smart A',
      meterType: 5,
      account: '0000011111AA111',
      ...kwh,
    });
    const exporter = await createMeter(t.db, site, {
      localName: 'Smart B',
      meterType: 5,
      meterNumber: 'SB-2',
      hasExport: true,
      ...kwh,
    });
    const mwh = await createMeter(t.db, site, {
      localName: 'Smart MWh',
      meterType: 1,
      ...kwh,
      unitId: electricity.units.MWh?.id,
    });
    const supply = await createMeter(t.db, site, { localName: 'Office supply', meterType: 2, ...kwh });
    const record = await createMeter(t.db, site, { localName: 'Unmetered lights', meterType: 8, ...kwh });
    const barred = await createMeter(t.db, site, { localName: 'Barred smart', meterType: 5, ...kwh });
    const foreign = await createMeter(t.db, await createSite(t.db, other.id), {
      localName: 'Foreign smart',
      meterType: 5,
      account: '0000099999ZZ999',
    });
    for (let i = 1; i <= 10; i++)
      await createMeter(t.db, site, {
        localName: `Bulk ${i}`,
        meterType: 5,
        ...kwh,
        meterOpen: '2024-01-01',
      });
    Object.assign(ids, {
      org: org.id,
      other: other.id,
      smart: smart.id,
      exporter: exporter.id,
      mwh: mwh.id,
      supply: supply.id,
      record: record.id,
      foreign: foreign.id,
      kwhUnit: electricity.stdUnitId,
    });
    await createMember(t.db, org.id, { loginId: 'l.admin', accessId: 2, admin: true });
    const editor = await createMember(t.db, org.id, { loginId: 'l.editor', accessId: 3 });
    await grantRight(t.db, {
      userId: editor.id,
      organisationId: org.id,
      assetType: 'meter',
      assetId: barred.id,
      rightId: 4,
    });
    await createMember(t.db, org.id, { loginId: 'l.observer', accessId: 4 });
    await createMember(t.db, other.id, { loginId: 'l.outsider', accessId: 2, admin: true });
    await createUser(t.db, { loginId: 'l.product', productAdmin: true });
    for (const k of ['l.admin', 'l.editor', 'l.observer', 'l.outsider', 'l.product'])
      tokens[k] = await t.login(k);
    const into = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${org.id}`,
      headers: bearer(tokens['l.product'] ?? ''),
    });
    expect(into.statusCode).toBe(200);
  });
  afterAll(() => t.close());
}

export const auth = (who: string) => bearer(tokens[who] ?? '');

export function upload(
  who: string,
  filename: string,
  body: string | Buffer | Readable,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/meter-load${search ? `?${search}` : ''}`,
    headers: {
      ...auth(who),
      'content-type': 'application/octet-stream',
      'x-filename': encodeURIComponent(filename),
    },
    payload: body,
  });
}

export const finished = (uuid: string, who = 'l.editor'): Promise<ImportJob> => loadEnded(t, auth(who), uuid);

export async function load(
  filename: string,
  body: string | Buffer | Readable,
  query: Record<string, string> = {},
) {
  const res = await upload('l.editor', filename, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return finished(res.json().data.uuid);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day of 30-minute readings, one CSV row each. */
export function day(key: string, date: string, value: (hh: number) => number | string, extra = ',A,import') {
  return Array.from(
    { length: 48 },
    (_, hh) => `${key},${date} ${pad(Math.floor(hh / 2))}:${hh % 2 ? '30' : '00'},${value(hh)}${extra}`,
  );
}
export const csv = (rows: string[]) => `ICP,Start,kWh,Flag,Direction\n${rows.join('\n')}\n`;

export const digest = async () =>
  (
    await t.db.execute<{
      d: string;
    }>(sql`select md5(coalesce(string_agg(h::text, '|' order by h.meter_id, h.register,
      h.read_date), '')) as d from half_hour_days h`)
  ).rows[0]?.d;
