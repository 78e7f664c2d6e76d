import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser, notOwnedTables, ownedTables, unpinnedTables } from './shard-readiness';
import { createTestDatabase } from './test-database';

/** Tables with an organisation_id that only SQL knows (no drizzle schema), each a reference table or bookkeeping. */
const SQL_ONLY = [
  'answer_version_bumps', // a transaction's requests to move its organisations' answer versions, never committed
  'answer_versions', // one row per organisation, read with every cached answer: a reference table
  'asset_organisations', // the directory of assets (migration 0062): a reference table
];

describe('which statements one organisation’s shard can answer', () => {
  let owned: Map<string, string>;
  beforeAll(async () => {
    await loadParser();
    owned = ownedTables();
  });
  const unpinned = (sql: string) => unpinnedTables(sql, owned);

  it('knows the organisation-owned tables from the schema, and leaves people and the catalogue out', () => {
    expect(owned.get('meters')).toBe('organisation_id');
    expect(owned.has('organisations')).toBe(false);
    expect(owned.has('memberships')).toBe(false);
    expect(owned.has('users')).toBe(false);
    expect(owned.has('sessions')).toBe(false);
  });

  it('knows every table of the database that has an organisation_id', async () => {
    const database = await createTestDatabase();
    try {
      const rows = await database.db.execute<{ t: string }>(sql`
        select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace and not c.relispartition
          and a.attname = 'organisation_id' and not a.attisdropped
        order by 1`);
      const known = new Set([...owned.keys(), ...notOwnedTables(), ...SQL_ONLY]);
      expect(rows.rows.map((r) => r.t).filter((t) => !known.has(t))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('accepts an equality on organisation_id, qualified or not, a parameter or a constant', () => {
    expect(unpinned('select id from meters where organisation_id = $1 and id = $2')).toEqual([]);
    expect(unpinned('select m.id from meters m where m.organisation_id = 7')).toEqual([]);
    expect(unpinned('select "meters"."id" from "meters" where "meters"."organisation_id" = $1::int')).toEqual(
      [],
    );
    expect(unpinned('insert into sites (organisation_id, name) values ($1, $2)')).toEqual([]);
  });

  it('follows co-located joins and CTEs', () => {
    expect(
      unpinned(`with x as (select id from meters m where m.organisation_id = $1)
        select s.id from sites s join x on x.id = s.id where s.organisation_id = $1`),
    ).toEqual([]);
    expect(
      unpinned(`select i.id from invoices i join invoice_meters im
        on im.organisation_id = i.organisation_id and im.invoice_id = i.id where i.organisation_id = $1`),
    ).toEqual([]);
  });

  it('names the tables a statement reads by id alone, by several organisations, or by none', () => {
    expect(unpinned('select * from meters where id = $1')).toEqual(['meters']);
    expect(unpinned('select * from sites where organisation_id = any($1)')).toEqual(['sites']);
    expect(
      unpinned('select s.id from sites s join meters m on m.site_id = s.id where s.organisation_id = $1'),
    ).toEqual(['meters']);
    expect(unpinned('update meters set name = $1 where id = $2')).toEqual(['meters']);
  });
});
