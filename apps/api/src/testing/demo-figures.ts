import type { App } from '../app';

/**
 * Every ledger figure the demo shows through the API, month by month: the dashboard (12 month comparison,
 * monthly savings, movers), the organisation overview lists (sites per measure, emissions by scope, figures
 * per site and per data source) and each site's yearly graphs. Used to check that a change of the ledger's
 * storage or rules keeps the demo's figures, against those recorded in fixtures/demo-figures.json.
 */
export async function demoFigures(
  app: App,
  token: string,
  organisationId: number,
  siteIds: number[],
  months: string[],
): Promise<Record<string, unknown>> {
  const headers = { authorization: `Bearer ${token}` };
  const figures: Record<string, unknown> = {};
  const get = async (url: string) => {
    const res = await app.inject({ url: `/api${url}`, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    figures[url] = rounded(res.json());
  };
  for (const m of ['cons', 'cost', 'co2e']) {
    await get(`/dashboard/yearly-comparison-${m}`);
    await get(`/dashboard/monthly-savings-${m}`);
  }
  await get('/dashboard/gainers-and-losers');
  for (const month of months) {
    const yyyymm = month.slice(0, 7).replace('-', '');
    for (const m of ['cons', 'cost', 'co2']) {
      await get(`/organisations/${organisationId}/sites-consumption/${m}/${yyyymm}`);
      await get(`/organisations/${organisationId}/data-sources-consumption/${m}/${yyyymm}`);
    }
    for (const m of ['cons', 'cost', 'co2e'])
      await get(`/organisations/${organisationId}/site-${m}-list/${yyyymm}`);
    await get(`/organisations/${organisationId}/emissions-list/${yyyymm}`);
  }
  const years = [...new Set(months.map((m) => Number(m.slice(0, 4))))];
  for (const site of siteIds) {
    for (const year of years) {
      for (const m of ['cons', 'cost', 'co2e'])
        await get(`/sites/${site}/asset-graph-data/${m}/${year}/year-end/12`);
    }
  }
  return figures;
}

/** Numbers to 6 significant digits: float noise from the order of a sum is not a change of meaning. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(6));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  }
  return value;
}
