import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './password-hash';
import { DEMO_PASSWORD, ensureProductAdmin, seedDemoOnce, setAdminPassword } from './seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T;

describe('demo seed', () => {
  it('loads once, with the accounts the README names', async () => {
    const first = await seedDemoOnce(database.db, { adminPassword: 'Admin-pass-123', today: '2026-11-21' });
    expect(first).toEqual({
      seeded: true,
      demoOrganisationId: expect.any(Number),
      adminPassword: 'Admin-pass-123',
      adminPasswordGenerated: false,
    });
    expect(await seedDemoOnce(database.db)).toEqual({ seeded: false });

    const rows = await database.db.execute<{
      login_id: string;
      org: string;
      access_id: number;
      admin: boolean;
      password_hash: string;
    }>(sql`
      select u.login_id, o.name as org, m.access_id, m.admin, u.password_hash from users u
      join memberships m on m.user_id = u.id join organisations o on o.id = m.organisation_id
      where u.login_id in ('demo', 'demo.general', 'demo.observer', 'harbour.admin') order by u.login_id, o.name`);
    expect(rows.rows.map((r) => [r.login_id, r.org, r.access_id, r.admin])).toEqual([
      ['demo', 'Demo Organisation', 2, true],
      ['demo', 'Demo Water Trust', 3, false],
      ['demo.general', 'Demo Organisation', 3, false],
      ['demo.observer', 'Demo Organisation', 4, false],
      ['harbour.admin', 'Harbour Council', 2, true],
    ]);
    for (const r of rows.rows) expect(await verifyPassword(r.password_hash, DEMO_PASSWORD)).toBe(true);
    const admin = await one<{ product_admin: boolean; n: number }>(
      sql`select product_admin, (select count(*)::int from memberships where user_id = users.id) as n from users where login_id = 'admin'`,
    );
    expect(admin).toEqual({ product_admin: true, n: 0 });
    // The whole demo is seeded here: on a busy machine that takes longer than a test's usual 30 s.
  }, 180_000);

  it('gives the demo organisation 150 users of every kind', async () => {
    const counts = await one<Record<string, number>>(sql`
      select count(*)::int as users,
        count(*) filter (where u.status_id = 2)::int as blocked,
        count(*) filter (where m.admin)::int as admins,
        count(*) filter (where u.sso)::int as sso,
        count(*) filter (where m.org_blocked)::int as org_blocked,
        (select count(*)::int from advanced_rights) as rights
      from memberships m join users u on u.id = m.user_id
      join organisations o on o.id = m.organisation_id where o.name = 'Demo Organisation'`);
    expect(counts.users).toBeGreaterThanOrEqual(150);
    for (const k of ['blocked', 'admins', 'sso', 'org_blocked']) expect(counts[k]).toBeGreaterThanOrEqual(2);
    expect(counts.rights).toBeGreaterThanOrEqual(5);
    const harbour = await one<{ n: number }>(
      sql`select count(*)::int as n from memberships m join organisations o on o.id = m.organisation_id where o.name = 'Harbour Council'`,
    );
    expect(harbour.n).toBe(1);
  });

  it('gives the demo organisation about 40 meters with three years of figures', async () => {
    const counts = await one<Record<string, number>>(sql`
      select (select count(*)::int from meters) as meters,
        (select count(distinct month)::int from monthly_facts) as months,
        (select count(*)::int from invoices where invoice_number like 'EL1-%') as first_meter_invoices,
        (select count(distinct meter_id)::int from half_hour_days) as smart_meters,
        (select min(read_date)::text from half_hour_days) as first_half_hour,
        (select count(*)::int from fuel_purchases) as fuel_purchases,
        (select count(*)::int from consumption_records c
          where not exists (select 1 from vehicles v where v.distance_meter_id = c.meter_id)) as records`);
    expect(counts.meters).toBeGreaterThanOrEqual(35);
    // Thirty-six complete months, and the current one so far (fuel and half-hour data run to yesterday).
    expect(counts.months).toBe(37);
    expect(counts.first_meter_invoices).toBe(36);
    expect(counts.smart_meters).toBe(3);
    expect(counts.first_half_hour).toBe('2025-10-01');
    expect(counts.fuel_purchases).toBeGreaterThan(500);
    // The submeter read by hand, and the portals' data sources (demo-portals.ts): two monthly ones with twelve
    // months each, and a year of diesel.
    expect(counts.records).toBe(36 + 12 + 12 + 1);
    // October 2026 for the Head Office main supply: 42,000 kWh x (1 + 0.18 cos(2 pi x 3 / 12)) x 0.95^(35/12).
    const october = await one<{ q: number; cost: string }>(sql`
      select f.quantity_std as q, f.cost from monthly_facts f join meters m on m.id = f.meter_id
      where m.local_name = 'Head Office Main supply' and f.month = '2026-10-01'`);
    const expected = Math.round(42_000 * (1 + 0.18 * Math.cos(Math.PI / 2)) * 0.95 ** (35 / 12) * 10) / 10;
    expect(october.q).toBeCloseTo(expected, 6);
    expect(Number(october.cost)).toBeCloseTo(Math.round((expected * 0.2 + 31 * 1.65) * 100) / 100, 2);
  });

  it('is deterministic', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoOnce(other.db, { adminPassword: 'Admin-pass-123', today: '2026-11-21' });
      const names = (db: TestDatabase) =>
        db.db.execute(sql`select login_id, first_name, surname from users order by id`);
      expect((await names(other)).rows).toEqual((await names(database)).rows);
    } finally {
      await other.close();
    }
  });
});

describe('ADMIN_PASSWORD without the demo', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase();
  });
  afterAll(() => empty.close());

  it('makes the product administrator on the first start, then only changes its password', async () => {
    const admin = async () =>
      (
        await empty.db.execute<{ n: number; product_admin: boolean; password_hash: string }>(
          sql`select count(*) over ()::int as n, product_admin, password_hash from users where login_id = 'admin'`,
        )
      ).rows;
    expect(await admin()).toEqual([]);
    await setAdminPassword(empty.db, 'First-pass-123');
    const [made] = await admin();
    expect(made).toMatchObject({ n: 1, product_admin: true });
    expect(await verifyPassword(made?.password_hash ?? '', 'First-pass-123')).toBe(true);
    await setAdminPassword(empty.db, 'Second-pass-456');
    const [changed] = await admin();
    expect(changed?.n).toBe(1);
    expect(await verifyPassword(changed?.password_hash ?? '', 'Second-pass-456')).toBe(true);
  });
});

describe('neither the demo nor ADMIN_PASSWORD', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase();
  });
  afterAll(() => empty.close());

  it('makes the product administrator once, with a generated password to show', async () => {
    const made = await ensureProductAdmin(empty.db);
    expect(made?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const rows = (
      await empty.db.execute<{ product_admin: boolean; password_hash: string }>(
        sql`select product_admin, password_hash from users where login_id = 'admin'`,
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.product_admin).toBe(true);
    expect(await verifyPassword(rows[0]?.password_hash ?? '', made?.password ?? '')).toBe(true);
    // The next start finds it and shows nothing; so does an installation with another product administrator.
    expect(await ensureProductAdmin(empty.db)).toBeNull();
    await empty.db.execute(sql`update users set login_id = 'root' where login_id = 'admin'`);
    expect(await ensureProductAdmin(empty.db)).toBeNull();
  });
});
