import os from 'node:os';
import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { connect } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { halfHourDays, halfHourRegisters } from '@verdant/db/schema/half-hours';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';

/** Meters with a year of half-hour data beside the measured one, so the table is not tiny. */
const METERS = Number(process.env.BENCH_HALF_HOUR_METERS ?? 100);
const RUNS = Number(process.env.BENCH_HALF_HOUR_RUNS ?? 300);
const FROM = '2025-11-01';
const TILL = '2026-10-31';

/**
 * The HH Data tab's month call (target: p95 under 30 ms) over real HTTP: one month (about 1,488
 * half hours) of a meter with two registers and a year of data, among METERS such meters, converted to the
 * local clock with its statistics; and the availability call. The month is March, when daylight saving is on
 * (each local day takes two half hours from the standard day before).
 */
export async function halfHourBench(ctx: BenchContext) {
  console.log(`\n## Half-hour month (${METERS} meters with a year of two registers)`);
  const database = connect(await ctx.freshDatabase('bench_half_hour'), 10);
  await runMigrations(database.pool);
  const org = await createOrganisation(database.db, { name: 'Half-hour bench' });
  const type = await createDataType(database.db, { name: 'Electricity bench' });
  const site = await createSite(database.db, org.id, { name: 'Bench site' });
  const ids: number[] = [];
  for (let m = 0; m < METERS; m++) {
    const meter = await createMeter(database.db, site, {
      localName: `Smart meter ${m}`,
      meterType: 5,
      energyId: type.id,
      unitId: type.stdUnitId,
      loadGroup: 60,
    });
    ids.push(meter.id);
    for (const [register, direction] of [
      [0, 'import'],
      [2, 'export'],
    ] as const) {
      await database.db
        .insert(halfHourRegisters)
        .values({ organisationId: org.id, meterId: meter.id, register, direction, quantity: 'kWh' });
      const rows: (typeof halfHourDays.$inferInsert)[] = [];
      for (let d = toDayNumber(FROM); d <= toDayNumber(TILL); d++) {
        const kwh = Array.from({ length: 48 }, (_, hh) => 1 + ((hh * 7 + d + m) % 13) / 10);
        rows.push({
          meterId: meter.id,
          organisationId: org.id,
          register,
          readDate: fromDayNumber(d),
          kwh,
          kw: kwh.map((v) => v * 2),
          pf: kwh.map(() => 0.93),
          dayKwh: kwh.reduce((a, b) => a + b, 0),
          readings: 48,
          quality: d % 17 === 0 ? `${'A'.repeat(40)}${'E'.repeat(8)}` : null,
          estimatedReadings: d % 17 === 0 ? 8 : 0,
        });
      }
      for (let i = 0; i < rows.length; i += 200)
        await database.db.insert(halfHourDays).values(rows.slice(i, i + 200));
    }
  }
  await database.db.execute(sql`analyze`);
  const user = await createMember(database.db, org.id, { loginId: 'bench.half-hour', accessId: 3 });
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.loginId, password: 'Verdant-test-1' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const meterId = ids[Math.floor(ids.length / 2)] ?? 0;
    const get = (url: string) => async () => {
      const res = await fetch(`${address}/api${url}`, { headers });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    };
    const month = get(`/meters/${meterId}/half-hour-data/2026/3`);
    const body = (await month()) as { records: unknown[] };
    console.log(`records in the month ${body.records.length}`);
    for (let i = 0; i < 20; i++) await month();
    await measure('GET /meters/{id}/half-hour-data/2026/3', RUNS, month);
    await measure(
      'GET /meters/{id}/half-hour-data/2026/3?register=2',
      RUNS,
      get(`/meters/${meterId}/half-hour-data/2026/3?register=2`),
    );
    await measure(
      'GET /meters/{id}/half-hour-data/availability',
      RUNS,
      get(`/meters/${meterId}/half-hour-data/availability`),
    );
  } finally {
    await app.close();
    await database.close();
  }
}
