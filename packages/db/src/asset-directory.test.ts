import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createMeter, createSite } from './asset-factories';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/**
 * The directory of assets (migration 0062_asset_organisations; docs/scaling.md, Shard readiness): which
 * organisation each asset a call names by id alone belongs to, kept by triggers on the assets' own writes.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const entry = async (kind: string, id: number) => {
  const r = await database.db.execute<{ organisation_id: number }>(
    sql`select organisation_id from asset_organisations where kind = ${kind} and id = ${id}`,
  );
  return r.rows.map((x) => Number(x.organisation_id));
};

describe('the directory of assets', () => {
  it('lists each asset under its organisation from its insert to its delete, and follows a move', async () => {
    const db = database.db;
    const ids = await db.execute<{ a: number; b: number }>(sql`
      with a as (insert into organisations (name) values ('Directory A') returning id),
        b as (insert into organisations (name) values ('Directory B') returning id)
      select (select id from a) as a, (select id from b) as b`);
    const { a, b } = ids.rows[0] ?? { a: 0, b: 0 };
    const site = await createSite(db, a);
    const meter = await createMeter(db, site);
    const group = await createGroup(db, a, 'meter', 'Tenants', [meter.id]);
    expect(await entry('site', site.id)).toEqual([a]);
    expect(await entry('meter', meter.id)).toEqual([a]);
    expect(await entry('meter-group', group.id)).toEqual([a]);
    expect(await entry('site-group', group.id)).toEqual([]);

    // A soft delete keeps the row (the rights engine refuses a deleted asset itself); a purge removes it.
    await db.execute(sql`update meters set deleted_at = now() where id = ${meter.id}`);
    expect(await entry('meter', meter.id)).toEqual([a]);
    await db.execute(sql`delete from asset_group_members where group_id = ${group.id}`);
    await db.execute(sql`delete from meters where id = ${meter.id}`);
    expect(await entry('meter', meter.id)).toEqual([]);

    await db.execute(sql`update asset_groups set member_type = 'site' where id = ${group.id}`);
    expect(await entry('meter-group', group.id)).toEqual([]);
    expect(await entry('site-group', group.id)).toEqual([a]);
    await db.execute(sql`delete from asset_groups where id = ${group.id}`);
    expect(await entry('site-group', group.id)).toEqual([]);

    await db.execute(sql`update sites set organisation_id = ${b} where id = ${site.id}`);
    expect(await entry('site', site.id)).toEqual([b]);

    // Files too (migration 0064): a signed direct link names one by id alone.
    const file = await db.execute<{ id: number }>(sql`insert into files
      (organisation_id, owner_type, owner_id, filename, content_type, size_bytes, storage_key)
      values (${b}, 'site', ${site.id}, 'plan.pdf', 'application/pdf', 1, 'k') returning id`);
    const fileId = file.rows[0]?.id ?? 0;
    expect(await entry('file', fileId)).toEqual([b]);
    await db.execute(sql`delete from files where id = ${fileId}`);
    expect(await entry('file', fileId)).toEqual([]);
  });
});
