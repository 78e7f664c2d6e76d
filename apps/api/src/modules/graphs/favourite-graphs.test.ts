import { encodeGraph } from '@verdant/contracts/graphs';
import { addMembership, createMember, createOrganisation } from '@verdant/db/factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { users } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let orgId = 0;
let otherId = 0;

const PATH = '/api/current-user/favourite-graphs';
const graph = (title: string) =>
  encodeGraph({
    chart: 'yearly',
    years: [-1, 0],
    title,
    series: [
      {
        asset: { type: 'organisation', id: orgId, text: 'Favourites Org' },
        quantity: { type: 'cons', label: 'Energy consumption', unit: 'kWh' },
      },
    ],
  });
const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object, url = PATH) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
const names = async (who: string) => (await call(who, 'GET')).json().map((f: { name: string }) => f.name);

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db, { name: 'Favourites Org' });
  const other = await createOrganisation(t.db, { name: 'Other Org' });
  orgId = org.id;
  otherId = other.id;
  await createMember(t.db, org.id, { loginId: 'keen', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'watcher', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  const [keen] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'keen'));
  await addMembership(t.db, { userId: keen?.id ?? 0, organisationId: other.id, accessId: 3 });
  for (const k of ['keen', 'watcher', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

describe('/current-user/favourite-graphs', () => {
  it("sets a favourite with the spec's message, and the same name replaces it", async () => {
    const first = await call('keen', 'POST', { name: 'Energy', graph: graph('one') });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Favourite Graph Energy set up' });
    const again = await call('keen', 'POST', { name: 'Energy', graph: graph('two') });
    expect(again.json().message).toBe('Favourite Graph Energy set up');
    const list = (await call('keen', 'GET')).json();
    expect(list).toEqual([{ name: 'Energy', graph: graph('two') }]);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.assetType, 'favourite-graph'));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('keeps each person their own list, and an observer keeps one too', async () => {
    expect(await names('watcher')).toEqual([]);
    expect((await call('watcher', 'POST', { name: 'Mine', graph: graph('w') })).statusCode).toBe(200);
    expect(await names('watcher')).toEqual(['Mine']);
    expect(await names('keen')).toEqual(['Energy']);
    expect(await names('outsider')).toEqual([]);
  });

  it('renames, refusing a name already taken, and deletes', async () => {
    await call('keen', 'POST', { name: 'Costs', graph: graph('c') });
    const taken = await call('keen', 'PUT', { name: 'Costs', newName: 'Energy' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A favourite graph of that name already exists');
    const renamed = await call('keen', 'PUT', { name: 'Costs', newName: 'Money' });
    expect(renamed.statusCode).toBe(200);
    expect(await names('keen')).toEqual(['Energy', 'Money']);
    expect((await call('keen', 'DELETE', { name: 'Money' })).statusCode).toBe(200);
    expect(await names('keen')).toEqual(['Energy']);
    const missing = await call('keen', 'DELETE', { name: 'Money' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no favourite graph of that name');
  });

  it('needs a name and a graph it can read, and changes nothing otherwise', async () => {
    const noName = await call('keen', 'POST', { name: '   ', graph: graph('x') });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Enter a name for the favourite graph');
    for (const bad of ['not a graph', 'eyJmb28iOiAx', '', 'x'.repeat(30_000)]) {
      expect((await call('keen', 'POST', { name: 'Bad', graph: bad })).statusCode).toBe(400);
    }
    expect((await call('keen', 'POST', { name: 'Nul\u0000', graph: graph('x') })).statusCode).toBe(400);
    expect(await names('keen')).toEqual(['Energy']);
  });

  it("cannot reach another person's favourites, nor another organisation's", async () => {
    expect((await call('outsider', 'DELETE', { name: 'Energy' })).statusCode).toBe(404);
    expect((await call('outsider', 'PUT', { name: 'Energy', newName: 'Stolen' })).statusCode).toBe(404);
    expect(await names('keen')).toEqual(['Energy']);
    // The same person in another organisation has that organisation's list.
    const switchTo = (id: number) => call('keen', 'PUT', undefined, `/api/current-user/organisation/${id}`);
    expect((await switchTo(otherId)).statusCode).toBe(200);
    expect(await names('keen')).toEqual([]);
    expect((await switchTo(orgId)).statusCode).toBe(200);
    expect(await names('keen')).toEqual(['Energy']);
  });
});
