import os from 'node:os';
import path from 'node:path';
import { createMember, createUser } from '@verdant/db/factories';
import { vacuumFacts } from '@verdant/db/ledger/rebuild';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { addPageAssets, FIRST_CALLS, urlOf } from './first-call-pages';
import { measure } from './measure';
import { computedScaleOrganisation } from './scale-organisation';
import { explainSlowest, reportStatements, traceStatements } from './statements';

const METERS = Number(process.env.BENCH_METERS ?? 2000);
const CALLS = Number(process.env.BENCH_FIRST_CALLS ?? 50);
/** The target of every page's first call, p95 (docs/performance.md, Every page's first call). */
const TARGET_MS = 50;

/**
 * The first API call of every page at the bench's scale (2,000 meters x 36 months; the page list and the assets
 * its pages name are in first-call-pages.ts): the call that fills the page once the session is known, timed
 * through the API (Fastify's inject, so no network), grouped by area, each p95 beside the 50 ms target.
 * `BENCH_FIRST_PAGES=regexp` times only the pages whose name matches; BENCH_STATEMENTS=1 prints the
 * statements of each call over target (BENCH_STATEMENTS=all: of every call), BENCH_EXPLAIN=1 their slowest plans
 * too (bench/statements.ts).
 */
export async function firstCallBench(ctx: BenchContext) {
  console.log(`\n## Every page's first call: ${METERS} invoiced meters x 36 months, ${CALLS} calls each`);
  const { database, org, seconds } = await computedScaleOrganisation(ctx, 'bench_first_call', {
    meters: METERS,
    months: 36,
  });
  await vacuumFacts(database.db);
  console.log(`generated and built in ${seconds().toFixed(1)} s`);

  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.first.admin',
    accessId: 2,
    admin: true,
  });
  const productAdmin = await createUser(database.db, { loginId: 'bench.first.product', productAdmin: true });
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();
  const signIn = async (username: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username, password: 'Verdant-test-1' },
    });
    return { authorization: `Bearer ${login.json().data.token}` };
  };
  const orgHeaders = await signIn(admin.loginId);
  const productHeaders = await signIn(productAdmin.loginId);
  const assets = await addPageAssets(database.db, org);
  const headersOf = { org: orgHeaders, product: productHeaders };
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const rows: string[] = [];
  let met = 0;
  let group = '';
  const only = process.env.BENCH_FIRST_PAGES;
  const pages = FIRST_CALLS.filter((p) => !only || new RegExp(only).test(p.page));
  for (const p of pages) {
    const url = urlOf(p.route, assets);
    const headers = headersOf[p.as];
    if (p.group !== group) {
      group = p.group;
      rows.push(`| **${group}** | | | | |`);
    }
    const first = await app.inject({ url, headers });
    if (first.statusCode !== 200) {
      rows.push(
        `| ${p.page} | \`${p.route}\` | status ${first.statusCode} | ${TARGET_MS} ms | NOT measured |`,
      );
      continue;
    }
    const m = await measure(`${p.page}: GET ${url}`, CALLS, async () => {
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    });
    if (m.p95Ms < TARGET_MS) met++;
    const trace = process.env.BENCH_STATEMENTS === 'all' || m.p95Ms >= TARGET_MS;
    if (trace && (process.env.BENCH_STATEMENTS || process.env.BENCH_EXPLAIN)) {
      const statements = await traceStatements(() => app.inject({ url, headers }));
      reportStatements(`  ${p.page}`, statements);
      await explainSlowest(database.pool, statements);
    }
    rows.push(
      `| ${p.page} | \`${p.route}\` | p50 ${m.p50Ms.toFixed(1)}, p95 ${m.p95Ms.toFixed(1)} ms | under ${TARGET_MS} ms | ${m.p95Ms < TARGET_MS ? 'met' : 'NOT met'} |`,
    );
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log('\n| page | first call | figure | target | met |\n|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`\n${met} of ${pages.length} first calls under ${TARGET_MS} ms p95`);
  await app.close();
  await database.close();
}
