import os from 'node:os';
import path from 'node:path';
import { createGroup } from '@verdant/db/asset-factories';
import { createMember } from '@verdant/db/factories';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';
import { computedScaleOrganisation } from './scale-organisation';

const METERS = Number(process.env.BENCH_METERS ?? 2000);
const RUNS = Number(process.env.BENCH_GRAPH_RUNS ?? 40);

/**
 * The graph builder at the bench organisation's scale (target: a time series of 3 years x 36 series
 * answers in under 300 ms p95): `METERS` invoiced meters over 100 sites, 36 months of invoices. Each series
 * mix is asked `RUNS` times through the API (POST /organisations/{id}/graph-data), one call at a time.
 */
export async function graphsBench(ctx: BenchContext) {
  console.log(`\n## Graph builder: ${METERS} meters over 100 sites x 36 months`);
  const { database, today, org, seconds } = await computedScaleOrganisation(ctx, 'bench_graphs', {
    meters: METERS,
    months: 36,
  });
  await database.db.execute(sql`analyze`);
  console.log(`generated and computed in ${seconds().toFixed(1)} s`);

  const sites = (
    await database.db.execute<{ id: number; name: string }>(
      sql`select id, name from sites where organisation_id = ${org.organisationId} order by id`,
    )
  ).rows;
  const group = await createGroup(
    database.db,
    org.organisationId,
    'meter',
    'Bench group',
    org.meterIds.slice(0, 300),
  );
  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.graphs',
    accessId: 2,
    admin: true,
  });
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username: admin.loginId, password: 'Verdant-test-1' },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };

  const endMonth = addMonths(monthOf(today), -1).slice(0, 7);
  const year = Number(endMonth.slice(0, 4));
  const quantity = (type: string) => ({ type, label: type, unit: '' });
  const asset = (type: string, id: number) => ({ type, id, text: `${type} ${id}` });
  const mixes: Record<string, object[]> = {
    // A split of the organisation by site: 36 sites' consumption.
    '36 sites, consumption': sites
      .slice(0, 36)
      .map((s) => ({ asset: asset('site', s.id), quantity: quantity('cons') })),
    // A heavier mix: the organisation and a source group in three measures, 10 sites in three measures, meters.
    '36 mixed series (organisation, group, sites, meters; cons, cost, co2e)': [
      ...['cons', 'cost', 'co2e'].flatMap((q) => [
        { asset: asset('organisation', org.organisationId), quantity: quantity(q) },
        { asset: asset('meter-group', group.id), quantity: quantity(q) },
      ]),
      ...sites
        .slice(0, 8)
        .flatMap((s) =>
          ['cons', 'cost', 'scope2'].map((q) => ({ asset: asset('site', s.id), quantity: quantity(q) })),
        ),
      ...org.meterIds.slice(0, 6).map((id) => ({ asset: asset('meter', id), quantity: quantity('cons') })),
    ],
  };
  const results: string[] = [];
  for (const [label, series] of Object.entries(mixes)) {
    for (const chart of ['timeseries', 'yearly'] as const) {
      const body = {
        series,
        chart,
        period: 'month',
        years: chart === 'timeseries' ? [year - 2] : [year - 2, year - 1, year],
        endMonth,
      };
      const check = await app.inject({
        method: 'POST',
        url: `/api/organisations/${org.organisationId}/graph-data`,
        headers,
        payload: body,
      });
      if (check.statusCode !== 200)
        throw new Error(`graph-data answered ${check.statusCode}: ${check.body.slice(0, 300)}`);
      const m = await measure(`${chart}, 3 years x ${label}`, RUNS, () =>
        app.inject({
          method: 'POST',
          url: `/api/organisations/${org.organisationId}/graph-data`,
          headers,
          payload: body,
        }),
      );
      results.push(
        `${chart}, 3 years x ${label}: p50 ${m.p50Ms.toFixed(1)} ms, p95 ${m.p95Ms.toFixed(1)} ms`,
      );
    }
  }
  const pie = await measure('pie: the organisation by site over 12 months', RUNS, () =>
    app.inject({
      method: 'POST',
      url: `/api/organisations/${org.organisationId}/pie-data`,
      headers,
      payload: {
        asset: asset('organisation', org.organisationId),
        quantity: quantity('cons'),
        split: 'asset',
        period: { from: addMonths(`${endMonth}-01`, -11).slice(0, 7), to: endMonth },
      },
    }),
  );
  for (const r of results) console.log(r);
  console.log(
    `pie by 100 sites: p95 ${pie.p95Ms.toFixed(1)} ms (target for a time series of 3 years x 36 series: p95 under 300 ms)`,
  );
  await app.close();
  await database.close();
}
