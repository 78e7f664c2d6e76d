import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { connect, type Database } from '@verdant/db/client';
import { createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { meters } from '@verdant/db/schema/assets';
import { organisations } from '@verdant/db/schema/core';
import { invoiceMeters, invoices } from '@verdant/db/schema/inputs';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshInvoiceRuns } from './admin-reports.queries';

/*
 * The invoice runs kept for the Invoice Entry Report (docs/decisions/performance.md, The invoice entry report reads
 * kept runs): after every kind of write and a refresh, each meter's runs are its invoices' periods merged, as
 * range_agg over the invoices themselves gives them (the oracle). Meter A: 1-31 January, 1-28 February (adjacent),
 * 15 February-10 March (overlapping), 1-30 April: runs 1 January-10 March and 1-30 April. Meter B shares the April
 * invoice (one invoice, two meters): run 1-30 April.
 */
let database: TestDatabase;
let other: Database;
let org: { id: number };
let site: { id: number; organisationId: number };
const m: Record<string, { id: number; organisationId: number; unitId: number }> = {};
const inv: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  other = connect(database.url, 2);
  const db = database.db;
  org = await createOrganisation(db, { name: 'Runs Org' });
  const power = await createDataType(db, { name: 'Electricity runs' });
  site = await createSite(db, org.id);
  for (const name of ['a', 'b', 'c']) {
    const meter = await createMeter(db, site, { energyId: power.id, unitId: power.stdUnitId });
    m[name] = { id: meter.id, organisationId: org.id, unitId: power.stdUnitId };
  }
  const a = m.a as (typeof m)['a'] & {};
  const b = m.b as (typeof m)['b'] & {};
  const bill = (from: string, till: string) => ({ from, till, consumption: 100, cost: 20 });
  inv.jan = (await createInvoice(db, a, bill('2026-01-01', '2026-01-31'))).id;
  inv.feb = (await createInvoice(db, a, bill('2026-02-01', '2026-02-28'))).id;
  inv.mid = (await createInvoice(db, a, bill('2026-02-15', '2026-03-10'))).id;
  inv.apr = (
    await createInvoice(db, a, {
      ...bill('2026-04-01', '2026-04-30'),
      otherMeters: [{ meter: b, consumption: 5 }],
    })
  ).id;
});
afterAll(async () => {
  await other.close();
  await database.close();
});

type Run = { meter_id: number; date_from: string; date_till: string };
const kept = async () =>
  (
    await database.db.execute<Run>(sql`
      select meter_id, date_from::text, date_till::text from meter_invoice_runs
      where organisation_id = ${org.id} order by meter_id, date_from`)
  ).rows;
/** Every invoice's period merged per meter, straight from the invoices. */
const oracle = async () =>
  (
    await database.db.execute<Run>(sql`
      select meter_id, lower(r)::text as date_from, (upper(r) - 1)::text as date_till from (
        select im.meter_id, unnest(range_agg(daterange(i.date_from, i.date_till, '[]'))) as r
        from invoice_meters im join invoices i on i.organisation_id = im.organisation_id and i.id = im.invoice_id
        join meters m on m.organisation_id = im.organisation_id and m.id = im.meter_id
        where im.organisation_id = ${org.id} group by im.meter_id) x
      order by meter_id, date_from`)
  ).rows;
const noted = async () =>
  (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from meter_invoice_runs_due where organisation_id = ${org.id}`,
    )
  ).rows[0]?.n;
const refreshed = async () => {
  await refreshInvoiceRuns(database.db, org.id);
  expect(await noted()).toBe(0);
  const runs = await kept();
  expect(runs).toEqual(await oracle());
  return runs;
};
const id = (name: string) => m[name]?.id ?? 0;

describe('the invoice runs kept for the Invoice Entry Report', () => {
  it('merge each meter’s overlapping and adjacent invoices, an invoice of two meters in both', async () => {
    expect(await noted()).toBeGreaterThan(0);
    expect(await refreshed()).toEqual([
      { meter_id: id('a'), date_from: '2026-01-01', date_till: '2026-03-10' },
      { meter_id: id('a'), date_from: '2026-04-01', date_till: '2026-04-30' },
      { meter_id: id('b'), date_from: '2026-04-01', date_till: '2026-04-30' },
    ]);
  });

  it('follow a period changed, a row moved to another meter and an invoice deleted', async () => {
    const db = database.db;
    // February now ends on the 10th: 11-14 February is a gap.
    await db
      .update(invoices)
      .set({ dateTill: '2026-02-10' })
      .where(eq(invoices.id, inv.feb ?? 0));
    expect(await refreshed()).toContainEqual({
      meter_id: id('a'),
      date_from: '2026-01-01',
      date_till: '2026-02-10',
    });
    // The April invoice's B row moves to C.
    await db
      .update(invoiceMeters)
      .set({ meterId: id('c') })
      .where(and(eq(invoiceMeters.invoiceId, inv.apr ?? 0), eq(invoiceMeters.meterId, id('b'))));
    const moved = await refreshed();
    expect(moved.some((r) => r.meter_id === id('b'))).toBe(false);
    expect(moved).toContainEqual({ meter_id: id('c'), date_from: '2026-04-01', date_till: '2026-04-30' });
    // Without 15 February-10 March: 1 January-10 February and April.
    await db.delete(invoices).where(eq(invoices.id, inv.mid ?? 0));
    expect((await refreshed()).filter((r) => r.meter_id === id('a'))).toEqual([
      { meter_id: id('a'), date_from: '2026-01-01', date_till: '2026-02-10' },
      { meter_id: id('a'), date_from: '2026-04-01', date_till: '2026-04-30' },
    ]);
  });

  it('note nothing for a save that keeps the periods and meters (its consumption, its notes)', async () => {
    const db = database.db;
    await db
      .insert(invoiceMeters)
      .values({ organisationId: org.id, invoiceId: inv.jan ?? 0, meterId: id('a'), unitId: m.a?.unitId ?? 0 })
      .onConflictDoUpdate({
        target: [invoiceMeters.invoiceId, invoiceMeters.meterId],
        set: { consumption: '250' },
      });
    await db
      .update(invoices)
      .set({ invoiceNumber: 'INV-1' })
      .where(eq(invoices.id, inv.jan ?? 0));
    expect(await noted()).toBe(0);
  });

  it('keep a note committed while a refresh runs for the next refresh', async () => {
    // Another connection adds a March invoice to A and commits only after the refresh read its notes.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const inserted = new Promise<void>((resolve) => {
      written = resolve;
    });
    const a = m.a as (typeof m)['a'] & {};
    const writer = other.db.transaction(async (tx) => {
      await createInvoice(tx, a, { from: '2026-03-01', till: '2026-03-31', consumption: 1, cost: 1 });
      written();
      await gate;
    });
    await inserted;
    await refreshInvoiceRuns(database.db, org.id);
    release();
    await writer;
    expect(await noted()).toBeGreaterThan(0);
    expect(await refreshed()).toContainEqual({
      meter_id: id('a'),
      date_from: '2026-03-01',
      date_till: '2026-04-30',
    });
  });

  it('drop a deleted meter’s runs, and let an organisation be deleted', async () => {
    const db = database.db;
    await db.delete(meters).where(eq(meters.id, id('c')));
    expect((await refreshed()).some((r) => r.meter_id === id('c'))).toBe(false);
    await db.delete(organisations).where(eq(organisations.id, org.id));
    await refreshInvoiceRuns(db, org.id);
    expect(await kept()).toEqual([]);
  });
});
