import os from 'node:os';
import path from 'node:path';
import { createMember, createUser } from '@verdant/db/factories';
import { vacuumFacts } from '@verdant/db/ledger/rebuild';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';
import { computedScaleOrganisation } from './scale-organisation';

const METERS = Number(process.env.BENCH_METERS ?? 2000);
const CALLS = Number(process.env.BENCH_FIRST_CALLS ?? 50);
/** The target of every page's first call, p95 (docs/performance.md, Every page's first call). */
const TARGET_MS = 50;

/**
 * The first API call of each main page at the bench's scale (2,000 meters x 36 months): the call that fills the
 * page once the session is known, timed through the API (Fastify's inject, so no network), each p95 beside the
 * 50 ms target. The calls of the page frame every page shares (the session, the menu) are left out: the
 * sessions bench measures them.
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
  const id = org.organisationId;
  const meter = org.invoiced[Math.floor(org.invoiced.length / 2)] ?? 0;
  const month = org.last.slice(0, 7).replace('-', '');
  const pages: { page: string; url: string; headers: Record<string, string> }[] = [
    {
      page: 'dashboard (yearly comparison, kWh)',
      url: '/api/dashboard/yearly-comparison-cons',
      headers: orgHeaders,
    },
    {
      page: 'dashboard (yearly comparison, kg CO2e)',
      url: '/api/dashboard/yearly-comparison-co2e',
      headers: orgHeaders,
    },
    { page: 'dashboard (gainers and losers)', url: '/api/dashboard/gainers-and-losers', headers: orgHeaders },
    {
      page: 'organisation overview (sites by kWh)',
      url: `/api/organisations/${id}/site-cons-list/${month}`,
      headers: orgHeaders,
    },
    { page: 'sites', url: `/api/organisations/${id}/sites`, headers: orgHeaders },
    { page: 'meters (data sources list)', url: `/api/organisations/${id}/data-sources`, headers: orgHeaders },
    { page: "invoices list (a meter's)", url: `/api/meters/${meter}/invoices`, headers: orgHeaders },
    {
      page: 'graphs (what the organisation measures)',
      url: `/api/organisations/${id}/quantities-measured`,
      headers: orgHeaders,
    },
    {
      page: 'ghg (emissions by activity and scope)',
      url: '/api/charts/co2e-scope-activity',
      headers: orgHeaders,
    },
    { page: 'reports catalogue', url: `/api/organisations/${id}/reporting/reports`, headers: orgHeaders },
    {
      page: 'email processing (parked items)',
      url: '/api/admin/email-processing/parked',
      headers: productHeaders,
    },
    { page: 'organisation settings', url: `/api/organisations/${id}`, headers: orgHeaders },
  ];
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const rows: string[] = [];
  let met = 0;
  for (const p of pages) {
    const first = await app.inject({ url: p.url, headers: p.headers });
    if (first.statusCode !== 200) {
      rows.push(`| ${p.page} | \`${p.url}\` | status ${first.statusCode} | ${TARGET_MS} ms | NOT measured |`);
      continue;
    }
    const m = await measure(`${p.page}: GET ${p.url}`, CALLS, async () => {
      const res = await app.inject({ url: p.url, headers: p.headers });
      if (res.statusCode !== 200) throw new Error(`${p.url}: ${res.statusCode}`);
    });
    if (m.p95Ms < TARGET_MS) met++;
    rows.push(
      `| ${p.page} | \`${p.url.replace(`/organisations/${id}`, '/organisations/:id').replace(`/meters/${meter}/`, '/meters/:meter/')}\` | p50 ${m.p50Ms.toFixed(1)}, p95 ${m.p95Ms.toFixed(1)} ms | under ${TARGET_MS} ms | ${m.p95Ms < TARGET_MS ? 'met' : 'NOT met'} |`,
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
  console.log(`\n${met} of ${pages.length} pages' first calls under ${TARGET_MS} ms p95`);
  await app.close();
  await database.close();
}
