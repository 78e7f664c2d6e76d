import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';
import { explainSlowest, reportStatements, traceStatements } from './statements';

const METERS = Number(process.env.BENCH_INVOICES_METERS ?? 500);
const MONTHS = 36;
const RUNS = Number(process.env.BENCH_INVOICES_RUNS ?? 200);

/**
 * Invoice entry: saving an invoice of 40 items over real HTTP, with its checks, its items
 * replaced and the meter's ledger recomputed in the same transaction (target p95 under 60 ms). The meter
 * already has 36 months of invoices in an organisation of 500 meters.
 */
export async function invoicesBench(ctx: BenchContext) {
  console.log(`\n## Invoice save (${METERS} meters x ${MONTHS} months, 40 items per invoice)`);
  const database = connect(await ctx.freshDatabase('bench_invoices'), 10);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const org = await generateScaleOrganisation(database.db, {
    meters: METERS,
    hhMeters: 0,
    months: MONTHS,
    today,
  });
  for (let i = 0; i < org.meterIds.length; i += 200) {
    await recomputeFacts(database.db, org.meterIds.slice(i, i + 200), today);
  }
  await database.db.execute(sql`analyze`);
  console.log(`set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const user = await createMember(database.db, org.organisationId, {
    loginId: 'bench.invoices',
    accessId: 3,
  });
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
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const meterId = org.meterIds[0] ?? 0;
    const meter = (
      await database.db.execute<{ unit_id: number; meter_close: string | null }>(
        sql`select unit_id, meter_close::text from meters where id = ${meterId}`,
      )
    ).rows[0];
    // 40 items: 36 energy lines at 20c on 100 kWh ($20.00 each), 4 daily charges of 30 days at 50c ($15.00).
    const items = [
      ...Array.from({ length: 36 }, (_, i) => ({
        category: 'charge',
        chargeTypeId: 1,
        description: `Energy block ${i + 1}`,
        rate: 20,
        units: 100,
      })),
      ...Array.from({ length: 4 }, () => ({ category: 'charge', chargeTypeId: 2, rate: 50, units: 30 })),
    ];
    // 720.00 + 60.00 = 780.00; GST 117.00; total 897.00.
    const body = (i: number, id: number | null) => ({
      id,
      meterId,
      invoiceNumber: `BENCH-${i}`,
      invoiceDate: today,
      dateDue: today,
      dateFrom: `${org.last.slice(0, 8)}01`,
      dateTill: org.last,
      unitId: meter?.unit_id,
      consumption: 3600,
      taxAmount: '117.00',
      visibleTotal: '897.00',
      edited: true,
      items,
    });
    const save = async (payload: object) => {
      const res = await fetch(`${address}/api/invoices/save`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(payload),
      });
      if (!res.ok) throw new Error(`save answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { savedInvoice: { id: number } };
    };
    const first = await save(body(0, null));
    const id = first.savedInvoice.id;
    for (let i = 0; i < 10; i++) await save(body(i, id));
    const traced = await traceStatements(() => save(body(99, id)));
    reportStatements('one save of 40 items (statements)', traced);
    await explainSlowest(database.pool, traced);
    reportStatements(
      'one dry run of 40 items (statements)',
      await traceStatements(() => save({ ...body(98, id), dryRun: true })),
    );
    const m = await measure('save an invoice of 40 items with recompute', RUNS, (i) => save(body(i, id)));
    console.log(
      `target p95 under 60 ms: ${m.p95Ms < 60 ? 'met' : 'NOT met'} (load: one caller, ${os.cpus().length} cores)`,
    );
  } finally {
    await app.close();
    await database.pool.end();
  }
}
