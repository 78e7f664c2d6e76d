import type { DbOrTx } from '@verdant/db/client';
import { emailTemplates } from '@verdant/db/schema/email-intake';
import type { TemplatePatterns } from '@verdant/domain/email-processing/template-read';
import { sql } from 'drizzle-orm';

export type VersionRow = {
  id: number;
  version: number;
  senders: string[];
  patterns: TemplatePatterns;
  createdAt: string;
};

export async function retailerOf(db: DbOrTx, id: number) {
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select id, name from retailers where id = ${id}`,
  );
  return rows.rows[0];
}

export async function allRetailers(db: DbOrTx) {
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select id, name from retailers order by name`,
  );
  return rows.rows;
}

/** Retailers with a template: the newest version and how many of their items are parked. */
export async function templateSummaries(db: DbOrTx) {
  const rows = await db.execute<{
    retailerId: number;
    retailerName: string;
    latest: number | null;
    parked: number;
  }>(sql`
    select r.id as "retailerId", r.name as "retailerName", max(t.version) as latest,
      (select count(*)::int from email_items i where i.retailer_id = r.id and i.state = 'parked') as parked
    from retailers r join email_templates t on t.retailer_id = r.id
    group by r.id, r.name order by r.name`);
  return rows.rows;
}

export async function versionsOf(db: DbOrTx, retailerId: number): Promise<VersionRow[]> {
  const rows = await db.execute<VersionRow>(sql`
    select id, version, senders, patterns,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
    from email_templates where retailer_id = ${retailerId} order by version desc`);
  return rows.rows;
}

export async function insertVersion(
  db: DbOrTx,
  values: { retailerId: number; senders: string[]; patterns: TemplatePatterns; createdBy: number },
) {
  // One publisher at a time per retailer: the lock makes the next version number certain.
  await db.execute(sql`select pg_advisory_xact_lock(74290, ${values.retailerId})`);
  const next = await db.execute<{ v: number }>(sql`
    select coalesce(max(version), 0) + 1 as v from email_templates where retailer_id = ${values.retailerId}`);
  const version = next.rows[0]?.v ?? 1;
  const [row] = await db
    .insert(emailTemplates)
    .values({ ...values, version })
    .returning({
      id: emailTemplates.id,
      version: emailTemplates.version,
      createdAt: emailTemplates.createdAt,
    });
  if (!row) throw new Error('template not inserted');
  return row;
}
