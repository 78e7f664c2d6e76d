import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from './migrate';
import { databaseBefore } from './testing/migration-database';

/*
 * Migration 0037 puts every person's email and login id in one key (docs/decisions/security.md, "One namespace
 * of sign-in identifiers"). An installation may already hold a login id that is another person's email: the
 * email wins, the login id stays on its row but signs nobody in, and the migration does not fail.
 */
let database: Awaited<ReturnType<typeof databaseBefore>>;

beforeAll(async () => {
  database = await databaseBefore('0037_');
  await database.db.execute(sql`insert into users (email, login_id, first_name, surname) values
    ('ann@old.test', 'ann', 'Ann', 'Old'),
    ('bob@old.test', 'ANN@old.test', 'Bob', 'Old'),
    ('cat@old.test', 'cat@old.test', 'Cat', 'Old')`);
  await runMigrations(database.pool);
});
afterAll(() => database?.drop());

describe('migration 0037', () => {
  it('gives every identifier one person, the email first', async () => {
    const rows = await database.db.execute<{ identifier: string; email: string }>(
      sql`select s.identifier, u.email from sign_in_identifiers s join users u on u.id = s.user_id order by 1`,
    );
    expect(rows.rows).toEqual([
      { identifier: 'ann', email: 'ann@old.test' },
      { identifier: 'ann@old.test', email: 'ann@old.test' },
      { identifier: 'bob@old.test', email: 'bob@old.test' },
      { identifier: 'cat@old.test', email: 'cat@old.test' },
    ]);
  });

  it('keeps the key from then on', async () => {
    await expect(
      database.db.execute(
        sql`insert into users (email, login_id, first_name, surname) values ('dan@old.test', 'Cat@old.test', 'D', 'O')`,
      ),
    ).rejects.toThrow();
    await database.db.execute(sql`update users set email = 'ann@new.test' where login_id = 'ann'`);
    const ann = await database.db.execute<{ identifier: string }>(
      sql`select identifier from sign_in_identifiers s join users u on u.id = s.user_id where u.login_id = 'ann' order by 1`,
    );
    expect(ann.rows.map((r) => r.identifier)).toEqual(['ann', 'ann@new.test']);
  });
});
