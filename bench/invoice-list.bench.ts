import os from 'node:os';
import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { connect } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { addMonths } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';
import { explainSlowest, reportStatements, traceStatements } from './statements';

const INVOICES = 120;
const RUNS = Number(process.env.BENCH_INVOICE_LIST_RUNS ?? 300);

/**
 * The Invoices tab of a meter with 120 monthly invoices (target: p95 under 50 ms) over real HTTP:
 * two replacements nesting four of them, a non-invoicing note, a bound note per tenth invoice.
 */
export async function invoiceListBench(ctx: BenchContext) {
  console.log(`\n## Invoice list (${INVOICES} invoices on one meter)`);
  const database = connect(await ctx.freshDatabase('bench_invoice_list'), 10);
  await runMigrations(database.pool);
  const org = await createOrganisation(database.db, { name: 'Invoice bench' });
  const type = await createDataType(database.db, { name: 'Electricity bench' });
  const site = await createSite(database.db, org.id, { name: 'Bench site' });
  const meter = await createMeter(database.db, site, {
    localName: 'Bench meter',
    energyId: type.id,
    unitId: type.stdUnitId,
    meterOpen: '2016-01-01',
  });
  const ids: number[] = [];
  for (let i = 0; i < INVOICES; i++) {
    const from = addMonths('2016-01-01', i);
    const till = `${addMonths(from, 1).slice(0, 8)}01`;
    const last = new Date(Date.parse(`${till}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const inv = await createInvoice(database.db, meter, {
      from,
      till: last,
      consumption: 1000 + i,
      cost: 200 + i,
      invoiceNumber: `B-${i}`,
    });
    ids.push(inv.id);
    if (i % 10 === 0) {
      await database.db.execute(sql`insert into jobs (organisation_id, meter_id, date_from, date_till, text, invoice_id)
        values (${org.id}, ${meter.id}, ${from}, ${last}, 'Checked', ${inv.id})`);
    }
  }
  await recomputeFacts(database.db, [meter.id]);
  await database.db.execute(sql`analyze`);
  const user = await createMember(database.db, org.id, { loginId: 'bench.invoices', accessId: 3 });
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
    // Two replacements, each of two months, through the API as a person makes them.
    for (const [a, b] of [
      [10, 11],
      [50, 51],
    ] as const) {
      const res = await fetch(`${address}/api/invoices/replacement`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          meters: [{ meterId: meter.id, chargedConsumption: 2000 }],
          startDate: addMonths('2016-01-01', a),
          endDate: new Date(Date.parse(`${addMonths('2016-01-01', b + 1)}T00:00:00Z`) - 86_400_000)
            .toISOString()
            .slice(0, 10),
          invoiceDate: '2026-01-01',
          invoiceNumber: `R-${a}`,
          chargedCost: 400,
        }),
      });
      if (!res.ok) throw new Error(`replacement answered ${res.status}: ${await res.text()}`);
    }
    const url = `${address}/api/meters/${meter.id}/invoices?limit=200`;
    const get = async () => {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    };
    const body = (await get()) as { count: number; rows: unknown[] };
    console.log(`top-level invoices ${body.count}, rows ${body.rows.length}`);
    for (let i = 0; i < 20; i++) await get();
    const traced = await traceStatements(get);
    reportStatements('one GET /meters/{id}/invoices (statements)', traced);
    await explainSlowest(database.pool, traced, 7);
    await measure('GET /meters/{id}/invoices (120 invoices)', RUNS, get);
    await measure('GET /meters/{id}/invoice-date-defaults', RUNS, async () => {
      const res = await fetch(`${address}/api/meters/${meter.id}/invoice-date-defaults`, { headers });
      if (!res.ok) throw new Error(`defaults answered ${res.status}`);
      return res.json();
    });
  } finally {
    await app.close();
    await database.close();
  }
}
