import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* Favourite reports: a person's own, the same name replaces, a sliding period taken from the day it runs. */

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Favourites Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const power = await createDataType(db, { name: 'Electricity' });
  const site = await createSite(db, org.id, { name: 'Depot' });
  const meter = await createMeter(db, site, {
    localName: 'Depot supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  await createInvoice(db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(db, [meter.id], '2026-11-21');
  const theirs = await createSite(db, other.id, { name: 'Their depot' });
  Object.assign(ids, { site: site.id, theirs: theirs.id });
  await createMember(db, org.id, { loginId: 'f.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'f.observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'f.outsider', accessId: 2, admin: true });
  for (const k of ['f.admin', 'f.observer', 'f.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t?.close());

const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const monthly = {
  id: 1,
  output: 'csv',
  asset: { type: 'organisation' },
  relative: 'last-full-month',
  favouriteName: 'Monthly pack',
};

describe('favourite reports', () => {
  it("sets one up ('Report set up!'), lists it, and the same name replaces it", async () => {
    const res = await send('f.admin', 'POST', '/data/reporting/favourites/create', monthly);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Report set up!' });
    const again = await send('f.admin', 'POST', '/data/reporting/favourites/create', {
      ...monthly,
      output: 'pdf',
    });
    expect(again.json().data).toMatchObject({ name: 'Monthly pack', extension: 'pdf' });
    const list = (await send('f.admin', 'GET', '/current-user/favourite-reports')).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Monthly pack',
        extension: 'pdf',
        reportName: 'Monthly energy and carbon summary',
        asset: { type: 'organisation', id: null, name: 'Favourites Org' },
        period: 'Last full month',
      }),
    ]);
    // Another person's list (an observer keeps their own) holds none of it.
    expect((await send('f.observer', 'GET', '/current-user/favourite-reports')).json()).toEqual([]);
  });

  it('runs with the period slid to the last full month of the day it runs', async () => {
    await send('f.admin', 'POST', '/data/reporting/favourites/create', {
      ...monthly,
      favouriteName: 'As CSV',
    });
    const res = await send('f.admin', 'POST', '/data/reporting/favourites/run', { name: 'As CSV' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('monthly-energy-and-carbon-summary-2026-10.csv');
    expect(res.body).toContain('Electricity,3100,kWh,620');
  });

  it('saves the favourite graphs way too: a name and the report as text', async () => {
    const report = JSON.stringify({
      id: 1,
      output: 'csv',
      asset: { type: 'site', id: ids.site },
      start: '2026-10-01',
    });
    const res = await send('f.observer', 'POST', '/current-user/favourite-reports', {
      name: 'Depot',
      report,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ period: '01/10/2026 to 31/10/2026', asset: { name: 'Depot' } });
    const bad = await send('f.observer', 'POST', '/current-user/favourite-reports', {
      name: 'X',
      report: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('That report cannot be saved as a favourite');
  });

  it('renames and deletes, refusing a name in use', async () => {
    const taken = await send('f.admin', 'PUT', '/current-user/favourite-reports', {
      name: 'As CSV',
      newName: 'Monthly pack',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A favourite report of that name already exists');
    const renamed = await send('f.admin', 'PUT', '/current-user/favourite-reports', {
      name: 'As CSV',
      newName: 'CSV pack',
    });
    expect(renamed.json().name).toBe('CSV pack');
    expect(
      (await send('f.admin', 'DELETE', '/current-user/favourite-reports', { name: 'CSV pack' })).json(),
    ).toEqual({
      success: true,
    });
    const gone = await send('f.admin', 'POST', '/data/reporting/favourites/run', { name: 'CSV pack' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('There is no favourite report of that name');
  });

  it('refuses what could not run, saving nothing', async () => {
    const before = (await send('f.admin', 'GET', '/current-user/favourite-reports')).json().length;
    const cases: [object, number, string][] = [
      [{ asset: { type: 'site', id: ids.theirs } }, 404, 'That asset was not found'],
      [{ relative: 'last-reporting-year' }, 400, 'This report cannot slide by Last reporting year'],
      [{ favouriteName: '  ' }, 400, 'Enter a name for the favourite report'],
      [{ id: 999 }, 404, 'That report was not found'],
    ];
    for (const [change, status, message] of cases) {
      const res = await send('f.admin', 'POST', '/data/reporting/favourites/create', {
        ...monthly,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await send('f.admin', 'GET', '/current-user/favourite-reports')).json()).toHaveLength(before);
  });

  it("never shows or runs another organisation's favourites", async () => {
    expect((await send('f.outsider', 'GET', '/current-user/favourite-reports')).json()).toEqual([]);
    const res = await send('f.outsider', 'POST', '/data/reporting/favourites/run', { name: 'Monthly pack' });
    expect(res.statusCode).toBe(404);
  });
});
