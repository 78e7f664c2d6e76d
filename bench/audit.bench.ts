import os from 'node:os';
import path from 'node:path';
import { connect } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { audit, diff, systemJob } from '../apps/api/src/lib/audit';
import type { BenchContext } from './context';
import { compare } from './measure';

const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 300);

/**
 * What the audit row costs a write (target: under 10% added at p50). Each write runs alternately
 * as the product runs it and as the same write minus the audit insert: this bench's pool answers the
 * `insert into "audit_events"` statement itself, without sending it, when told to. The product's code has
 * no switch; nothing else about the write changes (the diff is still computed in memory).
 */
export async function auditBench(ctx: BenchContext) {
  console.log('\n## The audit row on a write');
  const database = connect(await ctx.freshDatabase('bench_audit'), 10);
  let skipAudit = false;
  database.pool.on('connect', (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      if (skipAudit && text?.startsWith('insert into "audit_events"')) {
        return Promise.resolve({ command: 'INSERT', rowCount: 1, rows: [], fields: [] });
      }
      return query(...args);
    };
  });
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const org = await generateScaleOrganisation(database.db, { meters: 200, hhMeters: 0, months: 36, today });
  await recomputeFacts(database.db, org.meterIds, today);
  // A log that has been in use: 200,000 earlier rows in this organisation, so the indexes are not empty.
  await database.db.execute(sql`
    insert into audit_events (organisation_id, actor_user_id, actor_name, action, asset_type, asset_id, asset_name, changes)
    select ${org.organisationId}, 1, 'Earlier Person', 'update', 'site', g % 100, 'Site ' || (g % 100),
      jsonb_build_object('description', jsonb_build_object('before', 'old ' || g, 'after', 'new ' || g))
    from generate_series(1, 200000) g`);
  await database.db.execute(sql`analyze audit_events`);

  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.audit',
    accessId: 2,
    admin: true,
  });
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username: admin.loginId, password: 'Verdant-test-1' },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const [site] = (
    await database.db.execute<{ id: number }>(
      sql`select id from sites where organisation_id = ${org.organisationId} order by id limit 1`,
    )
  ).rows;
  const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`);

  // The inline field save: one field of the site page, through the API (rights, transaction, answer).
  const fieldSave = (i: number) => async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/sites/${site?.id}`,
      headers,
      payload: { description: `Described ${i}` },
    });
    if (res.statusCode !== 200) throw new Error(`site save answered ${res.statusCode}: ${res.body}`);
  };
  const field = await compare(
    'inline field save: PUT /api/sites/{id} (description), through the API',
    RUNS,
    { label: 'without the audit row', op: (i) => withoutAudit(fieldSave(i)) },
    { label: 'with the audit row', op: (i) => fieldSave(i)() },
  );

  // The invoice save: an invoice's consumption changed and its meter's facts recomputed, one transaction,
  // with the audit row the invoice's change makes (its before and after, computed in memory).
  const meterId = org.invoiced[Math.floor(org.invoiced.length / 2)] ?? 0;
  const invoiceSave = (i: number) => () =>
    database.db.transaction(async (tx) => {
      const delta = i % 2 ? 1 : -1;
      const [row] = (
        await tx.execute<{ invoice_id: number; consumption: string }>(sql`
          update invoice_meters set consumption = consumption + ${delta}
          where meter_id = ${meterId} and invoice_id = (select im.invoice_id from invoice_meters im
            join invoices i on i.id = im.invoice_id where im.meter_id = ${meterId} order by i.date_from desc limit 1)
          returning invoice_id, consumption`)
      ).rows;
      await recomputeFacts(tx, [meterId], today);
      const after = Number(row?.consumption);
      await audit(tx, systemJob('bench'), {
        organisationId: org.organisationId,
        action: 'update',
        asset: { type: 'invoice', id: row?.invoice_id ?? null, name: `Invoice ${row?.invoice_id}` },
        changes: diff({ consumption: after - delta }, { consumption: after }),
      });
    });
  const invoice = await compare(
    'invoice save: consumption changed + meter recomputed, one transaction',
    RUNS,
    { label: 'without the audit row', op: (i) => withoutAudit(invoiceSave(i)) },
    { label: 'with the audit row', op: (i) => invoiceSave(i)() },
  );

  const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`);
  console.log(
    `audit rows written: ${(after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0)} (expected ${RUNS * 2}: one per write with the row)`,
  );
  const pct = (m: typeof field) => ((m.b.p50Ms - m.a.p50Ms) / m.a.p50Ms) * 100;
  console.log(
    `added at p50: inline field save ${pct(field).toFixed(1)}%, invoice save ${pct(invoice).toFixed(1)}% (target under 10%)`,
  );
  await app.close();
  await database.close();

  async function withoutAudit(op: () => Promise<unknown>) {
    skipAudit = true;
    try {
      await op();
    } finally {
      skipAudit = false;
    }
  }
}
