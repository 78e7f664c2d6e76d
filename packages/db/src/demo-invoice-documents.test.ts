import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOnce } from './seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
const stored = new Map<string, Buffer>();
beforeAll(async () => {
  database = await createTestDatabase();
  const storage = { put: async (key: string, data: Buffer) => void stored.set(key, data) };
  await seedDemoOnce(database.db, { adminPassword: 'Admin-pass-123', today: '2026-11-21', storage });
}, 240_000);
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('demo invoice documents', () => {
  it('has a replacement of two invoices, a reversal and a decommissioned meter', async () => {
    const kinds = await rows<{ kind: string; reversed: number }>(sql`
      select i.kind, (select count(*)::int from invoice_reversals r where r.reversal_id = i.id) as reversed
      from invoices i where i.kind <> 'normal' order by i.kind`);
    expect(kinds).toEqual([
      { kind: 'decommission', reversed: 1 },
      { kind: 'replacement', reversed: 2 },
      { kind: 'reversal', reversed: 1 },
    ]);
    const [outfall] = await rows<{ meter_close: string | null }>(sql`
      select meter_close::text from meters where local_name = 'Water Treatment Plant Outfall pumps'`);
    expect(outfall?.meter_close).toBe('2026-10-31');
  });

  it('gives two invoices an original PDF drawn by the product, stored through the storage', async () => {
    const pdfs = await rows<{ storage_key: string }>(sql`
      select f.storage_key from invoices i join files f on f.id = i.original_file_id
      where f.storage_key like 'files/demo-invoice-%'`);
    expect(pdfs).toHaveLength(2);
    for (const p of pdfs) expect(stored.get(p.storage_key)?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps a Data Library: the latest six bills of ten data sources, each its invoice's original PDF", async () => {
    const [library] = await rows<{ pdfs: number; csvs: number; meters: number; retailers: number }>(sql`
      select count(*) filter (where f.content_type = 'application/pdf')::int as pdfs,
        count(*) filter (where f.content_type = 'text/csv')::int as csvs,
        count(distinct im.meter_id)::int as meters, count(distinct i.retailer_id)::int as retailers
      from files f join invoices i on i.id = f.owner_id and f.owner_type = 'invoice'
      join invoice_meters im on im.invoice_id = i.id
      where f.storage_key like 'files/demo-library-%'`);
    expect(library).toMatchObject({ pdfs: 60, meters: 10 });
    expect(library?.csvs).toBeGreaterThan(0);
    expect(library?.retailers).toBeGreaterThan(1);
    const [originals] = await rows<{ n: number }>(sql`
      select count(*)::int as n from invoices i join files f on f.id = i.original_file_id
      where f.storage_key like 'files/demo-library-%'`);
    expect(originals?.n).toBe(60);
    for (const [key, bytes] of stored)
      if (key.startsWith('files/demo-library-') && key.endsWith('-original'))
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
