import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from './migrate';
import { databaseBefore } from './testing/migration-database';

/*
 * Migration 0021 stores the link between a replaced meter and its replacement. A database is migrated up to
 * the migration before it, given a replacement made then (old meter closed, new one opened, the 'replace'
 * audit event naming the new meter) and a meter never replaced, migrated, and read: the new meter replaces
 * the old one, nothing else is linked.
 */
let database: Awaited<ReturnType<typeof databaseBefore>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await databaseBefore('0021_');
  const one = async (text: string) =>
    (await database.db.execute<{ id: number }>(sql.raw(text))).rows[0]?.id ?? 0;
  const org = await one(`insert into organisations (name) values ('Old Org') returning id`);
  const site = await one(`insert into sites (organisation_id, name) values (${org}, 'Site') returning id`);
  const meter = (localName: string, open: string, close: string | null) =>
    one(`insert into meters (organisation_id, site_id, local_name, meter_open, meter_close)
      values (${org}, ${site}, '${localName}', '${open}', ${close ? `'${close}'` : 'null'}) returning id`);
  ids.old = await meter('Supply', '2020-01-01', '2026-10-31');
  ids.fresh = await meter('Supply', '2026-11-01', null);
  ids.other = await meter('Lighting', '2020-01-01', null);
  await one(`insert into audit_events (organisation_id, action, asset_type, asset_id, asset_name, changes)
    values (${org}, 'replace', 'meter', ${ids.old}, 'Supply',
      '{"meterClose":{"before":null,"after":"2026-10-31"},"replacement":{"before":null,"after":${ids.fresh}}}')
    returning id`);
  await runMigrations(database.pool);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('migration 0021 links replacements made before it', () => {
  it('recovers the link from the replace audit event, and links nothing else', async () => {
    const rows = await database.db.execute<{ id: number; replaces_meter_id: number | null }>(
      sql`select id, replaces_meter_id from meters order by id`,
    );
    expect(rows.rows).toEqual([
      { id: ids.old, replaces_meter_id: null },
      { id: ids.fresh, replaces_meter_id: ids.old },
      { id: ids.other, replaces_meter_id: null },
    ]);
  });
});
