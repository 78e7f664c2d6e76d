import type { GraphQuantityInput } from '@verdant/contracts/graphs';
import type { DbOrTx } from '@verdant/db/client';
import { type FactEdition, type FactQuery, factEditions } from '@verdant/db/ledger/read-model';
import { type FactRestatement, factRestatements } from '@verdant/db/ledger/read-model-restatements';

/** The quantities of kg CO2e a series can show. */
const EMISSIONS = new Set(['co2e', 'scope1', 'scope2', 'scope2_market', 'scope3']);

/**
 * The editions of emission factors that produced a graph's kg CO2e (docs/decisions/factor-editions.md, Which edition
 * produced a figure): over its series of emissions read from the ledger (a public dataset's or a time-matched series
 * has no factor of ours), each through the read model with the series' own meters, months and filters; the same
 * query asked twice is read once. Market-based scope 2 names the residual mix's editions too; the other
 * quantities are location-based. By name, each once.
 */
export async function seriesEditions(
  db: DbOrTx,
  series: readonly { quantity: Pick<GraphQuantityInput, 'type' | 'source'>; query: FactQuery }[],
): Promise<FactEdition[]> {
  const asked = new Map<string, Promise<FactEdition[]>>();
  for (const s of series) {
    if (!EMISSIONS.has(s.quantity.type) || (s.quantity.source ?? 'ledger') !== 'ledger') continue;
    const { by: _by, ...query } = s.query;
    const market = s.quantity.type === 'scope2_market';
    const key = JSON.stringify([query, market]);
    if (!asked.has(key)) asked.set(key, factEditions(db, query, { market }));
  }
  const named = new Map<string, FactEdition>();
  for (const list of await Promise.all(asked.values())) {
    for (const e of list) named.set(`${e.id}:${e.name}`, e);
  }
  return [...named.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The restatements done that replaced some of the facts behind a graph's kg CO2e, over the same series as its
 * editions (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally reported): the
 * CSV's closing line names them. Each series' meters, sites and months, read once per distinct query; first first.
 */
export async function seriesRestatements(
  db: DbOrTx,
  series: readonly { quantity: Pick<GraphQuantityInput, 'type' | 'source'>; query: FactQuery }[],
): Promise<FactRestatement[]> {
  const asked = new Map<string, Promise<FactRestatement[]>>();
  for (const s of series) {
    if (!EMISSIONS.has(s.quantity.type) || (s.quantity.source ?? 'ledger') !== 'ledger') continue;
    const { organisationId, visible, siteIds, months } = s.query;
    // The months the graph shows, where its query names them (a comparison reads those alone).
    const shown = months?.length ? [...months].sort() : [s.query.from, s.query.till];
    const query = {
      organisationId,
      from: shown[0] ?? s.query.from,
      till: shown.at(-1) ?? s.query.till,
      visible,
      siteIds,
    };
    const key = JSON.stringify(query);
    if (!asked.has(key)) asked.set(key, factRestatements(db, query));
  }
  const done = new Map<number, FactRestatement>();
  for (const list of await Promise.all(asked.values())) for (const r of list) done.set(r.id, r);
  return [...done.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}
