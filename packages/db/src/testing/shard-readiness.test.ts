import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser, ownedTables, unpinnedTables } from './shard-readiness';

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
