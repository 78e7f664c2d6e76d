import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let digest: () => Promise<string>;
let orgA: { id: number };
let meter: { id: number; organisationId: number };

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  tokens.root = await t.login('root');
  orgA = await createOrganisation(t.db, { name: 'Org A' });
  const orgB = await createOrganisation(t.db);
  await createMember(t.db, orgA.id, { loginId: 'admin-a', accessId: 2, admin: true });
  await createMember(t.db, orgA.id, { loginId: 'watcher', accessId: 4 });
  await createMember(t.db, orgB.id, { loginId: 'admin-b', accessId: 2, admin: true });
  for (const who of ['admin-a', 'watcher', 'admin-b']) tokens[who] = await t.login(who);
  const kwh = await t.db.execute<{ id: number }>(
    sql`select id from units where data_type_id = 13 and name = 'kWh'`,
  );
  const site = await createSite(t.db, orgA.id);
  meter = await createMeter(t.db, site, { energyId: 13, unitId: kwh.rows[0]?.id });
  // January and February 2022: 31,000 and 28,000 kWh (1,000 a day).
  await createInvoice(t.db, meter, {
    from: '2022-01-01',
    till: '2022-02-28',
    consumption: 59_000,
    cost: 9_000,
  });
  await recomputeFacts(t.db, [meter.id]);
  digest = await tableDigest(t.db);
});
afterAll(() => t.close());

const augment = (who: string, name: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/organisations/${orgA.id}/augment-factors`,
    headers: bearer(tokens[who] ?? ''),
    payload: { name },
  });

describe('Augment Factors', () => {
  it("creates the organisation's own set, named with ' Factors' or by initials past 50 characters", async () => {
    const res = await augment('admin-a', 'Acme');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { name: 'Acme Factors' } });
    expect(res.json().message).toContain('Acme Factors created.');
    const long = await augment('admin-a', 'Canterbury Regional Council Waste and Water Ops');
    expect(long.json().data.name).toBe('CRCWAWO Factors');
    const sources = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${orgA.id}/factor-sources`,
      headers: bearer(tokens['admin-a'] ?? ''),
    });
    expect(sources.json().map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Acme Factors', 'CRCWAWO Factors']),
    );
  });

  it('falls back to the default set per factor and day', async () => {
    // Acme's own scope 2 factor covers January 2022 only (0.1 kg/kWh); February takes MfE 2025's 0.0818949105.
    const source = await t.db.execute<{ id: number }>(
      sql`select id from emission_factor_sources where name = 'Acme Factors'`,
    );
    const sourceId = source.rows[0]?.id ?? 0;
    const factor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data-types/13/emission-factors/${sourceId}/factors`,
      headers: bearer(tokens.root ?? ''),
      payload: { scopeId: 2, basis: 'location', rate: '0.1', startDate: '2022-01-01', endDate: '2022-01-31' },
    });
    expect(factor.statusCode, factor.body).toBe(200);
    // The choice as GHG Reporting Settings saves it (the organisations' tests cover that form).
    await t.db.execute(
      sql`update organisations set emission_factor_data_source_id = ${sourceId} where id = ${orgA.id}`,
    );
    await recomputeFacts(t.db, [meter.id]);
    const facts = await t.db.execute<{ month: string; s2: number }>(sql`
      select month::text, co2e_scope2_location::float8 as s2 from monthly_facts where meter_id = ${meter.id} order by month`);
    expect(facts.rows[0]?.s2).toBeCloseTo(31_000 * 0.1, 4);
    expect(facts.rows[1]?.s2).toBeCloseTo(28_000 * 0.0818949105, 4);
  });

  it('refuses a blank name, one over 50 and a name in use, changing nothing', async () => {
    for (const [name, message] of [
      ['  ', 'Name cannot be blank'],
      ['x'.repeat(51), 'The name may be at most 50 characters'],
      ['acme', 'The organisation already has a factor set named acme Factors'],
    ] as const) {
      const before = await digest();
      const res = await augment('admin-a', name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await digest()).toEqual(before);
    }
  });

  it("refuses another organisation's administrator and an observer, who learn nothing", async () => {
    for (const who of ['admin-b', 'watcher']) {
      const before = await digest();
      const res = await augment(who, 'Sneaky');
      expect(res.statusCode, who).toBe(403);
      expect(res.body).not.toContain('Acme');
      expect(await digest()).toEqual(before);
    }
  });
});
