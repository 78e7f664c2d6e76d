import { factorSourceReach } from '@verdant/db/ledger/factor-source-reach';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { until } from '../../testing/until';
import { call, ids, org, other, put, t, useFixture } from './organisations.fixture';

useFixture();

describe('GHG reporting settings', () => {
  it('offers the global factor sources and the organisation own, not another organisation', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}/factor-sources`);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['National factors', 'Riverside own']);
    const theirs = await put('boss', { emissionFactorDataSourceId: ids.theirs });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(MSG.factorSourceUnknown);
  });

  /** What the screens do: ask for the ledger status again until no meter waits. */
  const untilFresh = () =>
    until(
      async () => (await call('watcher', 'GET', `/api/organisations/${org.id}/ledger-status`)).json().fresh,
      'the recompute job caught up',
    );

  it('recomputes the emissions in the background when the factor source changes, and back', async () => {
    const emitters = async () => {
      await untilFresh();
      return (await call('watcher', 'GET', `/api/organisations/${org.id}/emissions-list/202610`)).json()
        .sites;
    };
    expect((await put('boss', { emissionFactorDataSourceId: ids.own })).statusCode).toBe(200);
    expect((await emitters()).map((s: { siteName: string; total: number }) => [s.siteName, s.total])).toEqual(
      [
        ['Depot', 1530],
        ['Office', 910],
      ],
    );
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    expect((await emitters())[0]).toMatchObject({ siteName: 'Office', total: 510 });
  });

  it('restates only the periods and data sources the own set’s factors cover', async () => {
    // The own set has one factor, electricity scope 2 from 2020-01-01: the choice reaches back to that day,
    // not to 1900, and only the electricity meters (supply and check), never the gas or water meters.
    expect((await put('boss', { emissionFactorDataSourceId: ids.own })).statusCode).toBe(200);
    const history = await t.db.execute(sql`select effective_from::text as "from", source_id as "source"
      from organisation_factor_sources where organisation_id = ${org.id} order by effective_from`);
    expect(history.rows).toEqual([{ from: '2020-01-01', source: ids.own }]);
    const reach = await factorSourceReach(t.db, org.id, [ids.own ?? 0, ids.source ?? 0]);
    const types = await t.db.execute<{ energy_id: number }>(
      sql`select distinct energy_id from meters where id = any(${sql.param(reach.meterIds)}::int[])`,
    );
    expect(reach).toMatchObject({ from: '2020-01-01' });
    expect(reach.meterIds).toHaveLength(3);
    expect(types.rows).toEqual([{ energy_id: ids.electricity }]);
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    await untilFresh();
  });

  it('takes 20 source changes at once while the job recomputes: every answer 200, the facts equal a rebuild', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        put('boss', { emissionFactorDataSourceId: n % 2 ? null : ids.own }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await untilFresh();
    const report = await rebuildLedger(t.database.pool, { today: '2026-11-21' });
    expect(report.factDifferences).toEqual([]);
    expect(report.rollupDifferences).toEqual([]);
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    await untilFresh();
  });

  it('tells members only whether the figures are fresh', async () => {
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}/ledger-status`)).json()).toEqual({
      pendingMeters: 0,
      fresh: true,
    });
    expect((await call('watcher', 'GET', `/api/organisations/${other.id}/ledger-status`)).statusCode).toBe(
      403,
    );
  });
});
