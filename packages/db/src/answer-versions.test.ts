import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/**
 * Answer versions (docs/decisions/performance.md, Answer cache): a write that can change an answer an API process
 * keeps moves its organisation's version (or the catalogue's, organisation 0) when it commits, and only then.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/**
 * Tables whose writes move no kept answer (migration 0061_answer_versions, where the list is explained; the directory
 * of assets, 0062_asset_organisations, is written only with its assets' own rows; an invoice's own rows,
 * 0063_answer_versions_invoices, reach an answer only through the facts and alerts written with them, and so do
 * the runs kept from them and their notes, 0067_meter_invoice_runs, which only the Invoice Entry Report reads).
 */
const EXEMPT = [
  'answer_version_bumps',
  'answer_versions',
  'asset_organisations',
  'audit_events',
  'background_jobs',
  'half_hour_days',
  'invoice_line_items',
  'invoice_meters',
  'invoices',
  'job_workers',
  'login_attempts',
  'login_tokens',
  'meter_invoice_runs',
  'meter_invoice_runs_due',
  'notification_removals',
  'notifications',
  'password_resets',
  'sessions',
  'sign_in_identifiers',
  'user_settings',
];

const versions = async () => {
  const r = await database.db.execute<{ organisation_id: number; version: string }>(
    sql`select organisation_id, version from answer_versions order by 1`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.organisation_id, Number(x.version)]));
};

describe('answer versions', () => {
  it('are moved by a write to every table but the exempt ones', async () => {
    const r = await database.db.execute<{ t: string }>(sql`
      select c.relname as t from pg_class c
      where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace and not c.relispartition
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname like '%\_answers%')
      order by 1`);
    expect(r.rows.map((x) => x.t)).toEqual(EXEMPT);
  });

  it('move at commit, once per transaction and organisation, and not for a write rolled back', async () => {
    const db = database.db;
    const ids = await db.execute<{ a: number; b: number }>(sql`
      with a as (insert into organisations (name) values ('Versions A') returning id),
        b as (insert into organisations (name) values ('Versions B') returning id)
      select (select id from a) as a, (select id from b) as b`);
    const { a, b } = ids.rows[0] ?? { a: 0, b: 0 };
    const before = await versions();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into sites (organisation_id, name) values (${a}, 'One'), (${a}, 'Two')`);
      await tx.execute(sql`update sites set name = name || '.' where organisation_id = ${a}`);
      // Not yet visible to anyone else.
      expect((await versions())[a]).toBe(before[a]);
    });
    const after = await versions();
    expect(after[a]).toBe((before[a] ?? 0) + 1);
    expect(after[b]).toBe(before[b]);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into sites (organisation_id, name) values (${b}, 'Gone')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await versions())[b]).toBe(after[b]);
  });

  it('move the catalogue (organisation 0) for a row shared by every organisation', async () => {
    const before = (await versions())[0] ?? 0;
    await database.db.execute(sql`insert into indicators (description, unit) values ('Versions', 'm2')`);
    expect((await versions())[0]).toBe(before + 1);
  });
});
