import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportJob } from '@verdant/contracts/imports';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';

/** Helpers of the data-load API tests: upload a file and wait for its load, and a meter's stored data. */

/** The repository's root: the folder above this file that holds package-lock.json. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package-lock.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('no repository root above the tests');
    dir = up;
  }
  return dir;
}

/** The shared real-world samples (read where they are, beside the repository, never copied into it). */
export const SHARED_FIXTURES = path.resolve(repoRoot(), '../shared/fixtures/imports');

/** Uploads a file under a name and waits for its load to end. */
export async function loadFile(
  t: TestApp,
  token: string,
  name: string,
  payload: Buffer | string,
  query = '',
): Promise<ImportJob> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/jobs/meter-load${query}`,
    headers: {
      ...bearer(token),
      'content-type': 'application/octet-stream',
      'x-filename': encodeURIComponent(name),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return loadEnded(t, bearer(token), res.json().data.uuid);
}

/**
 * Reads a load's status until it has finished or failed, and answers it: two and a half minutes at most, the
 * longest a test's load was given (a large file on a busy machine).
 */
export const loadEnded = (t: TestApp, headers: Record<string, string>, uuid: string) =>
  readUntil(
    async () => {
      const res = await t.app.inject({ url: `/api/jobs/${uuid}/status`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as ImportJob;
    },
    (job) => job.status === 'finished' || job.status === 'failed',
    `load ${uuid} ended`,
    150_000,
  );

/** The error report of a load, as its lines after the header. */
export async function reportLines(t: TestApp, token: string, job: ImportJob): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/jobs/${job.uuid}/error-report`, headers: bearer(token) });
  return res.body.trim().split('\n').slice(1);
}

export interface MeterData {
  /** Each half-hour register: its label, kind, days stored, total and the qualities its half hours have. */
  registers: { label: string | null; kind: string; days: number; total: number; qualities: string }[];
  records: { from: string; till: string; units: number; estimated: boolean }[];
  /** The ledger's consumption (standard units) over all months. */
  consumption: number;
}

/** What a data source holds: its half-hour registers, consumption records and ledger total. */
export async function meterData(t: TestApp, meterId: number): Promise<MeterData> {
  const registers = await t.db.execute<MeterData['registers'][number]>(sql`
    select r.label, r.direction || ' ' || r.quantity as kind, count(d.read_date)::int as days,
      coalesce(round(sum(d.day_kwh)::numeric, 3), 0)::float8 as total,
      coalesce((select string_agg(distinct q, '' order by q) from half_hour_days dd,
        unnest(string_to_array(coalesce(dd.quality, ''), null)) q
        where dd.meter_id = r.meter_id and dd.register = r.register and q <> ' '), '') as qualities
    from half_hour_registers r left join half_hour_days d on d.meter_id = r.meter_id and d.register = r.register
    where r.meter_id = ${meterId} group by r.meter_id, r.register, r.label, r.direction, r.quantity
    order by r.register`);
  const records = await t.db.execute<MeterData['records'][number]>(sql`
    select date_from::text as "from", date_till::text as till, units::float8 as units, estimated
    from consumption_records where meter_id = ${meterId} order by date_from`);
  const facts = await t.db.execute<{ total: number }>(sql`
    select coalesce(round(sum(quantity_std)::numeric, 3), 0)::float8 as total from monthly_facts
    where meter_id = ${meterId}`);
  return {
    registers: registers.rows,
    records: records.rows,
    consumption: facts.rows[0]?.total ?? 0,
  };
}

export const EMPTY: MeterData = { registers: [], records: [], consumption: 0 };
